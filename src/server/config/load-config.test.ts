import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './load-config.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:8080',
      dataDir: './data',
      catalogFile: undefined,
      demoCatalog: true,
      oidc: {
        issuer: undefined,
        clientId: 'app-portal',
        clientSecret: undefined,
        groupsClaim: 'user_groups',
        adminRole: 'portal-admin',
        clockToleranceSeconds: 30,
        requireAtJwt: false,
      },
      portal: {
        title: 'App Portal',
        subtitle: 'MMGE App Portal',
        footer: '© 2023 Indiana University',
      },
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://portal.example.edu/',
      DATA_DIR: '/var/lib/portal',
      CATALOG_FILE: '/etc/portal/catalog.yaml',
      DEMO_CATALOG: 'false',
      OIDC_ISSUER: 'https://sso.example.edu/realms/app-portal',
      OIDC_CLIENT_ID: 'portal',
      OIDC_CLIENT_SECRET: 's3cret',
      OIDC_GROUPS_CLAIM: 'groups',
      OIDC_ADMIN_ROLE: 'admin',
      OIDC_CLOCK_TOLERANCE: '5',
      PORTAL_TITLE: 'Genomics Apps',
      PORTAL_SUBTITLE: 'Lab portal',
      PORTAL_FOOTER: '© 2026 Lab',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      publicUrl: 'https://portal.example.edu',
      dataDir: '/var/lib/portal',
      catalogFile: '/etc/portal/catalog.yaml',
      demoCatalog: false,
      oidc: {
        issuer: 'https://sso.example.edu/realms/app-portal',
        clientId: 'portal',
        clientSecret: 's3cret',
        groupsClaim: 'groups',
        adminRole: 'admin',
        clockToleranceSeconds: 5,
      },
      portal: { title: 'Genomics Apps', subtitle: 'Lab portal', footer: '© 2026 Lab' },
    });
  });

  it('keeps OIDC_ISSUER exactly as given: tokens and discovery must match it to the letter', () => {
    expect(loadConfig({ OIDC_ISSUER: 'https://tenant.example.com/' }).oidc.issuer).toBe(
      'https://tenant.example.com/',
    );
    expect(loadConfig({ OIDC_ISSUER: ' https://sso.example.edu/realms/x ' }).oidc.issuer).toBe(
      'https://sso.example.edu/realms/x',
    );
    expect(problemsOf({ OIDC_ISSUER: 'https://sso.example.edu/?realm=x' })).toEqual([
      'OIDC_ISSUER="https://sso.example.edu/?realm=x": must not have a query or fragment',
    ]);
  });

  it('derives PUBLIC_URL from PORT', () => {
    expect(loadConfig({ PORT: '9123' }).publicUrl).toBe('http://localhost:9123');
  });

  it('lists every bad variable in one error', () => {
    const problems = problemsOf({
      PORT: '80a',
      PUBLIC_URL: 'ftp://portal',
      DEMO_CATALOG: 'maybe',
      OIDC_ISSUER: 'not a url',
      OIDC_CLOCK_TOLERANCE: '-1',
    });
    expect(problems).toEqual([
      'PORT="80a": must be a whole number from 1 to 65535',
      'PUBLIC_URL="ftp://portal": must be an absolute http(s) URL',
      'DEMO_CATALOG="maybe": must be true or false',
      'OIDC_ISSUER="not a url": must be an absolute http(s) URL',
      'OIDC_CLOCK_TOLERANCE="-1": must be a whole number of seconds from 0 to 300',
    ]);
    expect(() => loadConfig({ PORT: '0' })).toThrow(/Invalid configuration:\n {2}- PORT="0"/);
  });

  it.each([['70000'], ['0'], ['http']])('refuses PORT=%s', (port) => {
    expect(problemsOf({ PORT: port })).toHaveLength(1);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', OIDC_ISSUER: '' })).toMatchObject({
      port: 8080,
      oidc: { issuer: undefined },
    });
  });
});

