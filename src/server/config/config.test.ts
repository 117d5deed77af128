import { describe, expectTypeOf, it } from 'vitest';
import type { Config, LimitsConfig, MonitorConfig, ServerConfig } from './config.js';

// The Config type is computed from the variable table; these are the shapes its users were
// written against, so that a slip in an `at` path fails the type check here, not far away.
interface ExpectedServer {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  idleTimeoutMs: number;
  maxConnections: number;
  shutdownTimeoutMs: number;
  slowRequestMs: number;
}

interface ExpectedLimits {
  rateLimit: boolean;
  globalPerMinute: number;
  authPerMinute: number;
  writePerMinute: number;
  globalAllowList: string[];
  signOnPendingPerClient: number;
  signOnPendingMax: number;
}

interface ExpectedMonitor {
  intervalSeconds: number;
  timeoutSeconds: number;
  dropAfterSeconds: number;
  uptimeKuma: { url: string; apiKey: string | undefined } | undefined;
  proxyUrl: string | undefined;
  probe: { enabled: boolean; authOk: boolean; concurrency: number };
  demo: boolean;
  historyDays: number;
  kumaStatusPage: string | undefined;
}

interface ExpectedConfig {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: { url: string | undefined; poolSize: number };
  catalogFile: string | undefined;
  defaultLanguage: 'en' | 'de' | 'fr' | 'es' | 'ar';
  demoCatalog: boolean;
  demoIdp: boolean;
  oidc: {
    issuer: string | undefined;
    clientId: string;
    clientSecret: string | undefined;
    groupsClaim: string;
    adminRole: string;
    clockToleranceSeconds: number;
    requireAtJwt: boolean;
  };
  portal: { title: string; subtitle: string; footer: string };
  monitor: ExpectedMonitor;
  logLevel: string;
  nodeEnv: string;
  trustProxy: boolean | number | string;
  trustedProxies: string[];
  limits: ExpectedLimits;
  access: { reminderDays: number; jobsIntervalMs: number };
  outbox: { sentRetentionDays: number; failedRetentionDays: number };
  notify: { confirmSeconds: number };
  server: ExpectedServer;
  metricsToken: string | undefined;
  mail: { smtpUrl: string; from: string | undefined } | undefined;
  accessWebhook: { url: string; secret: string | undefined } | undefined;
  keycloakAdmin:
    | { clientId: string; clientSecret: string | undefined; adminUrl: string | undefined }
    | undefined;
}

describe('the Config type', () => {
  it('falls out of the variable table with the shape its users expect', () => {
    expectTypeOf<Config>().toEqualTypeOf<ExpectedConfig>();
    expectTypeOf<MonitorConfig>().toEqualTypeOf<ExpectedMonitor>();
    expectTypeOf<LimitsConfig>().toEqualTypeOf<ExpectedLimits>();
    expectTypeOf<ServerConfig>().toEqualTypeOf<ExpectedServer>();
  });
});
