import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../test-support/render-app.js';

describe('a path that is no page of the portal', () => {
  afterEach(() => window.history.pushState(null, '', '/'));

  it('says the page was not found, with the header, and links home without a reload', async () => {
    renderApp('/some/typo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(document.title).toMatch(/^Page not found · /);
    // The header stays: the visitor can still reach everything from here.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Search apps' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Go to the portal’s home page' }));
    expect(window.location.pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
    expect(document.title).not.toMatch(/^Page not found/);
  });
});
