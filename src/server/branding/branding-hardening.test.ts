import { afterEach, describe, expect, it } from 'vitest';
import { startBrandingPortal, type BrandingPortal } from '../test-support/branding-portal.js';

// The branding's share of the third hardening round: control characters in the footer link
// (NUL was a 500 on PostgreSQL) and in the texts (C1 passed), and prototype keys in the catalog
// file's portal section (silently ignored). Each is a 400 that changes nothing.

let portals: BrandingPortal[] = [];
afterEach(async () => {
  await Promise.all(portals.map((one) => one.close()));
  portals = [];
});

async function portal() {
  const one = await startBrandingPortal();
  portals.push(one);
  return one;
}

describe('branding texts and links hold no control characters', () => {
  it.each([
    ['footerLink', 'https://lab.example.edu/\u0000'],
    ['footerLink', 'https://lab.example.edu/a\u0007b'],
    ['footerLink', 'https://lab.example.edu/\u0085'],
    ['footerLink', 'https://lab.example.edu/\u009b31m'],
    ['title', 'Lab\u0085Apps'],
    ['subtitle', 'Sub\u0080title'],
    ['footer', 'Footer \u009f'],
    ['title', { en: 'Lab', de: 'Labor\u0090' }],
  ])('refuses %s = %j with 400, changing nothing', async (field, value) => {
    const one = await portal();
    const response = await one.asAdmin('PATCH', '/api/admin/portal', { [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.fields).toHaveProperty(field);
    expect(await one.brandingAudit()).toEqual([]);
    expect((await one.portal()).title).toBe('App Portal');
  });
});

describe("the catalog file's portal section", () => {
  it.each(['__proto__', 'constructor', 'prototype'])(
    'refuses a %s key, changing nothing',
    async (key) => {
      const one = await portal();
      const yaml = [
        'portal:',
        '  title: Lab Apps',
        `  ${key}:`,
        '    title: Hacked',
        'apps: []',
      ].join('\n');
      const response = await one.asAdmin('POST', '/api/admin/catalog/import?dryRun=false', yaml, {
        'content-type': 'text/yaml',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(`portal: field "${key}"`);
      expect((await one.portal()).title).toBe('App Portal');
      expect(await one.brandingAudit()).toEqual([]);
    },
  );
});
