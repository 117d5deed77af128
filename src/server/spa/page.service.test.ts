import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { jsonForScript, PAGE_STATE_ID, type PageState } from '../../shared/api/page-schemas.js';
import type * as PageSchemas from '../../shared/api/page-schemas.js';
import type { App, Me, PortalInfo } from '../../shared/api/schemas.js';
import { noticeToken } from '../../shared/status/dismissed-notices.js';
import type { Notices } from '../../shared/status/history-schemas.js';
import { shippedCatalogs } from '../i18n/catalogs.js';
import type { Principal } from '../auth/principal.js';
import { RenderElsewhereUnavailable, type RenderElsewhere } from './page-renderer.js';
import { createPageService } from './page.service.js';
import { parseTemplate } from './page-template.js';

// The service's choice of where a page renders (decision 0040). The render worker itself is
// tested in page-renderer.test.ts, and with the real bundle by the browser tests (e2e/).

// jsonForScript as it is, counted: how often the service writes a list of apps.
vi.mock('../../shared/api/page-schemas.js', async (importOriginal) => {
  const actual = await importOriginal<typeof PageSchemas>();
  return { ...actual, jsonForScript: vi.fn(actual.jsonForScript) };
});

const TEMPLATE = `<!doctype html><html lang="en"><head><title>App Portal</title></head>
<body><div id="root"></div></body></html>`;

const PORTAL: PortalInfo = { title: 'Lab Portal', subtitle: '', footer: '', signInAvailable: true };
const APPS = [{ id: 'galaxy', name: 'Galaxy' }] as unknown as App[];

function logger() {
  const warnings: string[] = [];
  const errors: string[] = [];
  const log = {
    warn: (_: unknown, message: string) => warnings.push(message),
    error: (_: unknown, message: string) => errors.push(message),
  } as unknown as FastifyBaseLogger;
  return { log, warnings, errors };
}

/**
 * A render worker whose answers the test gives; it counts the pages it was asked for, and keeps
 * the apps' JSON each came with.
 */
function worker(answer: (state: PageState) => Promise<string>) {
  const asked: PageState[] = [];
  const appsJsons: (string | undefined)[] = [];
  const elsewhere: RenderElsewhere = {
    render: (state, _messages, appsJson) => {
      asked.push(state);
      appsJsons.push(appsJson);
      return answer(state).then((markup) => Buffer.from(markup));
    },
    close: async () => {},
  };
  return { elsewhere, asked, appsJsons };
}

const NO_NOTICES: Notices = { notices: [], maintenance: [] };
const OUTAGE: Notices = {
  notices: [{ id: 'n1', kind: 'incident', severity: 'danger', title: 'Cluster down', text: '' }],
  maintenance: ['galaxy'],
} as Notices;

function service(
  renderElsewhere?: RenderElsewhere,
  notices: (viewer: Principal | null) => Promise<Notices> = async () => NO_NOTICES,
) {
  const { log, warnings, errors } = logger();
  let renderedHere = 0;
  const pages = createPageService({
    template: parseTemplate(TEMPLATE),
    render: () => {
      renderedHere += 1;
      return '<main>rendered here</main>';
    },
    renderElsewhere,
    visibleApps: async () => APPS,
    me: async () => ({ subject: 'alice', name: 'Alice', favorites: [] }) as unknown as Me,
    portal: async () => PORTAL,
    notices,
    catalogs: shippedCatalogs(),
    signInAvailable: true,
    statusSimulated: () => false,
    log: () => log,
  });
  return { pages, warnings, errors, renderedHere: () => renderedHere };
}

const alice = { subject: 'alice', groups: [], roles: [] } as unknown as Principal;

