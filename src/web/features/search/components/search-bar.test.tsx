import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { SearchQuery } from '../hooks/use-search-query.js';
import { MAX_LISTED_RESULTS, SearchBar, type SearchResult } from './search-bar.js';

const result = (name: string, overrides: Partial<SearchResult> = {}): SearchResult => ({
  id: name.toLowerCase().replace(/\W+/g, '-'),
  name,
  nameMatches: [],
  section: 'Applications',
  environment: 'Prod',
  href: `https://${name.toLowerCase().replace(/\W+/g, '')}.example.edu/`,
  ...overrides,
});

const galaxy = result('Galaxy', { nameMatches: [{ start: 0, end: 3 }] });
const igv = result('IGV Web', { section: 'Data', environment: 'Stage' });
const wiki = result('Group Wiki', { href: undefined });

/**
 * The bar with a query kept in React state and a fixed list of results whenever the query is
 * not empty (matching is the engine's job; this is about the keyboard and the ARIA pattern).
 */
function setup(results: SearchResult[] = [galaxy, igv, wiki]) {
  const openLink = vi.fn<(href: string) => void>();
  const commit = vi.fn();
  function Harness() {
    const [query, setQuery] = useState('');
    const search: SearchQuery = { query, setQuery, commit, clear: () => setQuery('') };
    return (
      <>
        <label>
          Notes
          <textarea />
        </label>
        <button type="button">Elsewhere</button>
        <SearchBar
          search={search}
          results={query.trim() === '' ? null : results}
          openLink={openLink}
        />
      </>
    );
  }
  render(<Harness />);
  const field = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search apps' });
  return { field, openLink, commit, user: userEvent.setup() };
}

const options = () =>
  within(screen.getByRole('listbox', { name: 'Search results' })).getAllByRole('option');
