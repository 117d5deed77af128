import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Density } from '../../../../shared/density/density.js';
import { axeViolations } from '../../../test-support/axe.js';
import { useDensity } from '../hooks/use-density.js';
import { densityFromCookies } from '../utils/density-cookie.js';
import { DensitySwitch } from './density-switch.js';

function Harness({ initial }: { initial?: Density }) {
  const [density, setDensity] = useDensity(initial);
  return (
    <main>
      <DensitySwitch density={density} onChange={setDensity} returnTo="/?q=x" />
    </main>
  );
}

afterEach(() => {
  document.cookie = 'density=; Path=/; Max-Age=0';
  document.documentElement.removeAttribute('data-density');
});

describe('DensitySwitch', () => {
  it('is a group named View of two toggle buttons, the current one pressed', async () => {
    render(<Harness initial="compact" />);
    expect(screen.getByRole('group', { name: 'View' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Compact' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Comfortable' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    document.title = 'Portal';
    document.documentElement.lang = 'en';
    expect(await axeViolations()).toEqual([]);
  });

  it('is a form that posts the choice to /density without JavaScript, back to the page', () => {
    const { container } = render(<Harness />);
    const form = container.querySelector('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/density');
    expect(container.querySelector('input[name="returnTo"]')).toHaveValue('/?q=x');
    const compact = screen.getByRole('button', { name: 'Compact' });
    expect(compact).toHaveAttribute('type', 'submit');
    expect(compact).toHaveAttribute('name', 'density');
    expect(compact).toHaveAttribute('value', 'compact');
  });

  it('applies a choice at once, by mouse or keyboard: the cookie and <html data-density>', async () => {
    const user = userEvent.setup();
    let submitted = false;
    document.addEventListener('submit', () => (submitted = true), { once: true });
    render(<Harness />);
    // Without a choice: the cookie says nothing, the page is comfortable.
    expect(document.documentElement.getAttribute('data-density')).toBe('comfortable');
    await user.click(screen.getByRole('button', { name: 'Compact' }));
    expect(document.documentElement.getAttribute('data-density')).toBe('compact');
    expect(densityFromCookies(document.cookie)).toBe('compact');
    expect(screen.getByRole('button', { name: 'Compact' })).toHaveAttribute('aria-pressed', 'true');
    screen.getByRole('button', { name: 'Comfortable' }).focus();
    await user.keyboard('{Enter}');
    expect(document.documentElement.getAttribute('data-density')).toBe('comfortable');
    expect(densityFromCookies(document.cookie)).toBe('comfortable');
    // The form was never sent: no round trip with JavaScript.
    expect(submitted).toBe(false);
  });

  it('follows the cookie when the server did not render the page (another screen first)', () => {
    document.cookie = 'density=compact; Path=/';
    render(<Harness />);
    expect(screen.getByRole('button', { name: 'Compact' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.getAttribute('data-density')).toBe('compact');
  });
});
