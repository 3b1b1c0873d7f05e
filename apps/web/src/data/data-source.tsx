import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createApiClient, type CatalogueSource } from '../lib/api-client.ts';
import { detectSource, meansNoApi, mock, type DetectedSource } from './detect-source.ts';

export type DataMode = 'api' | 'mock' | 'checking';

export interface DataSourceValue {
  mode: DataMode;
  /** Mock Data is the sample catalogue: nothing can be booked or changed. */
  readOnly: boolean;
  /** Resolves once the start-up check has chosen the API or the sample catalogue. */
  ready: Promise<CatalogueSource>;
}

const DataSourceContext = createContext<DataSourceValue | null>(null);

/**
 * The catalogue calls go to the API while it answers. The first call that finds no API behind the
 * page (the server stopped, the connection dropped, a proxy answers with its own error page) turns
 * the app over to the sample catalogue for the rest of the visit, with its badge, and that call and
 * every later one are answered from it. A reload checks the API again.
 */
function withFallback(detected: DetectedSource, onFallBack: () => void): CatalogueSource {
  let current = detected;
  const call =
    <A extends unknown[], R>(pick: (source: CatalogueSource) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const asked = current;
      try {
        return await pick(asked.source).apply(asked.source, args);
      } catch (err) {
        if (asked.mode !== 'api' || !meansNoApi(err)) throw err;
        if (current === asked) {
          current = mock();
          onFallBack();
        }
        return pick(current.source).apply(current.source, args);
      }
    };
  return {
    getCategories: call((s) => s.getCategories),
    getItems: call((s) => s.getItems),
    getMapPoints: call((s) => s.getMapPoints),
    getItem: call((s) => s.getItem),
    getOwner: call((s) => s.getOwner),
    getOwnerItems: call((s) => s.getOwnerItems),
    getSuggestions: call((s) => s.getSuggestions),
  };
}

/**
 * `apiAnswered`: the page came from our API with its answers embedded (see first-screen.ts), which
 * is the start-up check already passed, so the first render is in API mode without a request.
 */
export function DataSourceProvider({ children, apiAnswered = false }: { children: ReactNode; apiAnswered?: boolean }) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<DataMode>(apiAnswered ? 'api' : 'checking');
  // Created once per provider: the API is checked a single time at start-up.
  const [detection] = useState<Promise<DetectedSource>>(() =>
    apiAnswered ? Promise.resolve({ mode: 'api', source: createApiClient() }) : detectSource(),
  );
  const [ready] = useState(() =>
    detection.then((d) =>
      withFallback(d, () => {
        setMode('mock');
        // What the API answered before (the embedded first screen among it) is not the sample catalogue.
        void queryClient.invalidateQueries();
      }),
    ),
  );

  useEffect(() => {
    let live = true;
    void detection.then((d) => {
      if (live) setMode((now) => (now === 'mock' ? now : d.mode));
    });
    return () => {
      live = false;
    };
  }, [detection]);

  const value = useMemo(() => ({ mode, readOnly: mode !== 'api', ready }), [mode, ready]);
  return <DataSourceContext.Provider value={value}>{children}</DataSourceContext.Provider>;
}

export function useDataSource(): DataSourceValue {
  const value = useContext(DataSourceContext);
  if (!value) throw new Error('useDataSource must be used inside DataSourceProvider');
  return value;
}
