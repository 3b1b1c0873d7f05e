import { useState } from 'react';
import { RouterProvider, createBrowserRouter } from '../lib/router/index.ts';
import { AppProviders } from './providers.tsx';
import { routes } from './routes.tsx';

export function App() {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
