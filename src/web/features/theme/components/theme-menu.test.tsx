import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Theme } from '../../../../shared/theme/theme.js';
import { useTheme } from '../hooks/use-theme.js';
import { themeFromCookies } from '../utils/theme-cookie.js';
import { ThemeMenu } from './theme-menu.js';

function Harness({ initial, compact }: { initial?: Theme; compact?: boolean }) {
  const [theme, setTheme] = useTheme(initial);
  return <ThemeMenu theme={theme} onChange={setTheme} compact={compact} returnTo="/?q=x" />;
}

afterEach(() => {
  document.cookie = 'theme=; Path=/; Max-Age=0';
  document.documentElement.removeAttribute('data-theme');
});

describe('ThemeMenu', () => {
  it('is a radio group named Theme that says the current choice', () => {
    render(<Harness initial="dark" compact />);
    const group = screen.getByRole('group', { name: 'Theme' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'System' })).not.toBeChecked();
    // Compact: the names are tooltips too.
    expect(screen.getByTitle('Light')).toBeInTheDocument();
  });

  it('applies a choice at once: the cookie and <html data-theme>', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(themeFromCookies(document.cookie)).toBe('dark');
    // Arrow keys move the choice, as in any radio group.
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
    await user.click(screen.getByRole('radio', { name: 'System' }));
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
    expect(themeFromCookies(document.cookie)).toBe('system');
  });

  it('starts from the cookie on pages the browser renders', () => {
    document.cookie = 'theme=light; Path=/';
    render(<Harness />);
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
  });

  it('is a form to /theme for browsers without JavaScript', () => {
    const { container } = render(<Harness initial="light" />);
    const form = container.querySelector('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/theme');
    expect(container.querySelector('input[name="returnTo"]')).toHaveValue('/?q=x');
    // The radios preview the theme by CSS (daisyUI's theme-controller) unless told not to.
    expect(container.querySelectorAll('input.theme-controller')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Apply', hidden: true })).toHaveAttribute(
      'type',
      'submit',
    );
  });
});

describe('themeFromCookies', () => {
  it('reads the theme cookie among others and ignores unknown values', () => {
    expect(themeFromCookies('a=1; theme=dark; b=2')).toBe('dark');
    expect(themeFromCookies('xtheme=dark')).toBe('system');
    expect(themeFromCookies('theme=neon')).toBe('system');
    expect(themeFromCookies('')).toBe('system');
  });
});
