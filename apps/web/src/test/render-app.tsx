import { cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import type { FirstScreenData } from '@toolshed/core';
import { createMemoryRouter, RouterProvider } from '../lib/router/index.ts';
import { afterEach, vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { routes } from '../app/routes.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

/**
 * Mounts the whole app (real providers and routes) at `path`, with a router the test can inspect.
 * `firstScreen`: data the server embedded in the page (by default whatever the document holds).
 * `strict`: inside StrictMode, as main.tsx mounts it (effects run twice in development).
 */
export function renderApp(path: string, options: { firstScreen?: FirstScreenData; strict?: boolean } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  // Failures show at once in tests; the retry policy itself is covered in query-client.test.ts.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const { strict = false, ...providerOptions } = options;
  const app = (
    <AppProviders queryClient={queryClient} {...providerOptions}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  const location = () => router.state.location;
  return { ...view, router, location, url: () => location().pathname + location().search };
}