describe('the home page and the render worker', () => {
  it('renders in the worker when there is one, with the page messages of its language', async () => {
    const { elsewhere, asked } = worker(async () => '<main>rendered elsewhere</main>');
    const { pages, renderedHere } = service(elsewhere);
    const page = await pages.home(null, '', { theme: 'light', language: 'de' });
    expect(page.personal).toBe(false);
    expect(page.personal === false && page.html.toString()).toContain('rendered elsewhere');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.language).toBe('de');
    expect(renderedHere()).toBe(0);
  });

  it('waits for the worker rather than render here, however long it takes to start', async () => {
    let started!: () => void;
    const starting = new Promise<void>((resolve) => (started = resolve));
    const { elsewhere, asked } = worker(async () => {
      await starting;
      return '<main>rendered elsewhere</main>';
    });
    const { pages, renderedHere, warnings } = service(elsewhere);
    const page = pages.home(null, '', { theme: 'light', language: 'en' });
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    expect(renderedHere()).toBe(0);
    started();
    const first = await page;
    expect(first.personal === false && first.html.toString()).toContain('rendered elsewhere');
    expect(renderedHere()).toBe(0);
    expect(warnings).toEqual([]);
  });

  it("renders a signed-in user's page in the worker too, only when asked", async () => {
    const { elsewhere, asked } = worker(async () => '<main>rendered elsewhere</main>');
    const { pages } = service(elsewhere);
    const page = await pages.home(alice, '', { theme: 'light', language: 'en' });
    expect(asked).toHaveLength(0);
    if (!page.personal) throw new Error('expected a personal page');
    const made = await page.render();
    expect(made.keep).toBe(true);
    expect(made.body.toString()).toContain('rendered elsewhere');
    expect(asked[0]?.me).toMatchObject({ subject: 'alice' });
  });

  it('writes a list of apps once for all the pages made from it, and sends it so to the worker', async () => {
    const written = vi.mocked(jsonForScript);
    const { elsewhere, appsJsons } = worker(async () => '<main>rendered elsewhere</main>');
    const { pages } = service(elsewhere);
    const bob = { subject: 'bob', groups: [], roles: [] } as unknown as Principal;
    written.mockClear();
    const bodies: string[] = [];
    for (const principal of [alice, bob]) {
      const page = await pages.home(principal, '', { theme: 'light', language: 'en' });
      if (!page.personal) throw new Error('expected a personal page');
      bodies.push((await page.render()).body.toString());
    }
    const anonymous = await pages.home(null, '', { theme: 'light', language: 'en' });
    expect(written.mock.calls.filter(([value]) => value === APPS)).toHaveLength(1);
    expect(appsJsons).toEqual([jsonForScript(APPS), jsonForScript(APPS), jsonForScript(APPS)]);
    // Each page carries the whole state, its apps included, as the browser reads it.
    const stateIn = (html: string) =>
      JSON.parse(
        new RegExp(`<script type="application/json" id="${PAGE_STATE_ID}">(.*?)</script>`).exec(
          html,
        )?.[1] ?? 'null',
      ) as PageState;
    expect(stateIn(bodies[0] ?? '')).toMatchObject({ apps: APPS, me: { subject: 'alice' } });
    expect(stateIn(anonymous.personal ? '' : anonymous.html.toString())).toMatchObject({
      apps: APPS,
      me: null,
    });
  });

  it('renders here when the worker cannot take the page, says so in the log, and keeps the page', async () => {
    const { elsewhere, asked } = worker(async () => {
      throw new RenderElsewhereUnavailable(new Error('Too many tasks are waiting.'));
    });
    const { pages, warnings, renderedHere } = service(elsewhere);
    const first = await pages.home(null, '', { theme: 'light', language: 'en' });
    expect(first.personal === false && first.html.toString()).toContain('rendered here');
    expect(warnings).toEqual(['the render worker could not take the page']);
    // Kept: the next visitor gets the same page without another rendering.
    expect(await pages.home(null, '', { theme: 'light', language: 'en' })).toBe(first);
    expect(asked).toHaveLength(1);
    expect(renderedHere()).toBe(1);
  });

  it('sends the page without markup when the rendering itself fails, and tries again next time', async () => {
    let fail = true;
    const { elsewhere, asked } = worker(async () => {
      if (fail) throw new Error('the rendering failed');
      return '<main>rendered elsewhere</main>';
    });
    const { pages, errors, renderedHere } = service(elsewhere);
    const failed = await pages.home(null, '', { theme: 'light', language: 'en' });
    expect(failed.personal === false && failed.html.toString()).not.toContain('<main>');
    expect(errors).toEqual(['server rendering of the home page failed']);
    // Not rendered here: a rendering that fails in the worker would fail here as well.
    expect(renderedHere()).toBe(0);
    fail = false;
    const next = await pages.home(null, '', { theme: 'light', language: 'en' });
    expect(next.personal === false && next.html.toString()).toContain('rendered elsewhere');
    expect(asked).toHaveLength(2);
  });

  it('gives visitors who come while the anonymous page renders that same rendering', async () => {
    let finish: (html: string) => void = () => {};
    const { elsewhere, asked } = worker(() => new Promise<string>((resolve) => (finish = resolve)));
    const { pages } = service(elsewhere);
    const visits = [1, 2, 3].map(() => pages.home(null, '', { theme: 'light', language: 'en' }));
    await waitUntilAsked(asked, 1);
    finish('<main>rendered elsewhere</main>');
    const answers = await Promise.all(visits);
    expect(asked).toHaveLength(1);
    expect(new Set(answers).size).toBe(1);
    // Another theme is another page.
    const dark = pages.home(null, '', { theme: 'dark', language: 'en' });
    await waitUntilAsked(asked, 2);
    finish('<main>rendered elsewhere, dark</main>');
    expect((await dark) === answers[0]).toBe(false);
  });

  it('keeps one anonymous page per density and per set of collapsed categories, in any order', async () => {
    const { elsewhere, asked } = worker(async () => '<main>rendered</main>');
    const { pages } = service(elsewhere);
    const comfortable = await pages.home(null, '');
    const compact = await pages.home(null, '', { density: 'compact' });
    expect(compact).not.toBe(comfortable);
    expect(asked[1]?.density).toBe('compact');
    expect(compact.personal === false && compact.html.toString()).toContain(
      'data-density="compact"',
    );
    const collapsed = await pages.home(null, '', { collapsed: ['a1', 'b2'] });
    expect(asked[2]?.collapsed).toEqual(['a1', 'b2']);
    expect(await pages.home(null, '', { collapsed: ['b2', 'a1'] })).toBe(collapsed);
    expect(await pages.home(null, '', { density: 'comfortable' })).toBe(comfortable);
    expect(asked).toHaveLength(3);
  });
});

