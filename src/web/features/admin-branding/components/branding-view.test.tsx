import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminBranding } from '../../../../shared/api/branding-schemas.js';
import { accentPlan, describeAdjustments } from '../../../../shared/branding/contrast.js';
import { server } from '../../../test-support/server.js';
import { BrandingView } from './branding-view.js';

const DEFAULTS = {
  title: 'App Portal',
  subtitle: 'MMGE App Portal',
  footer: '© 2023 Indiana University',
  footerLink: '',
  accentColor: '',
};

let state: AdminBranding;
let patches: Record<string, unknown>[];
let uploads: string[];

function view(): AdminBranding {
  return state;
}

beforeEach(() => {
  patches = [];
  uploads = [];
  state = {
    portal: { ...DEFAULTS, logoUrl: null, faviconUrl: null, version: 0, signInAvailable: true },
    set: { title: null, subtitle: null, footer: null, footerLink: null, accentColor: null },
    defaults: DEFAULTS,
    accent: null,
    notes: [],
    version: 0,
    updated: null,
    updatedBy: null,
  };
  server.use(
    http.get('/api/admin/portal', () => HttpResponse.json(view())),
    http.patch('/api/admin/portal', async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      patches.push(body);
      if (body.footer === 'refused') {
        return HttpResponse.json(
          { status: 400, message: 'Some fields are invalid', data: { fields: { footer: 'no' } } },
          { status: 400 },
        );
      }
      const accentColor = body.accentColor ?? state.portal.accentColor ?? '';
      const plan = accentColor ? accentPlan(accentColor) : null;
      state = {
        ...state,
        portal: { ...state.portal, ...body, version: state.version + 1 },
        accent: plan && {
          light: { ...plan.light, theme: undefined } as never,
          dark: { ...plan.dark, theme: undefined } as never,
        },
        notes: accentColor ? describeAdjustments(accentColor) : [],
        version: state.version + 1,
      };
      return HttpResponse.json(view());
    }),
    http.put('/api/admin/portal/:kind', async ({ params, request }) => {
      uploads.push(`${String(params.kind)}:${request.headers.get('content-type')}`);
      state = {
        ...state,
        portal: {
          ...state.portal,
          [`${String(params.kind)}Url`]: `/api/portal/${String(params.kind)}/x.png`,
        },
      };
      return HttpResponse.json(view());
    }),
    http.delete('/api/admin/portal/:kind', ({ params }) => {
      state = { ...state, portal: { ...state.portal, [`${String(params.kind)}Url`]: null } };
      return HttpResponse.json(view());
    }),
  );
});

function renderView() {
  const onChanged = vi.fn();
  const onError = vi.fn();
  const result = render(<BrandingView onChanged={onChanged} onError={onError} />);
  return { ...result, onChanged, onError };
}

describe('the Branding tab', () => {
  it('sends only the changed fields, and previews the accent per theme with what was adjusted', async () => {
    const { onChanged, container } = renderView();
    const title = await screen.findByLabelText('Title');
    expect(title).toHaveProperty('value', 'App Portal');
    await userEvent.clear(title);
    await userEvent.type(title, 'Genomics Apps');
    await userEvent.type(screen.getByLabelText('Accent colour'), '#1d4ed8');
    expect(screen.getByText(/^In the dark theme #1d4ed8 has a contrast of/)).toBeTruthy();
    expect(screen.getByText(/#1d4ed8 · \d+\.\d\d:1$/)).toBeTruthy();
    expect((await axe.run(container)).violations).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Save the branding' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(patches).toEqual([{ title: 'Genomics Apps', accentColor: '#1d4ed8' }]);
  });

  it('names bad fields under them, from its own check and from the server, sending nothing bad', async () => {
    renderView();
    const link = await screen.findByLabelText('Footer link');
    await userEvent.type(link, 'javascript:alert(1)');
    await userEvent.type(screen.getByLabelText('Accent colour'), 'blue');
    await userEvent.click(screen.getByRole('button', { name: 'Save the branding' }));
    expect(screen.getByText('must be an http(s) address, or empty for no link')).toBeTruthy();
    expect(link.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/must be a colour written #rrggbb/)).toBeTruthy();
    expect(patches).toEqual([]);

    await userEvent.clear(link);
    await userEvent.clear(screen.getByLabelText('Accent colour'));
    const footer = screen.getByLabelText('Footer text');
    await userEvent.clear(footer);
    await userEvent.type(footer, 'refused');
    await userEvent.click(screen.getByRole('button', { name: 'Save the branding' }));
    await screen.findByText('no');
    expect(footer.getAttribute('aria-invalid')).toBe('true');
  });

  it('uploads and removes the logo and the favicon with the keyboard', async () => {
    const { onChanged } = renderView();
    await screen.findByText('The built-in logo.');
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', {
      type: 'image/png',
    });
    await userEvent.upload(screen.getByLabelText('Choose a logo file…'), png);
    await screen.findByAltText('The current logo');
    expect(uploads).toEqual(['logo:image/png']);
    const remove = screen.getByRole('button', { name: 'Remove the logo' });
    remove.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByText('The built-in logo.');
    expect(onChanged).toHaveBeenLastCalledWith('Removed the logo.');
  });
});
