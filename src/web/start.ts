/**
 * index.html's script: nothing of the app runs before the browser has painted the server's HTML
 * (decision 0038). It waits for the browser's first paint, then imports the entry
 * (main.tsx), which evaluates the app and hydrates. Every chunk of that entry is
 * preloaded by index.html (vite.config.ts, `startScripts`), so waiting adds no request chain:
 * the downloads run while the browser paints.
 */
import './styles.css';

/**
 * A click on a card's button (a favourite's heart) before the app runs is held here, not lost:
 * once the hydration listens (it tells the document `portal:hydrating`, ui/hydrate-later.tsx's
 * HYDRATING_EVENT), each is given back to its button, whose card then hydrates first. Links and
 * forms work without the app and are never held. Written here, not imported: anything this
 * script imports from the app's modules would make the browser load and run them before paint.
 */
function holdEarlyClicks(): void {
  const held: HTMLElement[] = [];
  const hold = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest<HTMLElement>(
      '[data-app-id] button, [data-app-id] [role="button"]',
    );
    if (!button || button.closest('a[href], summary, form')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(button);
  };
  document.addEventListener('click', hold, true);
  document.addEventListener(
    'portal:hydrating',
    () => {
      document.removeEventListener('click', hold, true);
      for (const button of held.splice(0)) if (button.isConnected) button.click();
    },
    { once: true },
  );
}

holdEarlyClicks();

/** The longest wait for a paint the browser does not report (a page with nothing to paint). */
const PAINT_WAIT_MS = 3000;

/**
 * Resolves once the browser has painted the page's content: its paint timing reports the first
 * contentful paint, and then two more frames have begun. The first paint can come while the
 * parser has yielded, with the header alone; this module runs only once the whole document is
 * parsed (module scripts are deferred), so the frame that begins after it holds every card of
 * the first screen, and the frame after that begins once it has been shown.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const done = () =>
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
    // A tab opened in the background paints nothing until shown, and the shell of the pages the
    // browser renders itself (/admin, /requests) has no content to paint: nothing to wait for.
    if (document.visibilityState === 'hidden') return resolve();
    if (!document.getElementById('root')?.hasChildNodes()) return resolve();
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      // No paint timing: the two frames alone (a task queued from a frame runs after it).
      done();
      return;
    }
    const timer = setTimeout(done, PAINT_WAIT_MS);
    // The first contentful paint: text, not only the background (the header's, maybe alone).
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      clearTimeout(timer);
      done();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

await afterFirstPaint();
// Browser tests and benchmarks read when the app started against the paint timing.
performance.mark('portal:start');
await import('./main.js');
