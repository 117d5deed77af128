import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../stores/session-store.js';
import { UserMenu } from './user-menu.js';

const ada: SessionUser = {
  name: 'Ada Lovelace',
  email: 'ada@example.edu',
  roles: [],
  given_name: 'ada',
  preferred_username: 'ada',
  groups: 'genomics',
};

describe('UserMenu (768 px and wider)', () => {
  it('reads "Sign in" when signed out and signs in on click', async () => {
    const onSignIn = vi.fn();
    render(
      <UserMenu
        signInAvailable
        isAuthenticated={false}
        user={null}
        onSignIn={onSignIn}
        onSignOut={vi.fn()}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSignIn).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('user-avatar')).not.toBeInTheDocument();
  });

  it('offers no sign-in at all on a portal without an identity provider', () => {
    const { container } = render(
      <UserMenu
        signInAvailable={false}
        isAuthenticated={false}
        user={null}
        onSignIn={vi.fn()}
        onSignOut={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(container).toBeEmptyDOMElement();
  });

  it('reads "Hello, {given name}" with an avatar of its first letter when signed in', () => {
    render(
      <UserMenu
        signInAvailable
        isAuthenticated
        user={ada}
        onSignIn={vi.fn()}
        onSignOut={vi.fn()}
      />,
    );
    const button = screen.getByRole('button', { name: 'Hello, ada' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('user-avatar')).toHaveTextContent(/^A$/);
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('opens a menu with "Notification settings" (focused, a link to /settings) and "Sign out", and signs out from it', async () => {
    const onSignOut = vi.fn();
    render(
      <UserMenu
        signInAvailable
        isAuthenticated
        user={ada}
        onSignIn={vi.fn()}
        onSignOut={onSignOut}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Hello, ada' }));
    expect(screen.getByRole('button', { name: 'Hello, ada' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const settings = screen.getByRole('link', { name: 'Notification settings' });
    expect(settings).toHaveFocus();
    // A plain link: the settings page is the server's, and works without JavaScript.
    expect(settings).toHaveAttribute('href', '/settings');
    const signOut = screen.getByRole('button', { name: 'Sign out' });
    await userEvent.click(signOut);
    expect(onSignOut).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('closes on Escape (focus back on the button) and on a click outside', async () => {
    render(
      <>
        <p>outside</p>
        <UserMenu
          signInAvailable
          isAuthenticated
          user={ada}
          onSignIn={vi.fn()}
          onSignOut={vi.fn()}
        />
      </>,
    );
    const trigger = screen.getByRole('button', { name: 'Hello, ada' });
    await userEvent.click(trigger);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    await userEvent.click(trigger);
    await userEvent.click(screen.getByText('outside'));
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });
});
