import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { DataSourceProvider } from '../data/data-source.tsx';
import { AuthProvider } from '../features/auth/auth-provider.tsx';
import { WheelbarrowProvider } from '../features/wheelbarrow/wheelbarrow-store.tsx';
import { ToastProvider } from '../lib/toast.tsx';
import { createQueryClient } from './query-client.ts';

/** Everything a screen may rely on, in one place so tests mount exactly what the app mounts. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <DataSourceProvider>
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
