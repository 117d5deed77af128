import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BOLD_ICONS } from '../../../ui/icon-masks.js';
import { StatusIndicator } from './status-indicator.js';

describe('StatusIndicator', () => {
  it.each([
    [0, 'Down', 'down'],
    [1, 'Up & Running', 'up'],
    [2, 'Pending', 'pending'],
    [3, 'Maintenance', 'maintenance'],
    [4, 'Up & Running', 'up'],
    [-1, 'Up & Running', 'up'],
    [99, 'Up & Running', 'up'],
  ])('code %i reads %j', (code, label, kind) => {
    render(<StatusIndicator code={code} />);
    const indicator = screen.getByRole('img', { name: label });
    expect(indicator).toHaveAttribute('data-status', kind);
    // The tooltip carries the same label, on the indicator itself (no wrapper).
    expect(indicator).toHaveAttribute('data-tip', label);
    expect(indicator.childElementCount).toBe(0);
  });

  it('says Unknown (not up) when the monitor has no data', () => {
    render(<StatusIndicator code={undefined} />);
    const indicator = screen.getByRole('img', { name: 'Unknown' });
    expect(indicator).toHaveAttribute('data-tip', 'Unknown');
    expect(screen.queryByRole('img', { name: 'Up & Running' })).not.toBeInTheDocument();
  });

  it('tells the five states apart by icon shape as well as colour', () => {
    const codes = [0, 1, 2, 3, undefined];
    const looks = codes.map((code) => {
      const { container, unmount } = render(<StatusIndicator code={code} />);
      const indicator = container.querySelector('[role="img"]');
      const classes = indicator?.className.split(' ') ?? [];
      const look = {
        shape: classes.find((name) => name.startsWith('lucide-')),
        colour: classes.filter((name) => /^(bg|text)-/.test(name)).join(' '),
      };
      unmount();
      return look;
    });
    expect(new Set(looks.map((look) => look.shape)).size).toBe(5);
    expect(new Set(looks.map((look) => look.colour)).size).toBe(5);
  });

  it('draws each state’s icon bold, with a bold drawing for each (icon-masks.ts)', () => {
    const bold: readonly string[] = BOLD_ICONS;
    for (const props of [
      { code: 0 },
      { code: 1 },
      { code: 2 },
      { code: 3 },
      { code: undefined },
      { code: 1, stale: true },
    ]) {
      const { container, unmount } = render(<StatusIndicator {...props} />);
      // The indicator paints its icon itself (`.status-dot`): the drawing's classes are its own.
      const classes = container.querySelector('[role="img"]')?.className.split(' ') ?? [];
      expect(classes).toContain('icon-bold');
      const name = classes.find((name) => name.startsWith('lucide-'))?.slice('lucide-'.length);
      expect(bold, JSON.stringify(props)).toContain(name);
      unmount();
    }
  });

  it('can be focused, so keyboard users get the tooltip too', () => {
    render(<StatusIndicator code={1} />);
    expect(screen.getByRole('img', { name: 'Up & Running' })).toHaveAttribute('tabindex', '0');
  });
});

describe('StatusIndicator for a stale status', () => {
  it('says the status is out of date, with the last known state and when, never plain Down', () => {
    render(<StatusIndicator code={0} stale checkedAt="2020-03-01T10:42:00.000Z" />);
    const indicator = screen.getByRole('img', {
      name: /^Status out of date: last known Down, checked /,
    });
    expect(indicator).toHaveAttribute('data-status', 'stale');
    expect(indicator.getAttribute('data-tip')).toMatch(/^Status out of date/);
    expect(screen.queryByRole('img', { name: 'Down' })).not.toBeInTheDocument();
  });

  it('shows a fresh status as before', () => {
    render(<StatusIndicator code={1} stale={false} checkedAt="2020-03-01T10:42:00.000Z" />);
    expect(screen.getByRole('img', { name: 'Up & Running' })).toBeInTheDocument();
  });
});
