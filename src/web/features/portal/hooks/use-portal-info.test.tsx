import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { PortalInfo } from '../../../../shared/api/schemas.js';
import { accentPlan } from '../../../../shared/branding/contrast.js';
import { portalInfo, server } from '../../../test-support/server.js';
import { PortalBrand } from '../components/portal-brand.js';
import { PortalFooter } from '../components/portal-footer.js';
import { ACCENT_STYLE_ID, applyBranding } from '../utils/apply-branding.js';
import { usePortalInfo } from './use-portal-info.js';

afterEach(() => {
  document.getElementById(ACCENT_STYLE_ID)?.remove();
  document.querySelector('link[rel="icon"]')?.remove();
});

function Probe({ initial }: { initial: PortalInfo }) {
  const info = usePortalInfo(initial, 20);
  return (
    <>
      <PortalBrand info={info} />
      <PortalFooter info={info} />
    </>
  );
}

describe('branding in an open page', () => {
  it('picks up a changed branding without a reload: texts, logo, footer link, accent, favicon', async () => {
    let answer: PortalInfo = { ...portalInfo };
    server.use(http.get('/api/portal', () => HttpResponse.json(answer)));
    document.title = portalInfo.title;
    render(<Probe initial={portalInfo} />);
    expect(screen.getByText('Genomics Portal')).toBeTruthy();

    answer = {
      ...portalInfo,
      title: 'Lab Apps',
      footerLink: 'https://lab.example.edu/',
      accentColor: '#1d4ed8',
      logoUrl: '/api/portal/logo/logo-abc.png',
      faviconUrl: '/api/portal/favicon/favicon-abc.png',
      version: 3,
    };
    await screen.findByText('Lab Apps');
    expect(document.title).toBe('Lab Apps');
    const link = screen.getByRole('link', { name: portalInfo.footer });
    expect(link.getAttribute('href')).toBe('https://lab.example.edu/');
    expect(document.querySelectorAll('img[src="/api/portal/logo/logo-abc.png"]')).toHaveLength(2);
    const style = document.getElementById(ACCENT_STYLE_ID);
    expect(style?.textContent).toContain(`--color-primary:${accentPlan('#1d4ed8').light.primary}`);
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe(
      '/api/portal/favicon/favicon-abc.png',
    );

    // Back to the defaults: the style goes, the built-in favicon and mark come back.
    answer = { ...portalInfo, version: 4 };
    // The document's head changes as the answer arrives, the rendered mark at React's next commit.
    await waitFor(() => expect(document.querySelectorAll('img')).toHaveLength(0));
    expect(document.getElementById(ACCENT_STYLE_ID)).toBeNull();
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/favicon.svg');
  });

  it('writes only validated colours into the style', () => {
    applyBranding({ ...portalInfo, accentColor: 'red}</style><script>' });
    expect(document.getElementById(ACCENT_STYLE_ID)).toBeNull();
  });
});
