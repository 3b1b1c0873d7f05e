import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { LONG_FILES, LONG_FUNCTIONS } from './scripts/size-allowlist.mjs';
import { DATA_FILES, MAX_FILE_LINES, MAX_FUNCTION_LINES, TEST_FILES } from './scripts/size-limits.mjs';

// The web app's layers (docs/ARCHITECTURE.md, 'The web app'): each folder of apps/web/src imports only
// those below it. features/<a> never imports features/<b>: two features meet in a page.
const web = 'apps/web/src';
const features = readdirSync(new URL(`${web}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const layer = (name) => `${web}/${name}`;
const webZones = [
  ...features.map((name) => ({
    target: layer(`features/${name}`),
    from: layer('features'),
    except: [`./${name}`],
    message: `features/${name} may import only ui/, lib/, data/ and @toolshed/core (and test/ in tests): share what both need through those, or compose the two features in src/pages.`,
  })),
  { target: layer('features'), from: [layer('pages'), layer('app')], message: 'A feature never imports a page or the app shell.' },
  { target: layer('pages'), from: layer('app'), message: 'A page never imports the app shell.' },
  {
    target: layer('data'),
    from: [layer('ui'), layer('features'), layer('pages'), layer('app')],
    message: 'data/ holds state and queries; it imports only lib/ and data/.',
  },
  {
    target: layer('ui'),
    from: [layer('data'), layer('features'), layer('pages'), layer('app')],
    message: 'ui/ components take what they show as props; they import only lib/ and ui/.',
  },
  {
    target: layer('lib'),
    from: [layer('ui'), layer('data'), layer('features'), layer('pages'), layer('app')],
    message: 'lib/ imports only lib/.',
  },
  {
    // Test helpers are for tests: no file the app ships may import them.
    target: [`${web}/{app,data,features,lib,pages,ui}/**/!(*.test).{ts,tsx}`, `${web}/main.tsx`],
    from: layer('test'),
    message: 'src/test is for tests (*.test.ts, *.test.tsx) only.',
  },
];

// Size limits, counted as `wc -l` counts (every line: blank and comment lines too). The files and
// functions over them on the day they came in are listed, each with its ceiling, in
// scripts/size-allowlist.mjs, a list that only shrinks.
const maxLines = (max) => ['error', { max, skipBlankLines: false, skipComments: false }];
const maxFunctionLines = (max) => ['error', { max, skipBlankLines: false, skipComments: false, IIFEs: true }];
const sourceFiles = ['**/*.{ts,tsx,js,mjs,cjs}'];
const sizeLimits = [
  {
    files: sourceFiles,
    ignores: [...TEST_FILES, ...DATA_FILES],
    rules: { 'max-lines': maxLines(MAX_FILE_LINES), 'max-lines-per-function': maxFunctionLines(MAX_FUNCTION_LINES) },
  },
  ...Object.entries(LONG_FILES).map(([file, lines]) => ({ files: [file], rules: { 'max-lines': maxLines(lines) } })),
  ...Object.entries(LONG_FUNCTIONS).map(([file, lines]) => ({
    files: [file],
    rules: { 'max-lines-per-function': maxFunctionLines(lines) },
  })),
];

// How eslint-plugin-import-x finds the files an import names (every import spells its extension).
const importXSettings = {
  'import-x/resolver-next': [createNodeResolver()],
  'import-x/extensions': ['.ts', '.tsx', '.js'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'bench/results/**', '**/migrations/meta/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...sizeLimits,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // `typeof import('x')` is how a lazily loaded module is typed without loading it eagerly.
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
      'no-console': 'off',
    },
  },
  {
    // Promises are awaited or handled: a floating one loses its rejection, and one passed where a
    // callback's result is ignored (an event handler, a setTimeout) runs unobserved. `void` marks
    // the fire-and-forget that is meant. These rules read types, from each file's own tsconfig.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Accessibility of the markup: labels, alt text, keyboard access for what can be clicked, valid ARIA.
    files: ['apps/web/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // The browser must never pull zod in at runtime: the contract is imported for its types only.
    // Tests act as a user does, with user-event: fireEvent sends one bare event, without the focus,
    // pointer and key events around it.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: 'Keep zod out of the browser bundle.' },
            ...['@testing-library/react', '@testing-library/dom'].map((name) => ({
              name,
              importNames: ['fireEvent'],
              message: 'Act as a user does: const user = userEvent.setup(), then await user.click / type / keyboard…',
            })),
          ],
        },
      ],
    },
  },
  {
    // Feature boundaries and no import cycles in the web app (type-only imports do not count).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: importXSettings,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: webZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // No import cycles in the API and the shared core either: a module that imports itself back
    // runs with half its exports undefined, depending on which file was loaded first. Type-only
    // imports do not count (they are gone at runtime).
    files: ['apps/api/src/**/*.ts', 'packages/core/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: importXSettings,
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The API reaches the database only through repositories: `*-repository.ts` (and the `*-sql.ts`
    // fragments they build with) and `src/db` import drizzle or the schema, in modules/ and platform/
    // alike; services, routes, the job queue, metrics and everything else ask a repository. Tests may
    // set up rows directly.
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/**/*-repository.ts',
      'apps/api/src/**/*-sql.ts',
      'apps/api/src/db/**',
      'apps/api/src/test/**',
      'apps/api/src/**/*.test.ts',
      'apps/api/src/**/*-test-kit.ts',
      'apps/api/src/**/*-test-fixtures.ts',
      // better-auth's adapter is given the auth tables themselves.
      'apps/api/src/modules/auth/auth.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: 'SQL belongs in a *-repository.ts file: ask the repository.' }],
          patterns: [
            { group: ['drizzle-orm/*'], message: 'SQL belongs in a *-repository.ts file: ask the repository.' },
            {
              group: ['**/db/schema', '**/db/schema.ts', '**/db/schema-*'],
              message: 'The schema is for repositories: ask the repository.',
            },
          ],
        },
      ],
    },
  },
  {
    // Repositories return camelCase domain objects, parsed at the boundary (docs/ARCHITECTURE.md,
    // 'Data access'): outside them no code reads a snake_case column name off a row. The files still
    // listed read raw rows of a repository not converted yet; take a file off the list when its
    // repository is.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: [
      'apps/api/src/**/*-repository.ts',
      'apps/api/src/**/*-sql.ts',
      // A repository's row types and their parsing into what it answers, kept beside it.
      'apps/api/src/**/*-rows.ts',
      'apps/api/src/**/*.test.ts',
      'apps/api/src/**/*-test-kit.ts',
      'apps/api/src/**/*-test-fixtures.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[computed=false] > Identifier.property[name=/^[a-z][a-z0-9]*(_[a-z0-9]+)+$/]',
          message: 'A snake_case column name outside a repository: have the repository return a camelCase object (docs/ARCHITECTURE.md).',
        },
      ],
    },
  },
);
