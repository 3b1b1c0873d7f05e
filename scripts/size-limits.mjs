// What the size limits in eslint.config.js leave out, shared with scripts/check-size-allowlist.mjs.
// Lines are counted as `wc -l` counts them: every line, blank lines and comments included.

export const MAX_FILE_LINES = 300;
export const MAX_FUNCTION_LINES = 80;

/** Tests, test helpers and fixtures: a long test reads top to bottom. */
export const TEST_FILES = ['**/*.test.{ts,tsx}', 'e2e/**', 'apps/*/src/test/**', '**/*-test-kit.ts', '**/*-test-fixtures.ts'];

/** Data written as code: tables and word lists with no logic of their own. */
export const DATA_FILES = [
  'packages/core/src/search/synonym-groups.ts',
  'packages/core/src/search/relevance-cases.ts',
  'packages/core/src/sample-catalogue/{reviews,town-places,homes,users,rentals,items-*}.ts',
  'packages/core/src/uk-places/{postcode-districts,postcode-areas,largest-towns}.ts',
  'bench/browse/vocabulary.ts',
];
