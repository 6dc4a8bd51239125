import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import tunehouse from './tools/lint/domain-boundaries.mjs';
import { readAreaManifests } from './tools/start/areas.mjs';

/** Every remote's folder, from the area manifests, so a new area is fenced in as soon as it declares itself. */
const AREAS = readAreaManifests().map((area) => area.dir);
const APPS = ['shell', ...AREAS, 'api'];

/**
 * Imports into another API domain's private files that are still being moved behind its index.ts, written
 * `'<importing file> -> <imported file>'`. Each goes when its move lands (tools/lint/domain-boundaries.test.mjs fails
 * on an entry whose import is gone); the list ends empty.
 */
export const DOMAIN_IMPORTS_STILL_TO_MOVE = [];

/** Imports of another app, by package name or by a relative path that climbs into its folder. */
const importsOfApps = (apps) => [
  ...apps.map((app) => `@tunehouse/${app}`),
  ...apps.map((app) => `@tunehouse/${app}/*`),
  ...apps.map((app) => `**/${app}/**`),
];

/**
 * The router, which apps reach through @tunehouse/area-kit only (decision 0065): one shared copy of the members
 * area-kit lists, and a later change of router stays in one folder.
 */
const ROUTER_IMPORTS = {
  group: ['react-router', 'react-router/*', 'react-router-dom', 'react-router-dom/*', 'wouter', 'wouter/*'],
  message:
    'Route through @tunehouse/area-kit (Link, NavLink, useParams, …); only area-kit imports the router.',
};

const boundary = (files, apps, message, extraPatterns = []) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [{ group: importsOfApps(apps), message }, ...extraPatterns] },
    ],
  },
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
      [ROUTER_IMPORTS],
    ),
  ),
  boundary(
    ['shell/**'],
    [...AREAS, 'api'],
    'The shell loads areas at run time from the registry, never at build time.',
    [ROUTER_IMPORTS],
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
  // API domains meet through their index.ts only (tools/lint/domain-boundaries.mjs): in api/src, a file outside
  // domains/<b>/ imports domains/<b>/index.js, never another of its files.
  {
    files: ['api/src/**/*.ts'],
    plugins: { tunehouse },
    rules: { 'tunehouse/domain-imports': ['error', { allow: DOMAIN_IMPORTS_STILL_TO_MOVE }] },
  },
  // An area's feature folders hold (tools/lint/feature-zones.mjs): mfe-*/src/<feature>/ imports its own files,
  // shared/, libraries, and in tests testing/; the area's root files compose the features.
  {
    files: ['mfe-*/src/**/*.{ts,tsx}'],
    plugins: { tunehouse },
    rules: { 'tunehouse/feature-zones': 'error' },
  },
);