const activeOption = (field: HTMLElement) => {
  const id = field.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

const combobox = () => screen.getByRole('combobox', { name: 'Search apps' });

describe('SearchBar', () => {
  it('is a collapsed combobox in a search landmark until there is something to list', async () => {
    const { field, user } = setup();
    expect(screen.getByRole('search')).toContainElement(field);
    expect(combobox()).toContainElement(field);
    expect(combobox()).toHaveAttribute('aria-owns', field.getAttribute('aria-controls'));
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(field).toHaveAttribute('aria-autocomplete', 'list');
    expect(field).not.toHaveAttribute('aria-activedescendant');
    expect(field).toHaveAccessibleDescription(/Enter opens it in a new tab/);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.click(field);
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('ga');
    expect(combobox()).toHaveAttribute('aria-expanded', 'true');
    expect(field).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
  });

  it('lists the results in order, the first one active, with the matched letters marked', async () => {
    const { field, user } = setup();
    await user.type(field, 'gal');
    expect(options().map((option) => option.textContent)).toEqual([
      'Galaxy, Applications · Prod',
      'IGV Web, Data · Stage',
      'Group Wiki, Applications · Prod · no link',
    ]);
    expect(activeOption(field)).toBe(options()[0]);
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    expect(options()[1]).toHaveAttribute('aria-selected', 'false');
    expect(options()[0]?.querySelector('mark')).toHaveTextContent(/^Gal$/);
    expect(options()[2]).toHaveAttribute('aria-disabled', 'true');
  });

  it('moves through the results with the arrow keys, wrapping around', async () => {
    const { field, user } = setup();
    await user.type(field, 'a');
    await user.keyboard('{ArrowDown}');
    expect(activeOption(field)).toHaveTextContent('IGV Web');
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    expect(options()[0]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowDown}');
    expect(activeOption(field)).toHaveTextContent('Group Wiki');
    await user.keyboard('{ArrowDown}');
    expect(activeOption(field)).toHaveTextContent('Galaxy');
    await user.keyboard('{ArrowUp}');
    expect(activeOption(field)).toHaveTextContent('Group Wiki');
    // The caret stays in the field: arrows do not move it while the list is open.
    expect(field).toHaveFocus();
  });

  it('makes the first result active again when the query changes', async () => {
    const { field, user } = setup();
    await user.type(field, 'a');
    await user.keyboard('{ArrowDown}');
    expect(activeOption(field)).toHaveTextContent('IGV Web');
    await user.keyboard('b');
    expect(activeOption(field)).toHaveTextContent('Galaxy');
  });

  it('opens the first result with Enter by default', async () => {
    const { field, openLink, commit, user } = setup();
    await user.type(field, 'galxy{Enter}');
    expect(openLink).toHaveBeenCalledExactlyOnceWith('https://galaxy.example.edu/');
    expect(commit).toHaveBeenCalled();
  });

  it('opens the active result with Enter', async () => {
    const { field, openLink, user } = setup();
    await user.type(field, 'a{ArrowDown}{Enter}');
    expect(openLink).toHaveBeenCalledExactlyOnceWith('https://igvweb.example.edu/');
  });

  it('says so instead of opening a result without a link', async () => {
    const { field, openLink, user } = setup();
    await user.type(field, 'a{ArrowUp}{Enter}');
    expect(openLink).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Group Wiki has no link to open.');
  });

  it('opens a result on click, keeping the focus in the field', async () => {
    const { field, openLink, user } = setup();
    await user.type(field, 'a');
    await user.click(screen.getByRole('option', { name: /IGV Web/ }));
    expect(openLink).toHaveBeenCalledExactlyOnceWith('https://igvweb.example.edu/');
    expect(field).toHaveFocus();
  });

  it('does nothing on Enter when nothing matches', async () => {
    const { field, openLink, user } = setup([]);
    await user.type(field, 'zzz{Enter}');
    expect(openLink).not.toHaveBeenCalled();
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
  });

  it('clears with Escape, then leaves the field with a second Escape', async () => {
    const { field, user } = setup();
    await user.type(field, 'galaxy');
    await user.keyboard('{Escape}');
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Escape}');
    expect(field).not.toHaveFocus();
  });

  it('closes the list when the field loses focus, and commits the query', async () => {
    const { field, commit, user } = setup();
    await user.type(field, 'a');
    commit.mockClear();
    await user.tab();
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(field).not.toHaveAttribute('aria-activedescendant');
    expect(commit).toHaveBeenCalled();
  });

  it.each([
    ['/', '/'],
    ['Ctrl+K', '{Control>}k{/Control}'],
    ['Cmd+K', '{Meta>}k{/Meta}'],
  ])('focuses the field with %s from anywhere, selecting the query', async (_name, keys) => {
    const { field, user } = setup();
    await user.type(field, 'galaxy');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(field).not.toHaveFocus();
    await user.keyboard(keys);
    expect(field).toHaveFocus();
    expect(field).toHaveValue('galaxy');
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 6]);
  });

  it('leaves the keys alone while the user types in another field', async () => {
    const { field, user } = setup();
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    await user.click(notes);
    await user.keyboard('a/b{Control>}k{/Control}');
    expect(notes).toHaveFocus();
    expect(notes).toHaveValue('a/b');
    expect(field).toHaveValue('');
  });

  it('types a slash into its own query', async () => {
    const { field, user } = setup();
    await user.type(field, 'a/b');
    expect(field).toHaveValue('a/b');
  });

  it('announces the number of results in a live region once typing pauses', async () => {
    const { field, user } = setup();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');
    await user.type(field, 'a');
    expect(await screen.findByText('3 apps found')).toBe(status);
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(status).toHaveTextContent(''));
  });

  it.each([
    ['no result', [], 'No apps found'],
    ['one result', [galaxy], '1 app found'],
  ])('announces %s as %j', async (_name, results, message) => {
    const { field, user } = setup(results);
    await user.type(field, 'x');
    expect(await screen.findByText(message)).toBe(screen.getByRole('status'));
  });

  it(`lists at most ${MAX_LISTED_RESULTS} results and says how many more the cards show`, async () => {
    const many = Array.from({ length: MAX_LISTED_RESULTS + 7 }, (_, i) => result(`App ${i}`));
    const { field, user } = setup(many);
    await user.type(field, 'app');
    expect(options()).toHaveLength(MAX_LISTED_RESULTS);
    expect(screen.getByText('7 more below; type more to narrow the list.')).toBeVisible();
    await user.keyboard('{ArrowUp}');
    expect(activeOption(field)).toHaveTextContent(`App ${MAX_LISTED_RESULTS - 1}`);
  });
});
