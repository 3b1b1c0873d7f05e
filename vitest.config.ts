import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, which is a single worker on a two-core
    // machine: the main process has little to do, so run at least two.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // core, api and bench run their files one after another in each worker, without loading every
      // module again for each file (isolate: false): an API file spent 1-3 s importing Fastify, the auth
      // library and drizzle before its first test. Their tests share no state through modules; each API
      // file still opens a database of its own (src/test/test-app.ts). Web files keep their isolation:
      // several of them mock modules, stub globals or fake the clock.
      { test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'], environment: 'node', isolate: false } },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'bench',
          root: 'bench',
          include: ['*/**/*.test.ts'],
          exclude: ['node_modules/**'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['src/test/setup.ts'],
          // A journey through the whole app (popup, Mock Data catalogue with its drawn pictures) takes
          // 1-2 s alone and several times that on a busy two-core machine; 5 s failed good tests there.
          testTimeout: 20_000,
          // react-day-picker pulls in ~1,000 date-fns module files. Node 24 re-reads date-fns's 200 KB
          // package.json for each one it loads (~3 ms a file), so loading the calendar natively takes
          // 2-4 s and lazy screens miss their waits; pre-bundled, as Vite does for the browser, ~10 ms.
          deps: { optimizer: { client: { enabled: true, include: ['react-day-picker', 'react-day-picker/locale'] } } },
        },
      },
    ],
  },
});
