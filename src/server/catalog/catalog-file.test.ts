import { describe, expect, it } from 'vitest';
import { CatalogError, parseCatalog } from './catalog-file.js';

const parse = (text: string) => parseCatalog(text, 'catalog.yaml', '/catalogs');

function problems(text: string): string[] {
  try {
    parse(text);
  } catch (error) {
    expect(error).toBeInstanceOf(CatalogError);
    return (error as CatalogError).problems;
  }
  throw new Error('expected the catalog to be refused');
}

describe('parseCatalog', () => {
  it('reads image: icon:<slug> as an icon of the bundled set, not a path', () => {
    const [app] = parse('apps:\n  - name: Jupyter\n    image: " ICON:jupyter "\n');
    expect(app).toMatchObject({ imageIcon: 'jupyter', imagePath: undefined });
    const [plain] = parse('apps:\n  - name: Plain\n');
    expect(plain).not.toHaveProperty('imageIcon');
  });

  it('refuses prototype keys, in YAML and JSON, naming each', () => {
    const expected = [
      'app 1 "A": field "__proto__" is a reserved name, not a field',
      'app 1 "A": field "constructor" is a reserved name, not a field',
      'app 1 "A": field "prototype" is a reserved name, not a field',
    ];
    expect(
      problems(
        'apps:\n  - name: A\n    __proto__: { isPublic: true }\n    constructor: x\n    prototype: y\n',
      ),
    ).toEqual(expected);
    expect(
      problems(
        '{"apps": [{"name": "A", "__proto__": {"isPublic": true}, "constructor": 1, "prototype": 2}]}',
      ),
    ).toEqual(expected);
    expect(problems('__proto__: { apps: [] }\napps: []\n')).toEqual([
      'unknown top-level field "__proto__"',
    ]);
  });

  it('reads YAML with defaults and derived ids', () => {
    const [app] = parse(`
apps:
  - name: RStudio Server
    image: logos/rstudio.svg
    associatedGroups: ['/genomics', ' staff ']
    link: https://rstudio.example.edu/
`);
    expect(app).toEqual({
      id: 'rstudio-server',
      name: 'RStudio Server',
      description: '',
      imagePath: '/catalogs/logos/rstudio.svg',
      doc: '',
      github: '',
      env: 'prod',
      category: 'apps',
      link: 'https://rstudio.example.edu/',
      isPublic: false,
      associatedGroups: ['genomics', 'staff'],
      collectionId: 'apps',
      access: null,
    });
  });

  it('reads JSON', () => {
    const apps = parse(
      JSON.stringify({ apps: [{ id: 'x', name: 'X', env: 'dev', isPublic: true }] }),
    );
    expect(apps[0]).toMatchObject({ id: 'x', env: 'dev', isPublic: true });
  });

  it('names the app and the field of every problem', () => {
    expect(
      problems(`
apps:
  - name: Galaxy
    env: production
  - description: no name
  - name: Tower
    colour: blue
    isPublic: "yes"
  - name: Bad Links
    link: javascript:alert(1)
    doc: not a url
`),
    ).toEqual([
      'app 1 "Galaxy": field "env" must be one of prod, stage, dev (got "production")',
      'app 2: field "name" is required',
      'app 3 "Tower": field "colour" is not a known field',
      'app 3 "Tower": field "isPublic" must be true or false',
      'app 4 "Bad Links": field "doc" must be an http(s) URL (got "not a url")',
      'app 4 "Bad Links": field "link" must be an http(s) URL (got "javascript:alert(1)")',
    ]);
  });

  it.each([
    ['apps: [{ name: A, id: "Has Spaces" }]', /field "id" must be lowercase/],
    ['apps: [{ name: A }, { name: a }]', /"a" is already used by app 1 "A"/],
    ['apps: [{ name: A, image: /etc/passwd.png }]', /field "image" must be a path relative/],
    ['apps: [{ name: A, image: "https://x/y.png" }]', /field "image" must be a path relative/],
    ['apps: [{ name: A, image: notes.txt }]', /field "image" must be an image file/],
    ['apps: [{ name: A, image: "icon: " }]', /field "image" must name an icon after "icon:"/],
    ['apps: [{ name: A, associatedGroups: genomics }]', /associatedGroups" must be a list/],
    ['apps: [{ name: A, associatedGroups: [1] }]', /associatedGroups" must be a list/],
    ['apps: [{ name: "!!!" }]', /cannot be derived from the name/],
    ['apps: [{ name: A, description: [1] }]', /field "description" must be text/],
    ['apps: [3]', /app 1: must be an object/],
    ['apps: {}', /"apps" must be a list/],
    ['[1, 2]', /must hold an object/],
    ['apps: [}', /not valid YAML or JSON/],
    ['title: x\napps: []', /unknown top-level field "title"/],
  ])('refuses %j', (text, message) => {
    expect(problems(text).join('\n')).toMatch(message);
  });
});

describe('access settings in the catalog file', () => {
  it('reads them, normalising the group and the approvers', () => {
    const [app] = parse(`
apps:
  - name: Napari
    access:
      requestable: true
      group: imaging
      approvers: [' pi-imaging ', 'group:imaging-leads', pi-imaging]
      showGroup: true
      days: 180
`);
    expect(app?.access).toEqual({
      requestable: true,
      group: '/imaging',
      approvers: ['pi-imaging', 'group:/imaging-leads'],
      showGroup: true,
      days: 180,
    });
  });

  it.each([
    ['access: yes', 'field "access" must be an object'],
    ['access: { requestable: 1, group: /x, approvers: [] }', 'requestable must be true or false'],
    ['access: { requestable: true, group: "", approvers: [] }', 'group must be a group path'],
    ['access: { requestable: true, group: /x, approvers: ["a b"] }', 'approvers must be usernames'],
    [
      'access: { requestable: true, group: /x, approvers: ["group:"] }',
      '"group:" must be followed',
    ],
    [
      'access: { requestable: true, group: /x, approvers: [], days: 0 }',
      'days must be a whole number from 1 to 3650',
    ],
    [
      'access: { requestable: true, group: /x, approvers: [], days: 3651 }',
      'days must be a whole number',
    ],
    ['access: { requestable: true, group: /x, approvers: [], extra: 1 }', 'unknown field "extra"'],
  ])('refuses %s', (access, message) => {
    const found = problems(`apps:\n  - name: A\n    ${access}\n`);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('app 1 "A": field "access"');
    expect(found[0]).toContain(message);
  });
});
