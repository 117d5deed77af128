import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
