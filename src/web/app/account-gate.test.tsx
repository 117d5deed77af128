import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Me } from '../../shared/api/schemas.js';
import { createSessionStore } from '../features/auth/stores/session-store.js';
import { makeMe } from '../test-support/fixtures.js';
import { AccountGate, type AccountGateTexts } from './account-gate.js';

const TEXTS: AccountGateTexts = {
  title: 'Console',
  signIn: 'Sign in to use the console.',
  noSignIn: 'Nobody can sign in here.',
  notAllowed: 'Only admins may.',
};

/** A session store in a known state: `undefined` not known yet, `null` signed out. */
function session(me: Me | null | undefined) {
  const signIn = vi.fn();
  const store = createSessionStore({
    fetchMe: () => new Promise(() => {}),
    reloadPublicApps: async () => {},
    signIn,
    signOut: () => {},
    storage: localStorage,
    ...(me === undefined ? {} : { rendered: { me } }),
  });
  return { store, signIn };
}

function gate(me: Me | null | undefined, signInAvailable = true, adminsOnly = true) {
  const { store, signIn } = session(me);
  render(
    <AccountGate
      session={store}
      signInAvailable={signInAvailable}
      texts={TEXTS}
      adminsOnly={adminsOnly}
    >
      <p>The screen</p>
    </AccountGate>,
  );
  return { signIn };
}

const back = () => screen.getByRole('link', { name: 'Back to the portal' });

describe('AccountGate', () => {
  it('says it is checking until the session is known', () => {
    gate(undefined);
    expect(screen.getByRole('heading', { level: 1, name: 'Console' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Checking your account…');
    expect(screen.queryByText('The screen')).toBeNull();
  });

  it('asks visitors to sign in, with a way back', async () => {
    const { signIn } = gate(null);
    expect(screen.getByText('Sign in to use the console.')).toBeVisible();
    expect(back()).toHaveAttribute('href', '/');
    await userEvent.click(
      within(screen.getByRole('main')).getByRole('button', { name: 'Sign in' }),
    );
    expect(signIn).toHaveBeenCalledOnce();
    expect(screen.queryByText('The screen')).toBeNull();
  });

  it('says so where nobody can sign in, and offers no sign-in', () => {
    gate(null, false);
    expect(screen.getByText('Nobody can sign in here.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    expect(back()).toBeVisible();
  });

  it('tells a signed-in user the screen is not for that it is not allowed', () => {
    gate(makeMe({ isAdmin: false }));
    expect(screen.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Only admins may.');
    expect(back()).toBeVisible();
    expect(screen.queryByText('The screen')).toBeNull();
  });

  it('shows an admins-only screen to admins', () => {
    gate(makeMe({ isAdmin: true }));
    expect(screen.getByText('The screen')).toBeVisible();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('lets every signed-in user through a screen without a rule', () => {
    gate(makeMe({ isAdmin: false }), true, false);
    expect(screen.getByText('The screen')).toBeVisible();
  });
});
