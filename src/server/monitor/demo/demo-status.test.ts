import { describe, expect, it } from 'vitest';
import {
  createDemoStatus,
  demoStatusAllowed,
  simulatedApps,
  type DemoCandidate,
} from './demo-status.js';

const CATALOG = [
  { id: 'galaxy', link: 'https://galaxy.mmge.example.edu/' },
  { id: 'help-desk', link: 'https://help.mmge.example.edu/' },
];

const asLoaded = (id: string, link: string): DemoCandidate => ({
  id,
  name: id,
  link,
  managedBy: 'portal',
  updatedBy: 'demo-catalog',
});
const galaxy = asLoaded('galaxy', 'https://galaxy.mmge.example.edu/');
const helpDesk = asLoaded('help-desk', 'https://help.mmge.example.edu/');

describe('which apps get simulated statuses', () => {
  it.each<[string, DemoCandidate[], string[]]>([
    ['the demo catalog as loaded', [galaxy, helpDesk], ['galaxy', 'help-desk']],
    ['part of it (the rest deleted)', [galaxy], ['galaxy']],
    ['an empty catalog', [], []],
    ['an app edited by an admin', [galaxy, { ...helpDesk, updatedBy: 'alice' }], []],
    ['an app added by an admin', [galaxy, helpDesk, { ...asLoaded('wiki', 'https://w.x/') }], []],
    [
      'a demo id with another link',
      [galaxy, { ...helpDesk, link: 'https://help.example.org/' }],
      [],
    ],
    [
      'apps from CATALOG_FILE',
      [{ ...galaxy, managedBy: 'catalog-file', updatedBy: 'catalog-file' }],
      [],
    ],
    ['an app restored or imported by someone', [galaxy, { ...helpDesk, updatedBy: 'admin' }], []],
  ])('%s', (_, apps, expected) => {
    expect([...simulatedApps(apps, CATALOG).keys()]).toEqual(expected);
  });

  it.each<[string, Parameters<typeof demoStatusAllowed>[0], boolean]>([
    ['by default', { catalogFile: undefined, demoCatalog: true, monitor: { demo: true } }, true],
    [
      'with DEMO_STATUS=false',
      { catalogFile: undefined, demoCatalog: true, monitor: { demo: false } },
      false,
    ],
    [
      'with CATALOG_FILE',
      { catalogFile: 'apps.yaml', demoCatalog: true, monitor: { demo: true } },
      false,
    ],
    [
      'with DEMO_CATALOG=false',
      { catalogFile: undefined, demoCatalog: false, monitor: { demo: true } },
      false,
    ],
  ])('settings allow it %s: %s', (_, settings, expected) => {
    expect(demoStatusAllowed(settings)).toBe(expected);
  });

  it('follows the catalog: off at the first change it hears of, without waiting for a cycle', async () => {
    let apps = [galaxy, helpDesk];
    const listeners: (() => void)[] = [];
    const demo = createDemoStatus({
      demoCatalog: CATALOG,
      apps: {
        findAll: async () => apps,
        onChange: (listener) => {
          listeners.push(listener);
          return () => {};
        },
      },
    });
    expect(demo.active).toBe(false);
    await demo.refresh();
    expect(demo.active).toBe(true);
    expect(demo.appOfLink('https://help.mmge.example.edu/')).toBe('help-desk');
    const version = demo.version;

    apps = [galaxy, { ...helpDesk, updatedBy: 'alice' }];
    listeners.forEach((listener) => listener());
    await demo.refresh();
    expect(demo.active).toBe(false);
    expect(demo.app('galaxy')).toBeUndefined();
    expect(demo.appOfLink('https://help.mmge.example.edu/')).toBeUndefined();
    expect(demo.version).toBeGreaterThan(version);
  });
});
