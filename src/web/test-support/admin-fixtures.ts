import { PUBLIC_APP_DEFAULTS } from '../../shared/catalog/app-fields.js';
import type { AdminApp } from '../../shared/api/admin-schemas.js';
import type { Icon } from '../../shared/api/icon-schemas.js';

/** The admin console's test data: apps and icons as the admin API answers them. */
export const NOW = '2026-11-23T12:00:00.000Z';

export function makeAdminApp(overrides: Partial<AdminApp> & { id: string }): AdminApp {
  return {
    name: overrides.id,
    ...PUBLIC_APP_DEFAULTS,
    associatedGroups: [],
    image: '',
    link: `https://${overrides.id}.example.edu/`,
    isPublic: true,
    created: NOW,
    updated: NOW,
    version: 1,
    createdAt: NOW,
    updatedAt: NOW,
    updatedBy: 'catalog-file',
    managedBy: 'portal',
    ...overrides,
  };
}

/** The fake's SVG of an icon: a tile in its colour, titled. */
export const fakeIconSvg = (icon: Icon) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><title>${icon.title}</title><rect width="32" height="32" fill="#${icon.hex}"/></svg>`;

const makeIcon = (slug: string, title: string, hex: string, set: Icon['set']): Icon => ({
  slug,
  title,
  hex,
  set,
  svgUrl: `/api/admin/icons/${slug}.svg`,
});

/** A few icons of both sets, for the picker's tests. */
export const FAKE_ICONS: readonly Icon[] = [
  makeIcon('research-galaxy', 'Galaxy', '2B3A67', 'portal'),
  makeIcon('research-slurm', 'Slurm', '3D2F6B', 'portal'),
  makeIcon('jupyter', 'Jupyter', 'F37626', 'simple-icons'),
  makeIcon('github', 'GitHub', '181717', 'simple-icons'),
  makeIcon('gitlab', 'GitLab', 'FC6D26', 'simple-icons'),
];
