import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeApp } from '../../../test-support/fixtures.js';
// The home page gives the card its status parts (tests may compose features).
import { AppStatusDetails, AppStatusIndicator } from '../../status/components/app-status.js';
import { createStatusStore } from '../../status/stores/status-store.js';
import { AppCard } from './app-card.js';

const renderCard = (...args: Parameters<typeof makeApp>) => {
  const app = makeApp(...args);
  render(<AppCard app={app} status={<span>status here</span>} />);
  return screen.getByRole('article', { name: app.name });
};

describe('AppCard', () => {
  it('shows the name as its heading, the description and the status', () => {
    const card = renderCard({ name: 'Galaxy', description: 'Genomics analyses.' });
    expect(within(card).getByRole('heading', { level: 3, name: 'Galaxy' })).toBeInTheDocument();
    expect(within(card).getByText('Genomics analyses.')).toBeInTheDocument();
    expect(within(card).getByText('status here')).toBeInTheDocument();
  });

  it('names its app in data-app-id, for tools that find a card by its app', () => {
    const card = renderCard({ id: 'galaxy', name: 'Galaxy' });
    expect(card).toHaveAttribute('data-app-id', 'galaxy');
  });

  it.each([
    ['prod', 'Prod'],
    ['stage', 'Stage'],
    ['dev', 'Dev'],
  ] as const)('labels the %s environment %j in the warning style', (env, label) => {
    const card = renderCard({ env });
    expect(within(card).getByText(label)).toHaveClass('badge', 'badge-warning');
  });

  it('shows the logo with its alt text when the app has one', () => {
    const card = renderCard({
      id: 'galaxy',
      name: 'Galaxy',
      image: 'galaxy.svg',
      imageUrl: '/api/files/apps0000000000a/galaxy/galaxy.svg',
    });
    const logo = within(card).getByRole('img', { name: 'Galaxy logo' });
    expect(logo).toHaveAttribute('src', '/api/files/apps0000000000a/galaxy/galaxy.svg');
    expect(within(card).queryByTestId('app-logo-placeholder')).not.toBeInTheDocument();
  });

  it('shows a placeholder when the app has no image', () => {
    const card = renderCard({ name: 'Galaxy', image: '' });
    expect(within(card).getByTestId('app-logo-placeholder')).toHaveTextContent('G');
    expect(within(card).queryByRole('img', { name: 'Galaxy logo' })).not.toBeInTheDocument();
  });

  it('links to the app, its documentation and its repository in new tabs', () => {
    const card = renderCard({
      name: 'Galaxy',
      link: 'https://galaxy.example.edu/',
      doc: 'https://docs.example.edu/galaxy/',
      github: 'https://github.com/galaxyproject/galaxy',
    });
    const links = [
      ['Open Galaxy', 'https://galaxy.example.edu/'],
      ['Galaxy documentation', 'https://docs.example.edu/galaxy/'],
      ['Galaxy repository', 'https://github.com/galaxyproject/galaxy'],
    ];
    for (const [name, href] of links) {
      const link = within(card).getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('does not render missing (or non-web) links', () => {
    const card = renderCard({
      name: 'Galaxy',
      link: '',
      doc: '',
      github: 'javascript:alert(1)',
    });
    expect(within(card).queryAllByRole('link')).toEqual([]);
  });

  it('renders catalog text as text, never as HTML', () => {
    const card = renderCard({
      name: '<b>Bold</b>',
      description: '<img src=x onerror="alert(1)">',
    });
    expect(within(card).getByRole('heading', { name: '<b>Bold</b>' })).toBeInTheDocument();
    expect(within(card).getByText('<img src=x onerror="alert(1)">')).toBeInTheDocument();
    expect(card.querySelector('b')).toBeNull();
    expect(card.querySelector('img')).toBeNull();
  });

  it('shows the favorite toggle only when given one', () => {
    const app = makeApp({ name: 'Galaxy' });
    const { rerender } = render(<AppCard app={app} status={null} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    rerender(<AppCard app={app} status={null} favoriteToggle={<button>fav</button>} />);
    expect(screen.getByRole('button', { name: 'fav' })).toBeInTheDocument();
  });
  it('marks the highlighted parts of the name, keeping it as the card name', () => {
    const app = makeApp({ name: 'RStudio Server' });
    render(
      <AppCard
        app={app}
        status={null}
        nameParts={[
          { text: 'RStudio', highlighted: true },
          { text: ' Server', highlighted: false },
        ]}
      />,
    );
    const card = screen.getByRole('article', { name: 'RStudio Server' });
    expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent('RStudio Server');
    expect([...card.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['RStudio']);
  });

  describe.each(['comfortable', 'compact'])('in the %s view', (density) => {
    afterEach(() => {
      delete document.documentElement.dataset.density;
    });

    it('stays lean: at most 12 elements with everything shown, tooltips without wrappers', () => {
      // The view is the root's attribute, for the styles only: the markup is the same.
      document.documentElement.dataset.density = density;
      const app = makeApp({
        id: 'galaxy',
        name: 'Galaxy',
        image: 'galaxy.svg',
        imageUrl: '/api/files/apps0000000000a/galaxy/galaxy.svg',
        link: 'https://galaxy.example.edu/',
        doc: 'https://docs.example.edu/galaxy/',
        github: 'https://github.com/galaxyproject/galaxy',
      });
      const store = createStatusStore();
      act(() => {
        store.getState().setItems([
          {
            id: app.id,
            url: app.link ?? '',
            status: 3,
            checkedAt: new Date().toISOString(),
            stale: false,
          },
        ]);
        store.getState().setStrips({
          range: '24h',
          bucketMinutes: 30,
          end: new Date().toISOString(),
          items: [
            {
              appId: 'galaxy',
              uptime: 0.9,
              strip: `${'u'.repeat(40)}dpmmmmmm`,
              changesLastHour: 1,
            },
          ],
        });
        store.getState().setNotices({ notices: [], maintenance: ['galaxy'] });
      });
      render(
        <AppCard
          app={app}
          status={<AppStatusIndicator app={app} store={store} />}
          statusDetails={<AppStatusDetails app={app} store={store} />}
        />,
      );
      const card = screen.getByRole('article', { name: 'Galaxy' });
      expect(card).toHaveAttribute('data-app-id', 'galaxy');
      // Everything a card can show to a visitor: logo, name, environment, status, description,
      // strip (with its text for screen readers), maintenance, documentation, repository, open.
      expect(within(card).getByRole('img', { name: 'Galaxy logo' })).toBeInTheDocument();
      expect(within(card).getByRole('img', { name: 'Maintenance' })).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: /^Status history of Galaxy/ })).toBeVisible();
      expect(within(card).getByText('Maintenance')).toHaveAttribute('data-maintenance', 'true');
      expect(within(card).getAllByRole('link')).toHaveLength(3);
      const elements = card.querySelectorAll('*').length + 1;
      expect(elements).toBeLessThanOrEqual(12);
      // Icons are the elements' own drawings (no SVG, no icon element); tooltips are the
      // elements' `data-tip`, never a wrapper, and each has its own accessible name.
      expect(card.querySelector('svg, .icon, .tooltip')).toBeNull();
      const tipped = [...card.querySelectorAll('[data-tip]')];
      expect(tipped.map((element) => element.getAttribute('data-tip'))).toEqual([
        'Maintenance',
        'Documentation',
        'Repository',
      ]);
      for (const element of tipped) {
        expect(element.childElementCount).toBe(0);
        expect(element.parentElement).toBe(card);
        expect(element).toHaveAccessibleName();
      }
    });
  });
});
