import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../../test-support/axe.js';
import { AppSection, SKELETONS_PER_SECTION } from './app-section.js';

describe('AppSection', () => {
  it('is a section titled by its h2', () => {
    render(
      <AppSection title="Applications">
        <p>cards</p>
      </AppSection>,
    );
    const section = screen.getByRole('region', { name: 'Applications' });
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent('Applications');
    expect(within(section).getByText('cards')).toBeInTheDocument();
    expect(section).not.toHaveAttribute('aria-busy');
  });

  it('shows 6 skeleton cards while busy, in an aria-busy region', () => {
    expect(SKELETONS_PER_SECTION).toBe(6);
    render(
      <AppSection title="Data" busy>
        <p>cards</p>
      </AppSection>,
    );
    const section = screen.getByRole('region', { name: 'Data' });
    expect(section).toHaveAttribute('aria-busy', 'true');
    expect(within(section).getAllByTestId('app-card-skeleton')).toHaveLength(6);
    expect(within(section).queryByText('cards')).not.toBeInTheDocument();
  });
});

describe('AppSection, collapsible', () => {
  function Harness({ initial = false }: { initial?: boolean }) {
    const [collapsed, setCollapsed] = useState(initial);
    return (
      <main>
        <AppSection title="Data" id="category-x" collapse={{ collapsed, onToggle: setCollapsed }}>
          <p>cards</p>
          <output data-testid="state">{String(collapsed)}</output>
        </AppSection>
      </main>
    );
  }

  it('is still a region titled by its h2, whose title opens and closes it', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    const section = screen.getByRole('region', { name: 'Data' });
    expect(section).toHaveAttribute('id', 'category-x');
    const details = container.querySelector('details');
    expect(details).toHaveAttribute('open');
    // The title is the summary: a click (or Enter on it) closes the section, and says so.
    await user.click(within(section).getByRole('heading', { level: 2, name: 'Data' }));
    await waitFor(() => expect(details).not.toHaveAttribute('open'));
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('true'));
    document.title = 'Portal';
    document.documentElement.lang = 'en';
    expect(await axeViolations()).toEqual([]);
  });

  it('renders a collapsed section closed, its cards still in the page (find-in-page opens it)', () => {
    const { container } = render(<Harness initial />);
    expect(container.querySelector('details')).not.toHaveAttribute('open');
    expect(screen.getByText('cards')).toBeInTheDocument();
  });
});