describe('the notices in the page', () => {
  it("carries the viewer's notices in the page's state, so the banner is in the first paint", async () => {
    const { elsewhere, asked } = worker(async () => '<main>rendered</main>');
    const viewers: (Principal | null)[] = [];
    const { pages } = service(elsewhere, async (viewer) => {
      viewers.push(viewer);
      return OUTAGE;
    });
    const page = await pages.home(null, '', { theme: 'light', language: 'en' });
    expect(asked[0]?.notices).toEqual(OUTAGE);
    expect(page.personal === false && page.html.toString()).toContain('Cluster down');
    const alice = { subject: 'alice', groups: [] } as unknown as Principal;
    const personal = await pages.home(alice, '', { theme: 'light', language: 'en' });
    expect(personal.personal && personal.state).toContain('Cluster down');
    expect(viewers).toEqual([null, alice]);
  });

  it('makes the anonymous page again when a notice comes or goes, and keeps it while none does', async () => {
    const { elsewhere, asked } = worker(async () => '<main>rendered</main>');
    let current = NO_NOTICES;
    const { pages } = service(elsewhere, async () => current);
    const first = await pages.home(null, '', { theme: 'light', language: 'en' });
    expect(await pages.home(null, '', { theme: 'light', language: 'en' })).toBe(first);
    current = OUTAGE;
    const withNotice = await pages.home(null, '', { theme: 'light', language: 'en' });
    expect(withNotice).not.toBe(first);
    expect(asked).toHaveLength(2);
    expect(asked[1]?.notices).toEqual(OUTAGE);
  });

  it('leaves out the notices the visitor dismissed (their cookie), for anonymous and signed-in', async () => {
    const { elsewhere, asked } = worker(async () => '<main>rendered</main>');
    const { pages } = service(elsewhere, async () => OUTAGE);
    await pages.home(null, '', { theme: 'light', language: 'en', dismissed: [noticeToken('n1')] });
    expect(asked[0]?.notices).toEqual({ notices: [], maintenance: ['galaxy'] });
    await pages.home(null, '', {
      theme: 'light',
      language: 'en',
      dismissed: [noticeToken('other')],
    });
    expect(asked[1]?.notices).toEqual(OUTAGE);
    const alice = { subject: 'alice', groups: [] } as unknown as Principal;
    const personal = await pages.home(alice, '', {
      theme: 'light',
      language: 'en',
      dismissed: [noticeToken('n1')],
    });
    expect(personal.personal && personal.state).not.toContain('Cluster down');
  });

  it('sends the page without notices when they cannot be read, and says so in the log', async () => {
    const { elsewhere, asked } = worker(async () => '<main>rendered</main>');
    const { pages, errors } = service(elsewhere, async () => {
      throw new Error('database gone');
    });
    const page = await pages.home(null, '', { theme: 'light', language: 'en' });
    expect(page.personal).toBe(false);
    expect(asked[0]?.notices).toEqual(NO_NOTICES);
    expect(errors).toEqual(['could not read the notices']);
  });
});

/** Waits until the worker was asked for `count` pages (the service reads its data first). */
async function waitUntilAsked(asked: unknown[], count: number) {
  for (let i = 0; i < 1000 && asked.length < count; i += 1) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(asked).toHaveLength(count);
}
