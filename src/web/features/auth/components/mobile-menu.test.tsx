import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../stores/session-store.js';
import { MobileMenu } from './mobile-menu.js';

const grace: SessionUser = {
  name: 'Grace Hopper',
  email: 'grace@example.edu',
  roles: [],
  given_name: 'Grace',
  preferred_username: 'grace',
  groups: '',
};

const icon = () => screen.getByRole('button', { name: /menu/ }).querySelector('.icon');

describe('MobileMenu (below 768 px)', () => {
  it('is a menu button with a bars icon when closed and a close icon when open', async () => {
    render(
      <MobileMenu
        signInAvailable
        isAuthenticated={false}
        user={null}
        onSignIn={vi.fn()}
        onSignOut={vi.fn()}
      />,
    );
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(icon()).toHaveAttribute('data-icon', 'bars');

    await userEvent.click(button);
    expect(button).toHaveAccessibleName('Close menu');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(icon()).toHaveAttribute('data-icon', 'close');

    await userEvent.click(button);
    expect(button).toHaveAccessibleName('Open menu');
    expect(icon()).toHaveAttribute('data-icon', 'bars');
  });

  it('greets "Welcome!" and offers "Sign In" when signed out', async () => {
    const onSignIn = vi.fn();
    render(
      <MobileMenu
        signInAvailable
        isAuthenticated={false}
        user={null}
        onSignIn={onSignIn}
        onSignOut={vi.fn()}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByText('Welcome!')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Notification settings' })).not.toBeInTheDocument();
    const signIn = screen.getByRole('button', { name: 'Sign In' });
    expect(signIn).toHaveFocus();
    await userEvent.click(signIn);
    expect(onSignIn).toHaveBeenCalledOnce();
  });

  it('greets "Hello, {given name}" and offers "Notification settings" and "Sign Out" when signed in', async () => {
    const onSignOut = vi.fn();
    render(
      <MobileMenu
        signInAvailable
        isAuthenticated
        user={grace}
        onSignIn={vi.fn()}
        onSignOut={onSignOut}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByText('Hello, Grace')).toBeInTheDocument();
    expect(screen.queryByText('Welcome!')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
  });

  it('closes on Escape, returning focus to the menu button, and on a click outside', async () => {
    render(
      <>
        <p>outside</p>
        <MobileMenu
          signInAvailable
          isAuthenticated={false}
          user={null}
          onSignIn={vi.fn()}
          onSignOut={vi.fn()}
        />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByText('Welcome!')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.click(screen.getByText('outside'));
    expect(screen.queryByText('Welcome!')).not.toBeInTheDocument();
  });

  it('shows nothing to visitors of a portal without an identity provider', () => {
    const { container } = render(
      <MobileMenu
        signInAvailable={false}
        isAuthenticated={false}
        user={null}
        onSignIn={vi.fn()}
        onSignOut={vi.fn()}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
