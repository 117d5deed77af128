import { act, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeApp } from '../../../test-support/fixtures.js';
import { AppCard } from './app-card.js';

// A card seen from outside the networks its app answers on (docs/networks.md, "What visitors
// see"): no Open link, where it answers and how to connect, its other links kept.

const OUTSIDE = makeApp({
  id: 'galaxy',
  name: 'Galaxy',
  link: null,
  doc: 'https://docs.example.edu/galaxy/',
  github: 'https://github.com/galaxyproject/galaxy',
  onlyFrom: {
    networks: ['Campus network', 'VPN'],
    help: 'https://it.example.edu/vpn',
    helpText: 'Off campus, connect to the VPN first.',
  },
  links: [
    { kind: 'support', url: 'mailto:galaxy-help@example.edu', label: 'Galaxy team' },
    { kind: 'status', url: 'https://status.example.edu/galaxy' },
    { kind: 'client', url: 'javascript:alert(1)' },
  ],
});

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('a card whose app does not answer from the visitor’s network', () => {
  it('says where it answers, links how to connect, keeps its links and has no Open link', () => {
    render(<AppCard app={OUTSIDE} status={<span>status</span>} />);
    const card = screen.getByRole('article', { name: 'Galaxy' });
    expect(card).toHaveTextContent('Only on Campus network or VPN');
    expect(within(card).getByRole('link', { name: 'How to connect' })).toHaveAttribute(
      'href',
      'https://it.example.edu/vpn',
    );
    expect(within(card).queryByRole('link', { name: /^Open/ })).toBeNull();
    expect(within(card).getByRole('link', { name: 'Galaxy team (Galaxy)' })).toHaveAttribute(
      'href',
      'mailto:galaxy-help@example.edu',
    );
    expect(within(card).getByRole('link', { name: 'Status page (Galaxy)' })).toHaveAttribute(
      'href',
      'https://status.example.edu/galaxy',
    );
    expect(within(card).getByRole('link', { name: 'Galaxy documentation' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Galaxy repository' })).toBeInTheDocument();
    // Anything but a web link (or a support mailto:) is no link.
    expect(card.innerHTML).not.toContain('javascript:');
    expect(card.querySelectorAll('*').length + 1).toBeLessThanOrEqual(12);
  });

  it('is clean for axe-core', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    document.documentElement.lang = 'en';
    const { container } = render(
      <main>
        <AppCard app={OUTSIDE} status={<span>status</span>} />
      </main>,
    );
    const results = await axe.run(container, {
      resultTypes: ['violations'],
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('hydrates the server’s markup without a mismatch', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const element = <AppCard app={OUTSIDE} status={<span>status</span>} />;
    const root = document.createElement('div');
    root.innerHTML = renderToString(element);
    document.body.append(root);
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(root, element, { onRecoverableError: (error) => recoverable.push(error) });
    });
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    expect(root).toHaveTextContent('Only on Campus network or VPN');
  });

  it('shows the app’s own link and no network note when it answers from here', () => {
    render(
      <AppCard
        app={{ ...OUTSIDE, link: 'https://galaxy.campus.example.edu/', onlyFrom: undefined }}
        status={<span>status</span>}
      />,
    );
    const card = screen.getByRole('article', { name: 'Galaxy' });
    expect(within(card).getByRole('link', { name: 'Open Galaxy' })).toHaveAttribute(
      'href',
      'https://galaxy.campus.example.edu/',
    );
    expect(card).not.toHaveTextContent('Only on');
  });

  it('shows the first few typed links and keeps the rest behind "More links"', () => {
    const links = ['one', 'two', 'three', 'four', 'five'].map((label) => ({
      kind: 'other' as const,
      url: `https://example.edu/${label}`,
      label,
    }));
    render(<AppCard app={{ ...OUTSIDE, links }} status={<span>status</span>} />);
    const card = screen.getByRole('article', { name: 'Galaxy' });
    const more = within(card).getByText('More links (2)');
    expect(more.tagName).toBe('SUMMARY');
    // Every link is still in the page (search and find-in-page see them), the last two folded.
    for (const label of ['one', 'two', 'three', 'four', 'five']) {
      expect(
        within(card).getByRole('link', { name: `${label} (Galaxy)`, hidden: true }),
      ).toBeInTheDocument();
    }
    expect(
      within(more.parentElement as HTMLElement).getAllByRole('link', { hidden: true }),
    ).toHaveLength(2);
  });
});
