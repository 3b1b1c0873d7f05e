import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The benchmarks' own logic (the baseline's filtering, the statistics, the query set) has unit tests;
// run them with `npx vitest run --config bench/vitest.config.ts`.
export default defineConfig({
  test: {
    name: 'bench',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['browse/**/*.test.ts', 'bundle/**/*.test.ts', 'shared/**/*.test.ts'],
    environment: 'node',
  },
});