describe('secrets from files (NAME_FILE)', () => {
  const files: Record<string, string> = {
    '/run/secrets/client': 's3cret-from-file\n',
    '/run/secrets/kuma': 'kuma-key',
    '/run/secrets/empty': '',
  };
  const read = (path: string) => {
    const text = files[path];
    if (text === undefined) throw Object.assign(new Error('missing'), { code: 'ENOENT' });
    return text;
  };

  it('reads every secret variable from the file NAME_FILE names, without the final newline', () => {
    const config = loadConfig(
      {
        OIDC_CLIENT_SECRET_FILE: '/run/secrets/client',
        UPTIME_KUMA_URL: 'https://status.example.edu',
        UPTIME_KUMA_API_KEY_FILE: '/run/secrets/kuma',
        METRICS_TOKEN_FILE: '/run/secrets/kuma',
      },
      read,
    );
    expect(config.oidc.clientSecret).toBe('s3cret-from-file');
    expect(config.monitor.uptimeKuma?.apiKey).toBe('kuma-key');
    expect(config.metricsToken).toBe('kuma-key');
  });

  it('refuses both forms at once, unreadable and empty files, and never echoes a secret', () => {
    let problems: string[] = [];
    try {
      loadConfig(
        {
          OIDC_CLIENT_SECRET: 'inline',
          OIDC_CLIENT_SECRET_FILE: '/run/secrets/client',
          METRICS_TOKEN_FILE: '/run/secrets/nope',
          UPTIME_KUMA_API_KEY_FILE: '/run/secrets/empty',
        },
        read,
      );
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual([
      'OIDC_CLIENT_SECRET and OIDC_CLIENT_SECRET_FILE are both set: set only one',
      'UPTIME_KUMA_API_KEY_FILE="/run/secrets/empty": the file is empty',
      'METRICS_TOKEN_FILE="/run/secrets/nope": cannot be read (ENOENT)',
    ]);
    expect(problems.join('\n')).not.toContain('s3cret');
  });

  it('does not read NAME_FILE for variables that are not secrets', () => {
    expect(loadConfig({ PORT_FILE: '/run/secrets/client' }, read).port).toBe(8080);
  });
});

describe('access notification settings', () => {
  const issuer = 'https://sso.example.edu/realms/app-portal';

  it('are off by default', () => {
    const config = loadConfig({});
    expect(config.mail).toBeUndefined();
    expect(config.accessWebhook).toBeUndefined();
    expect(config.keycloakAdmin).toBeUndefined();
  });

  it('reads SMTP, the webhook and the service account', () => {
    const config = loadConfig({
      OIDC_ISSUER: issuer,
      SMTP_URL: 'smtps://portal:p%40ss@mail.example.edu:465',
      MAIL_FROM: 'App Portal <portal@example.edu>',
      ACCESS_WEBHOOK_URL: 'https://tickets.example.edu/hooks/portal',
      ACCESS_WEBHOOK_SECRET: 'a-long-shared-secret',
      KEYCLOAK_ADMIN_CLIENT_ID: 'app-portal-admin',
      KEYCLOAK_ADMIN_CLIENT_SECRET: 'kc-secret',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://portal:p%40ss@mail.example.edu:465',
      from: 'App Portal <portal@example.edu>',
    });
    expect(config.accessWebhook).toEqual({
      url: 'https://tickets.example.edu/hooks/portal',
      secret: 'a-long-shared-secret',
    });
    expect(config.keycloakAdmin).toEqual({
      clientId: 'app-portal-admin',
      clientSecret: 'kc-secret',
      adminUrl: undefined,
    });
  });

  it('names what is missing or wrong, never echoing a secret', () => {
    expect(problemsOf({ SMTP_URL: 'smtp://mail.example.edu' })).toEqual([
      'SMTP_URL is set but MAIL_FROM is not: set both',
    ]);
    const bad = problemsOf({
      SMTP_URL: 'http://user:hunter22@mail.example.edu',
      MAIL_FROM: 'portal@example.edu\nBcc: x@evil.test',
    });
    expect(bad).toHaveLength(2);
    expect(bad[0]).toMatch(/^SMTP_URL=\(secret\): must be smtp:/);
    expect(bad.join()).not.toContain('hunter22');
    expect(bad[1]).toMatch(/^MAIL_FROM=.*must be an address/);
    expect(problemsOf({ ACCESS_WEBHOOK_URL: 'https://t.example.edu/h' })).toEqual([
      'ACCESS_WEBHOOK_URL is set but ACCESS_WEBHOOK_SECRET is not: set both',
    ]);
    expect(
      problemsOf({ ACCESS_WEBHOOK_URL: 'https://t.example.edu/h', ACCESS_WEBHOOK_SECRET: 'short' }),
    ).toEqual(['ACCESS_WEBHOOK_SECRET=(secret): must be at least 16 characters']);
    expect(
      problemsOf({ KEYCLOAK_ADMIN_CLIENT_ID: 'x', KEYCLOAK_ADMIN_CLIENT_SECRET: 'y' }),
    ).toEqual(['KEYCLOAK_ADMIN_CLIENT_ID needs OIDC_ISSUER (the realm whose groups it writes)']);
    expect(problemsOf({ OIDC_ISSUER: issuer, KEYCLOAK_ADMIN_CLIENT_ID: 'x' })).toEqual([
      'KEYCLOAK_ADMIN_CLIENT_ID is set but KEYCLOAK_ADMIN_CLIENT_SECRET is not: set both',
    ]);
    expect(
      problemsOf({
        OIDC_ISSUER: 'https://login.example.com/tenant',
        KEYCLOAK_ADMIN_CLIENT_ID: 'x',
        KEYCLOAK_ADMIN_CLIENT_SECRET: 'y',
      }),
    ).toEqual([
      'KEYCLOAK_ADMIN_CLIENT_ID: OIDC_ISSUER is not of the form …/realms/<realm>: set KEYCLOAK_ADMIN_URL',
    ]);
  });
});
