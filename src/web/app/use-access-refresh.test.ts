import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { AccessRequest } from '../features/access/api/access-types.js';
import type { CatalogApp } from '../features/catalog/api/apps.js';
import { makeAccessRequest, makeApp, makeLockedApp } from '../test-support/fixtures.js';
import { useAccessRefresh, type AccessRefreshStores } from './use-access-refresh.js';

/** The three stores the refresh reads, with loads that answer what the server would. */
function stores(first: { requests: AccessRequest[]; apps: CatalogApp[] }) {
  const server = { ...first };
  const access = createStore(() => ({
    requests: first.requests,
    load: vi.fn(async () => access.setState({ requests: server.requests })),
  }));
  const catalog = createStore(() => ({
    apps: first.apps,
    load: vi.fn(async () => catalog.setState({ apps: server.apps })),
  }));
  const session = createStore(() => ({ isAuthenticated: true }));
  const all = { session, catalog, access } as unknown as AccessRefreshStores;
  return { all, server, access, catalog };
}

describe('useAccessRefresh', () => {
  it('watches time-boxed access that is unlocked, and reloads the apps when it ends', async () => {
    const until = makeAccessRequest({
      appId: 'napari',
      status: 'approved',
      membership: 'written',
      expiresAt: '2026-12-01T00:00:00.000Z',
    });
    const s = stores({ requests: [until], apps: [makeApp({ id: 'napari', name: 'Napari' })] });
    renderHook(() => useAccessRefresh(s.all, 10));
    await waitFor(() => expect(s.access.getState().load).toHaveBeenCalled());
    // Nothing changed yet: the apps are not asked for.
    expect(s.catalog.getState().load).not.toHaveBeenCalled();

    s.server.requests = [{ ...until, status: 'expired', membership: 'removed' }];
    s.server.apps = [makeLockedApp({ id: 'napari', name: 'Napari' })];
    await waitFor(() => expect(s.catalog.getState().load).toHaveBeenCalled());
    expect(s.catalog.getState().apps).toEqual([expect.objectContaining({ locked: true })]);
  });

  it('asks nothing while no request is open, locked or time-boxed', async () => {
    const done = makeAccessRequest({ appId: 'napari', status: 'approved', membership: 'present' });
    const s = stores({ requests: [done], apps: [makeApp({ id: 'napari' })] });
    renderHook(() => useAccessRefresh(s.all, 10));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(s.access.getState().load).not.toHaveBeenCalled();
  });
});
