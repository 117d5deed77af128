import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeApp } from '../test-support/fixtures.js';
import { createStores } from './create-stores.js';
import { useAppSearch } from './use-app-search.js';

const galaxy = makeApp({ id: 'galaxy', name: 'Galaxy', link: 'https://galaxy.example.edu/' });
const igv = makeApp({ id: 'igv', name: 'IGV Web', link: 'https://igv.example.edu/' });

function setUp(query: string) {
  const stores = createStores(
    { storage: localStorage, currentPath: () => '/', navigate: vi.fn(), submitPost: vi.fn() },
    {
      portal: { title: 'Portal', subtitle: '', footer: '', signInAvailable: true },
      me: null,
      apps: [galaxy, igv],
      search: query,
      signInAvailable: false,
      statusSimulated: false,
    },
  );
  let renders = 0;
  const hook = renderHook(
    ({ text }: { text: string }) => {
      renders += 1;
      return useAppSearch(stores, text);
    },
    { initialProps: { text: query } },
  );
  const setStatus = (down: string) =>
    act(() =>
      stores.status.getState().setItems(
        [galaxy, igv].map((app) => ({
          id: app.id,
          url: app.link ?? '',
          status: app.link === down ? 0 : 1,
          checkedAt: new Date().toISOString(),
          stale: false,
        })),
      ),
    );
  return { hook, setStatus, renders: () => renders };
}

describe('the app search and the status answers', () => {
  it('does not render again for a status answer while nobody searches', () => {
    const { hook, setStatus, renders } = setUp('');
    const before = renders();
    setStatus(galaxy.link ?? '');
    setStatus(igv.link ?? '');
    expect(renders()).toBe(before);
    expect(hook.result.current.hits).toBeNull();
  });

  it('follows the status answers while searching by status', async () => {
    const { hook, setStatus } = setUp('status:down');
    const ids = () => hook.result.current.hits?.map((hit) => hit.app.id);
    setStatus(galaxy.link ?? '');
    // The search engine loads on demand.
    await vi.waitFor(() => expect(ids()).toEqual(['galaxy']));
    setStatus(igv.link ?? '');
    expect(ids()).toEqual(['igv']);
    // Starting to search after the answers came still sees them.
    hook.rerender({ text: '' });
    expect(hook.result.current.hits).toBeNull();
    hook.rerender({ text: 'status:up' });
    expect(ids()).toEqual(['galaxy']);
  });
});
