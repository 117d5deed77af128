// The page the server renders carries what it formatted (decision 0057): the browser shows that
// until the visitor's first interaction instead of making an Intl object of its own.
import { describe, expect, it } from 'vitest';
import type { PageState } from '../shared/api/page-schemas.js';
import { PAGE_NAMESPACES } from '../shared/i18n/languages.js';
import type { Notice } from '../shared/status/history-schemas.js';
import { render } from './entry-server.js';
import { noticePeriodKey } from './features/status/utils/status-text.js';
import { SERVER_FORMATS_ID, type ServerFormats } from './lib/i18n.js';
import { makePageState } from './test-support/fixtures.js';
import { messagesOf } from './test-support/messages.js';

const NOTICE: Notice = {
  id: 'kuma-maintenance-1',
  kind: 'maintenance',
  title: 'Storage upgrade',
  text: '',
  severity: 'warning',
  start: '2026-11-03T08:00:00.000Z',
  end: '2026-11-03T12:00:00.000Z',
};

function state(language: 'en' | 'de'): PageState {
  return makePageState({ notices: { notices: [NOTICE], maintenance: [] }, language });
}

/** The markup in a #root, and the formats block read from it as the browser does. */
function rendered(language: 'en' | 'de') {
  const root = document.createElement('div');
  root.innerHTML = render(state(language), messagesOf(language, PAGE_NAMESPACES));
  const block = root.querySelector(`#${SERVER_FORMATS_ID}`);
  const formats = JSON.parse(block?.textContent ?? 'null') as ServerFormats;
  block?.remove();
  return { root, formats, block };
}

describe('the server formats of a page', () => {
  it("follow the markup as JSON: the language's symbols and the notices' periods it shows", () => {
    const { root, formats, block } = rendered('en');
    expect(block?.getAttribute('type')).toBe('application/json');
    expect(formats).toMatchObject({ digits: '0123456789', decimal: '.', percent: ['', '%'] });
    const period = formats.texts[noticePeriodKey(NOTICE)];
    expect(period).toBe('Nov 3, 08:00 UTC – Nov 3, 12:00 UTC');
    expect(root.textContent).toContain(period);
  });

  it("in the page's language", () => {
    const { root, formats } = rendered('de');
    expect(formats.decimal).toBe(',');
    expect(formats.percent).toEqual(['', '\u00a0%']);
    expect(root.textContent).toContain(formats.texts[noticePeriodKey(NOTICE)]);
  });
});
