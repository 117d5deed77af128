import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { reportHydrationMismatches } from './hydration-mismatch.js';

describe('reportHydrationMismatches', () => {
  const report = vi.fn();
  reportHydrationMismatches(report);

  it('says so when the markup has another element than the app renders', () => {
    report.mockClear();
    const root = document.createElement('div');
    root.innerHTML = '<main><p>Galaxy</p></main>';
    hydrateRoot(
      root,
      <main>
        <h2>Galaxy</h2>
      </main>,
    );
    expect(report).toHaveBeenCalledWith(expect.stringContaining('no <h2>'));
    // Preact made the element anew.
    expect(root.querySelector('h2')?.textContent).toBe('Galaxy');
  });

  it('stays quiet when both render the same', () => {
    report.mockClear();
    const root = document.createElement('div');
    root.innerHTML = '<main><h2>Galaxy</h2></main>';
    hydrateRoot(
      root,
      <main>
        <h2>Galaxy</h2>
      </main>,
    );
    expect(report).not.toHaveBeenCalled();
  });
});
