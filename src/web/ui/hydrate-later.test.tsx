import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { reportHydrationMismatches } from '../boot/hydration-mismatch.js';
import { HYDRATING_EVENT, HydrateLater, hydrateInTurns, TURN_WEIGHT } from './hydrate-later.js';
import { IdRoot, useId } from './use-id.js';

/** A card whose button counts clicks: it works only once hydrated. */
function Card({ name, log }: { name: string; log?: string[] }) {
  log?.push(name);
  const [clicks, setClicks] = useState(0);
  return (
    <article>
      <h3>{name}</h3>
      <button type="button" onClick={() => setClicks((n) => n + 1)}>
        {name} clicked {clicks}
      </button>
    </article>
  );
}

let rerenderPage: () => void = () => {};

function Page({ count, log }: { count: number; log?: string[] }) {
  const [, setTick] = useState(0);
  rerenderPage = () => setTick((n) => n + 1);
  return (
    <main>
      <h1>Apps</h1>
      <div className="grid">
        {Array.from({ length: count }, (_, i) => (
          <HydrateLater key={i}>
            <Card name={`App ${i}`} log={log} />
          </HydrateLater>
        ))}
      </div>
      <HydrateLater weight={TURN_WEIGHT}>
        <footer>Footer</footer>
      </HydrateLater>
    </main>
  );
}

/** The server's markup of the page in a container, as the browser parsed it. */
function serverMarkup(count: number): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderToString(<Page count={count} />);
  document.body.append(root);
  return root;
}

const click = (root: HTMLElement, name: string) =>
  [...root.querySelectorAll('button')]
    .find((b) => b.textContent === name || b.textContent?.startsWith(`${name} `))!
    .click();

