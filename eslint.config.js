// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
        },
      ],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Tests may check values against the schemas; they are not part of the bundle.
    files: ['src/web/**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
);
