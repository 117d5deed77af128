import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LocaleProvider } from '../../../lib/i18n.js';
import { makeLockedApp } from '../../../test-support/fixtures.js';
import { localeFor } from '../../../test-support/messages.js';
import { LockedAppCard } from './locked-app-card.js';

const app = (days: number) =>
  makeLockedApp({
    name: 'Napari',
    lockedAccess: { group: '/imaging', approvers: ['pi', 'group:/leads'], days },
  });

describe('LockedAppCard in other languages', () => {
  it('says who grants the app and for how long, in German', () => {
    const napari = app(1);
    render(
      <LocaleProvider locale={localeFor('de')}>
        <LockedAppCard app={napari} />
      </LocaleProvider>,
    );
    const card = screen.getByRole('article', { name: 'Napari' });
    expect(card).toHaveTextContent('Gesperrt');
    expect(card).toHaveTextContent(
      'Gewährt über /imaging · genehmigt von pi und Mitglieder von /leads',
    );
    expect(card).toHaveTextContent('Zugriff für 1 Tag');
    expect(card).toHaveAttribute('data-app-id', napari.id);
    expect(card).toHaveAttribute('data-locked', 'true');
  });

  it("uses Arabic's plural forms", () => {
    const ar = localeFor('ar');
    const { rerender } = render(
      <LocaleProvider locale={ar}>
        <LockedAppCard app={app(2)} />
      </LocaleProvider>,
    );
    expect(screen.getByRole('article')).toHaveTextContent('وصول لمدة يومين');
    rerender(
      <LocaleProvider locale={ar}>
        <LockedAppCard app={app(5)} />
      </LocaleProvider>,
    );
    expect(screen.getByRole('article')).toHaveTextContent('وصول لمدة 5 أيام');
  });

  it.each(['comfortable', 'compact'])(
    'stays lean in the %s view: at most 12 elements',
    (density) => {
      document.documentElement.dataset.density = density;
      const napari = app(3);
      render(<LockedAppCard app={napari} />);
      const card = screen.getByRole('article', { name: 'Napari' });
      expect(card).toHaveAttribute('data-app-id', napari.id);
      expect(card.querySelectorAll('*').length + 1).toBeLessThanOrEqual(12);
      // The lock is the badge's own drawing, not an element.
      expect(card.querySelector('svg, .icon')).toBeNull();
      delete document.documentElement.dataset.density;
    },
  );
});
