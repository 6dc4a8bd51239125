import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const AREAS = ['mfe-auth', 'mfe-releases', 'mfe-splits', 'mfe-artists', 'mfe-analytics', 'mfe-wallet'];
const APPS = ['shell', ...AREAS, 'api'];

/** Imports of another app, by package name or by a relative path that climbs into its folder. */
const importsOfApps = (apps) => [
  ...apps.map((app) => `@tunehouse/${app}`),
  ...apps.map((app) => `@tunehouse/${app}/*`),
  ...apps.map((app) => `**/${app}/**`),
];

const boundary = (files, apps, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: importsOfApps(apps), message }] }] },
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.nx/**',
      '.data/**',
      'bench-results/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{mjs,js}', 'api/**/*.ts', 'tools/**', '**/*.config.{ts,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  // Playwright fixtures take `use`, which is not a React hook.
  { files: ['e2e/**/*.ts'], rules: { 'no-empty-pattern': 'off', 'react-hooks/rules-of-hooks': 'off' } },
  // Module boundaries (docs/decisions/0001-workspace-layout.md): an area never imports another app, the shell
  // never imports an area, and libs never import apps.
  ...AREAS.map((area) =>
    boundary(
      [`${area}/**`],
      APPS.filter((app) => app !== area),
      'An area may import libs only; reach other areas through shell.navigate().',
    ),
  ),
  boundary(
    ['shell/**'],
    [...AREAS, 'api'],
    'The shell loads areas at run time from the registry, never at build time.',
  ),
  boundary(['libs/**'], APPS, 'Libs never import apps.'),
  {
    files: ['libs/contracts/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@tunehouse/*', ...importsOfApps(APPS)],
              message: 'libs/contracts imports nothing of ours.',
            },
          ],
        },
      ],
    },
  },
);
