// DOM matchers for every web test: `toBeInTheDocument`, `toHaveTextContent`, `toHaveAccessibleName`…
// say what an assertion means, where `expect(getBy…).toBeTruthy()` checked nothing beyond the query.
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// How long findBy… and waitFor wait for what they expect. The default second is short on a busy
// two-core machine (the suites run side by side): a slower screen must not read as a broken one.
configure({ asyncUtilTimeout: 4_000 });
