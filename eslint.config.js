// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import {
  COMPOSITION_ROOTS,
  SERVER_LAYERS,
  UPWARD_EXCEPTIONS,
  WEB_ISOLATED,
  WEB_LAYERS,
} from './scripts/lib/server-layers.mjs';

/** Import direction (conventions): server -> shared, web -> shared; never server <-> web. */
const restrict = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups }],
});
const noWeb = { group: ['**/web/**', '../web/*'], message: 'The server never imports web code.' };
const noServer = {
  group: ['**/server/**', '../server/*'],
  message: 'The web app never imports server code; share through src/shared.',
};
const noNode = {
  group: ['node:*', 'fs', 'path', 'http', 'crypto'],
  message: 'src/shared is pure: no Node APIs.',
};

/**
 * Folder zones of the server (docs/architecture.md, "Layers"): each folder imports only folders
 * of lower layers. Patterns match relative imports of a folder name anywhere in the path, except
 * under src/shared (which has folders of the same names). Tests and test-support are exempt.
 */
const higherThan = (layer, own) =>
  SERVER_LAYERS.flatMap((folders, index) =>
    index < layer ? [] : folders.filter((folder) => folder !== own),
  );
const serverZones = SERVER_LAYERS.flatMap((folders, layer) =>
  folders.map((folder) => ({
    files: [`src/server/${folder}/**`],
    ignores: ['**/*.test.ts', '**/test-support/**', ...UPWARD_EXCEPTIONS.map((e) => e.from)],
    rules: restrict(noWeb, {
      group: [
        ...higherThan(layer, folder).map((name) => `**/${name}/**`),
        ...COMPOSITION_ROOTS.map((file) => `**/server/${file.replace(/\.ts$/, '.js')}`),
        ...COMPOSITION_ROOTS.map((file) => `../${file.replace(/\.ts$/, '.js')}`),
        '!**/shared/**',
      ],
      message: `src/server/${folder} may import only lower layers (docs/architecture.md, "Layers").`,
    }),
  })),
);
/**
 * Folder zones of the web app (docs/web.md): a feature imports no other feature and not the app
 * shell (`app/`); they meet in `app/`, or share through `ui/`, `lib/` and src/shared.
 */
const webFeatures = readdirSync(new URL('./src/web/features', import.meta.url));
const webZones = webFeatures.map((feature) => ({
  files: [`src/web/features/${feature}/**`],
  ignores: ['**/*.test.{ts,tsx}', '**/test-support/**'],
  rules: restrict(noServer, {
    group: [
      ...webFeatures.filter((other) => other !== feature).map((other) => `**/${other}/**`),
      '**/app/**',
      '!**/shared/**',
    ],
    message: `src/web/features/${feature} imports no other feature and not the app shell.`,
  }),
}));

/**
 * The web app's other folders (scripts/lib/server-layers.mjs, WEB_LAYERS): `lib/` and `ui/`
 * import no feature and not the shell, the shell not `boot/`; the service worker none of them.
 */
const webLayerZones = [
  ...WEB_LAYERS.flatMap((folders, layer) =>
    folders
      .filter((folder) => folder !== 'features')
      .map((folder) => ({
        folder,
        above: WEB_LAYERS.slice(layer + 1).flat(),
      })),
  ),
  ...WEB_ISOLATED.map((folder) => ({ folder, above: WEB_LAYERS.flat() })),
]
  .filter(({ above }) => above.length > 0)
  .map(({ folder, above }) => ({
    files: [`src/web/${folder}/**`],
    ignores: ['**/*.test.{ts,tsx}', '**/test-support/**'],
    rules: restrict(noServer, {
      group: [...above.map((name) => `**/${name}/**`), '!**/shared/**'],
      message: `src/web/${folder} imports only lower layers of the web app (docs/web.md).`,
    }),
  }));

/** The exceptions may import features' types only (table types for Kysely's Database). */
const typeOnlyExceptions = {
  files: UPWARD_EXCEPTIONS.map((e) => e.from),
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['../*/**', '!../../shared/**'],
            allowTypeImports: true,
            message: 'Only type imports of feature tables here.',
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src/shared/**'],
    rules: restrict(noWeb, noServer, noNode),
  },
  {
    files: ['src/server/**'],
    rules: restrict(noWeb),
  },
  ...serverZones,
  ...(UPWARD_EXCEPTIONS.length > 0 ? [typeOnlyExceptions] : []),
  {
    files: ['src/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...restrict(noServer),
      // Types only: a value import of the schemas would ship TypeBox in the bundle (~12 KB gzip).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/shared/api/schemas.js'],
              allowTypeImports: true,
              message: 'Import only types from the wire schemas in the web app.',
            },
          ],
          // One module per icon: the whole set is 1,700 modules that the web tests would
          // transform, and its CommonJS build (Node's pick) imports React itself, not Preact.
          paths: [
            {
              name: 'lucide-react',
              allowTypeImports: true,
              message: "Import each icon from 'lucide-react/icons/<name>'.",
            },
            {
              // Parts of the page hydrate in turns (src/web/ui/hydrate-later.tsx): React's ids,
              // numbered in render order, would differ between the server and the browser.
              name: 'react',
              importNames: ['useId'],
              message: 'Use useId from src/web/ui/use-id.tsx: the same ids on server and browser.',
            },
          ],
        },
      ],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  ...webZones,
  ...webLayerZones,
  {
    // Every text people see goes through the i18n layer (src/web/lib/i18n.tsx, docs/i18n.md):
    // no words written straight into markup, labels or titles.
    files: ['src/web/**/*.tsx'],
    ignores: ['src/web/**/*.test.tsx', 'src/web/test-support/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXText[value=/[A-Za-z]/]',
          message: 'Text people see goes through t() (docs/i18n.md), not a literal.',
        },
        {
          selector:
            ':matches(JSXElement, JSXFragment) > JSXExpressionContainer > Literal[value=/[A-Za-z]/]',
          message: 'Text people see goes through t() (docs/i18n.md), not a literal.',
        },
        {
          selector:
            ':matches(JSXElement, JSXFragment) > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=/[A-Za-z]{2}/]',
          message: 'Text people see goes through t() with placeholders (docs/i18n.md).',
        },
        {
          selector:
            'JSXAttribute[name.name=/^(aria-label|aria-description|aria-valuetext|aria-roledescription|title|placeholder|alt|label)$/] > Literal[value=/[A-Za-z]/]',
          message: 'Labels and titles go through t() (docs/i18n.md), not a literal.',
        },
      ],
    },
  },
  {
    // The service worker runs in its own global scope (caches, clients, skipWaiting).
    files: ['src/web/sw/**'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // Tests may check values against the schemas; they are not part of the bundle.
    files: ['src/web/**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
);
