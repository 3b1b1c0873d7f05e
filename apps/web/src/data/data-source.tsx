import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { CatalogueSource } from '../lib/api-client.ts';
import { detectSource } from './detect-source.ts';

export type DataMode = 'api' | 'mock' | 'checking';

export interface DataSourceValue {
  mode: DataMode;
  /** Mock Data is the sample catalogue: nothing can be booked or changed. */
  readOnly: boolean;
  /** Resolves once the start-up check has chosen the API or the sample catalogue. */
  ready: Promise<CatalogueSource>;
}

const DataSourceContext = createContext<DataSourceValue | null>(null);

export function DataSourceProvider({ children }: { children: ReactNode }) {
  // Created once per provider: the API is checked a single time at start-up.
  const [detection] = useState(detectSource);
  const [ready] = useState(() => detection.then((d) => d.source));
  const [mode, setMode] = useState<DataMode>('checking');

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
