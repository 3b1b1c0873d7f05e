import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { FirstScreenData } from '@toolshed/core';
import { useState, type ReactNode } from 'react';
import { DataSourceProvider } from '../data/data-source.tsx';
import { firstScreenOfPage, seedFirstScreen } from '../data/first-screen.ts';
import { AuthProvider } from '../data/auth-provider.tsx';
import { WheelbarrowProvider } from '../data/wheelbarrow-store.tsx';
import { ToastProvider } from '../lib/toast.tsx';
import { createQueryClient } from './query-client.ts';

interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** The data the server embedded in the page; by default read from the document (tests pass their own). */
  firstScreen?: FirstScreenData | null;
}

/** Everything a screen may rely on, in one place so tests mount exactly what the app mounts. */
export function AppProviders({ children, queryClient, firstScreen = firstScreenOfPage() }: AppProvidersProps) {
  const [client] = useState(() => {
    const created = queryClient ?? createQueryClient();
    // Before the first render, so the first screen renders whole instead of 'Loading...'.
    if (firstScreen) seedFirstScreen(created, firstScreen, Date.now());
    return created;
  });
  return (
    <QueryClientProvider client={client}>
      <DataSourceProvider apiAnswered={firstScreen !== null}>
        {/* Inside the data source: in Mock Data mode there is no server to hold a session. */}
        <AuthProvider>
          <WheelbarrowProvider>
            <ToastProvider>{children}</ToastProvider>
          </WheelbarrowProvider>
        </AuthProvider>
      </DataSourceProvider>
    </QueryClientProvider>
  );
}
