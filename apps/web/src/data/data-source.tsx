import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createApiClient, type CatalogueSource } from '../lib/api-client.ts';
import { detectSource, type DetectedSource } from './detect-source.ts';

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
 * `apiAnswered`: the page came from our API with its answers embedded (see first-screen.ts), which
 * is the start-up check already passed, so the first render is in API mode without a request.
 */
export function DataSourceProvider({ children, apiAnswered = false }: { children: ReactNode; apiAnswered?: boolean }) {
  // Created once per provider: the API is checked a single time at start-up.
  const [detection] = useState<Promise<DetectedSource>>(() =>
    apiAnswered ? Promise.resolve({ mode: 'api', source: createApiClient() }) : detectSource(),
  );
  const [ready] = useState(() => detection.then((d) => d.source));
  const [mode, setMode] = useState<DataMode>(apiAnswered ? 'api' : 'checking');

  useEffect(() => {
    let live = true;
    void detection.then((d) => {
      if (live) setMode(d.mode);
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