describe('HydrateLater', () => {
  it('renders its part at once when the page is not being hydrated', () => {
    render(<Page count={2} />);
    expect(screen.getByRole('button', { name: 'App 1 clicked 0' })).toBeTruthy();
    expect(screen.getByText('Footer')).toBeTruthy();
  });

  it('adds nothing to the server markup', () => {
    expect(renderToString(<Page count={1} />)).toBe(
      '<main><h1>Apps</h1><div class="grid"><article><h3>App 0</h3>' +
        '<button type="button">App 0 clicked 0</button></article></div>' +
        '<footer>Footer</footer></main>',
    );
  });

  it('keeps the server markup and hydrates the parts in later tasks, a few per task', async () => {
    const mismatch = vi.fn();
    reportHydrationMismatches(mismatch);
    const count = TURN_WEIGHT * 2 + 3;
    const root = serverMarkup(count);
    const articles = [...root.querySelectorAll('article')];
    const footer = root.querySelector('footer');
    const log: string[] = [];

    let done = false;
    const finished = hydrateInTurns(() => hydrateRoot(root, <Page count={count} log={log} />)).then(
      () => (done = true),
    );
    // The first task hydrated the page around the parts and none of them.
    expect(log).toEqual([]);
    click(root, 'App 0');
    expect(root.textContent).toContain('App 0 clicked 0');

    // Each later task hydrates one turn: at most TURN_WEIGHT cards.
    const seen: number[] = [];
    while (!done) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      seen.push(log.length);
    }
    await finished;
    const perTask = seen.map((n, i) => n - (seen[i - 1] ?? 0)).filter((n) => n > 0);
    expect(Math.max(...perTask)).toBeLessThanOrEqual(TURN_WEIGHT);
    expect(perTask.length).toBeGreaterThanOrEqual(3);
    expect(log).toHaveLength(count);
    // In document order.
    expect(log).toEqual(Array.from({ length: count }, (_, i) => `App ${i}`));

    // The very elements the server sent, now live.
    expect([...root.querySelectorAll('article')]).toEqual(articles);
    expect(root.querySelector('footer')).toBe(footer);
    expect(root.querySelectorAll('article')).toHaveLength(count);
    act(() => click(root, `App ${count - 1}`));
    expect(root.textContent).toContain(`App ${count - 1} clicked 1`);
    expect(mismatch).not.toHaveBeenCalled();
    root.remove();
  });

  it('gives the parts the ids the server gave them, although they render after the rest', async () => {
    /** A menu whose panel (rendered only when open) must be the one its button controls. */
    function Menu({ name }: { name: string }) {
      const panelId = useId();
      const [open, setOpen] = useState(false);
      return (
        <nav aria-label={name}>
          <button type="button" aria-controls={panelId} onClick={() => setOpen(true)}>
            {name}
          </button>
          {open && <div id={panelId}>{name} panel</div>}
        </nav>
      );
    }
    function Section() {
      const headingId = useId();
      return (
        <section aria-labelledby={headingId}>
          <h2 id={headingId}>Apps</h2>
        </section>
      );
    }
    const page = (
      <IdRoot>
        <div>
          <HydrateLater>
            <Menu name="Header" />
          </HydrateLater>
          <Section />
          <HydrateLater>
            <Menu name="Footer" />
          </HydrateLater>
        </div>
      </IdRoot>
    );
    const root = document.createElement('div');
    root.innerHTML = renderToString(page);
    document.body.append(root);
    const serverIds = [
      ...root.innerHTML.matchAll(/(?:id|aria-controls|aria-labelledby)="([^"]+)"/g),
    ];
    // The two menus' panels and the heading: three ids, none twice.
    expect(new Set(serverIds.map((match) => match[1])).size).toBe(3);

    await hydrateInTurns(() => hydrateRoot(root, page));
    for (const name of ['Header', 'Footer']) {
      act(() => click(root, name));
      const button = root.querySelector(`nav[aria-label="${name}"] button`)!;
      const panel = document.getElementById(button.getAttribute('aria-controls')!);
      expect(panel?.textContent).toBe(`${name} panel`);
    }
    const heading = root.querySelector('section')!.getAttribute('aria-labelledby')!;
    expect(document.getElementById(heading)?.textContent).toBe('Apps');
    root.remove();
  });

  it('keeps a part waiting for its turn when the page renders again meanwhile', async () => {
    const count = TURN_WEIGHT * 3;
    const root = serverMarkup(count);
    const log: string[] = [];
    const finished = hydrateInTurns(() => hydrateRoot(root, <Page count={count} log={log} />));
    // A store update re-renders the page before the parts' turns.
    act(() => rerenderPage());
    expect(log).toEqual([]);
    expect(root.querySelectorAll('article')).toHaveLength(count);
    await finished;
    expect(new Set(log).size).toBe(count);
    act(() => click(root, 'App 5'));
    expect(root.textContent).toContain('App 5 clicked 1');
    root.remove();
  });

  it('hydrates nested parts after their parent, in turns of their own, in document order', async () => {
    const mismatch = vi.fn();
    reportHydrationMismatches(mismatch);
    let addCard: () => void = () => {};
    /** Sections of cards, each section a part whose cards are parts (the home page's shape). */
    function Sections({ sizes, log }: { sizes: number[]; log?: string[] }) {
      const [extra, setExtra] = useState(0);
      addCard = () => setExtra((n) => n + 1);
      return (
        <main>
          {sizes.map((size, section) => (
            <HydrateLater key={section} weight={TURN_WEIGHT}>
              <section aria-labelledby={`s${section}`}>
                <SectionTitle section={section} log={log} />
                {Array.from({ length: size + (section === 0 ? extra : 0) }, (_, i) => (
                  <HydrateLater key={i}>
                    <Card name={`S${section} App ${i}`} log={log} />
                  </HydrateLater>
                ))}
              </section>
            </HydrateLater>
          ))}
        </main>
      );
    }
    function SectionTitle({ section, log }: { section: number; log?: string[] }) {
      log?.push(`S${section}`);
      const id = useId();
      return <h2 id={id}>Section {section}</h2>;
    }
    const sizes = [TURN_WEIGHT * 2 + 1, 3];
    const root = document.createElement('div');
    root.innerHTML = renderToString(
      <IdRoot>
        <Sections sizes={sizes} />
      </IdRoot>,
    );
    document.body.append(root);
    const ids = [...root.querySelectorAll('[id]')].map((element) => element.id);
    const log: string[] = [];
    let done = false;
    const finished = hydrateInTurns(() =>
      hydrateRoot(
        root,
        <IdRoot>
          <Sections sizes={sizes} log={log} />
        </IdRoot>,
      ),
    ).then(() => (done = true));
    // The first task rendered neither a section nor a card.
    expect(log).toEqual([]);
    const seen: string[][] = [];
    while (!done) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      seen.push([...log]);
    }
    await finished;
    const perTask = seen
      .map((names, i) => names.slice(seen[i - 1]?.length ?? 0))
      .filter((names) => names.length > 0);
    // A section alone in its turn, then its cards at most TURN_WEIGHT a turn, before the next.
    expect(perTask[0]).toEqual(['S0']);
    for (const names of perTask.slice(1)) {
      expect(names.filter((name) => name.includes('App')).length).toBeLessThanOrEqual(TURN_WEIGHT);
    }
    const expected = sizes.flatMap((size, section) => [
      `S${section}`,
      ...Array.from({ length: size }, (_, i) => `S${section} App ${i}`),
    ]);
    expect(log).toEqual(expected);
    // The server's ids and elements, now live; nothing mismatched.
    expect([...root.querySelectorAll('[id]')].map((element) => element.id)).toEqual(ids);
    expect(mismatch).not.toHaveBeenCalled();
    act(() => click(root, 'S1 App 2'));
    expect(root.textContent).toContain('S1 App 2 clicked 1');
    // After the hydration, a new card in a section renders at once: no turn is left to wait for.
    act(() => addCard());
    expect(root.textContent).toContain(`S0 App ${sizes[0]} clicked 0`);
    root.remove();
  });

  it('hydrates the card of a button clicked before its turn first, and gives it the click', async () => {
    const mismatch = vi.fn();
    reportHydrationMismatches(mismatch);
    /** The home page's shape: named sections (their id) of named cards (their data-app-id). */
    function Named({ log }: { log?: string[] }) {
      return (
        <main>
          {[0, 1, 2].map((section) => (
            <HydrateLater key={section} weight={TURN_WEIGHT} name={`category-${section}`}>
              <section id={`category-${section}`}>
                {Array.from({ length: TURN_WEIGHT + 2 }, (_, i) => (
                  <HydrateLater key={i} name={`app-${section}-${i}`}>
                    <div data-app-id={`app-${section}-${i}`}>
                      <Card name={`S${section} App ${i}`} log={log} />
                      <a href="#elsewhere">
                        S{section} App {i} docs
                      </a>
                    </div>
                  </HydrateLater>
                ))}
              </section>
            </HydrateLater>
          ))}
        </main>
      );
    }
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Named />);
    document.body.append(root);
    const log: string[] = [];
    let done = false;
    const finished = hydrateInTurns(() => hydrateRoot(root, <Named log={log} />)).then(
      () => (done = true),
    );
    // Nothing hydrated yet: a click on the last section's last card is held, not lost.
    expect(log).toEqual([]);
    const last = `S2 App ${TURN_WEIGHT + 1}`;
    click(root, last);
    // A link is the browser's business: never held.
    const link = root.querySelector<HTMLAnchorElement>('a[href="#elsewhere"]')!;
    const followed = link.dispatchEvent(
      new MouseEvent('click', { bubbles: true, cancelable: true }),
    );
    expect(followed).toBe(true);
    await vi.waitFor(() => expect(root.textContent).toContain(`${last} clicked 1`));
    // It went first: its card hydrated before the cards of the sections above it.
    expect(log).toContain(last);
    expect(log.indexOf(last)).toBeLessThan(log.indexOf('S0 App 1') >>> 0);
    while (!done) await new Promise((resolve) => setTimeout(resolve, 0));
    await finished;
    // Every card hydrated exactly once, the clicked one counted once.
    expect(new Set(log).size).toBe(3 * (TURN_WEIGHT + 2));
    expect(root.textContent).toContain(`${last} clicked 1`);
    expect(root.textContent).toContain('S0 App 0 clicked 0');
    expect(mismatch).not.toHaveBeenCalled();
    root.remove();
  });

  it('tells the document once it listens, so that clicks held before the app ran come back', async () => {
    const root = serverMarkup(1);
    const told = vi.fn(() => expect(root.textContent).toContain('App 0 clicked 0'));
    document.addEventListener(HYDRATING_EVENT, told);
    await hydrateInTurns(() => hydrateRoot(root, <Page count={1} />));
    expect(told).toHaveBeenCalledTimes(1);
    document.removeEventListener(HYDRATING_EVENT, told);
    root.remove();
  });
});
