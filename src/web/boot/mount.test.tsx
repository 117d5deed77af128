// The app hydrates the server's page only once it has the messages the page names (a file the
// page preloads, decision 0060): hydration then renders the texts the server rendered.
import { http, HttpResponse } from 'msw';
import { options } from 'preact';
import * as client from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_STATE_ID, type PageState } from '../../shared/api/page-schemas.js';
import { PAGE_MESSAGES_ID, PAGE_NAMESPACES } from '../../shared/i18n/languages.js';
import { render } from '../entry-server.js';
import { SERVER_FORMATS_ID } from '../lib/i18n.js';
import { makePageState } from '../test-support/fixtures.js';
import { messagesOf } from '../test-support/messages.js';
import { server } from '../test-support/server.js';
import { mount } from './mount.js';

const MESSAGES_URL = '/api/messages/de/page?v=v1';
const STATE: PageState = makePageState({ language: 'de' });

/** A German page as the server sends it; its text as the visitor reads it before the app. */
function germanPage(): string {
  const markup = render(STATE, messagesOf('de', PAGE_NAMESPACES));
  document.documentElement.lang = 'de';
  document.head.innerHTML = `<link rel="preload" id="${PAGE_MESSAGES_ID}" href="${MESSAGES_URL}" as="fetch" crossorigin="anonymous">`;
  document.body.innerHTML =
    `<div id="root">${markup}</div>` +
    `<script type="application/json" id="${PAGE_STATE_ID}">${JSON.stringify(STATE)}</script>`;
  const root = document.getElementById('root')!.cloneNode(true) as HTMLElement;
  root.querySelector(`#${SERVER_FORMATS_ID}`)?.remove();
  return root.textContent ?? '';
}

const hooks = options as typeof options & { __m?: unknown };
const mismatchHook = hooks.__m;

afterEach(() => {
  vi.restoreAllMocks();
  // mount reports hydration mismatches from now on: the hook is this file's only.
  hooks.__m = mismatchHook;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.documentElement.lang = '';
});

describe('mount', () => {
  it('hydrates once the page’s messages are there, with the texts the server rendered', async () => {
    const error = vi.spyOn(console, 'error');
    const warn = vi.spyOn(console, 'warn');
    const serverText = germanPage();
    expect(serverText).not.toBe('');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    server.use(
      http.get('/api/messages/de/page', async ({ request }) => {
        asked.push(new URL(request.url).search);
        await held;
        return HttpResponse.json(messagesOf('de', PAGE_NAMESPACES));
      }),
    );
    const hydrateRoot = vi.fn(client.hydrateRoot);
    const mounted = mount({ ...client, hydrateRoot });
    await vi.waitFor(() => expect(asked).toEqual(['?v=v1']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(hydrateRoot).not.toHaveBeenCalled();
    release();
    await mounted;
    expect(hydrateRoot).toHaveBeenCalledOnce();
    const text = document.getElementById('root')?.textContent ?? '';
    for (const german of ['Noch keine Anwendungen vorhanden.', 'Farbschema']) {
      expect(serverText).toContain(german);
      expect(text).toContain(german);
    }
    expect(text).not.toMatch(/catalog\.empty|theme\.label/);
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('still hydrates when they cannot be fetched, and says so once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const serverText = germanPage();
    server.use(
      http.get('/api/messages/de/page', () =>
        HttpResponse.json({ status: 503, message: 'Unavailable', data: {} }, { status: 503 }),
      ),
    );
    const hydrateRoot = vi.fn(client.hydrateRoot);
    await mount({ ...client, hydrateRoot });
    expect(hydrateRoot).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toContain('Could not load the page’s texts');
    // The ids show in place of the texts, in the page's language.
    expect(serverText).toContain('Noch keine Anwendungen vorhanden.');
    expect(document.getElementById('root')?.textContent).toContain('catalog.empty');
    expect(document.documentElement.lang).toBe('de');
  });
});
