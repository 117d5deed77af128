import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { StatusItem } from '../../../../shared/api/schemas.js';
import { createStatusStore } from '../stores/status-store.js';
import { SimulatedStatusNote } from './simulated-status-note.js';

const item = (simulated: boolean): StatusItem => ({
  id: 'galaxy',
  url: 'https://galaxy.mmge.example.edu/',
  status: 1,
  checkedAt: '2026-11-03T10:15:00.000Z',
  stale: false,
  ...(simulated ? { simulated: true as const } : {}),
});

describe('SimulatedStatusNote', () => {
  it('says the statuses are simulated from the server-rendered page on', () => {
    const html = renderToString(
      <SimulatedStatusNote store={createStatusStore({ simulated: true })} />,
    );
    expect(html).toContain('role="note"');
    expect(html).toContain('Simulated statuses.');
  });

  it('follows the monitor: shown while its statuses say simulated, gone when they stop', () => {
    const store = createStatusStore({ simulated: true });
    render(<SimulatedStatusNote store={store} />);
    expect(screen.getByRole('note', { name: 'About these statuses' })).toHaveTextContent(
      'These demo apps do not exist',
    );
    act(() => store.getState().setItems([item(false)]));
    expect(screen.queryByRole('note')).toBeNull();
    act(() => store.getState().setItems([item(true)]));
    expect(screen.getByRole('note', { name: 'About these statuses' })).toBeInTheDocument();
  });

  it('is absent when nothing is simulated', () => {
    render(<SimulatedStatusNote store={createStatusStore()} />);
    expect(screen.queryByRole('note')).toBeNull();
  });
});
