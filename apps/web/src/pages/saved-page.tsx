import { useState } from 'react';
import { useDataSource } from '../data/data-source.tsx';
import { recallPlace } from '../features/browse/remembered-place.ts';
import { SampleSavedScreen } from '../features/saved/components/sample-saved-screen.tsx';
import { DateWatchesList } from '../features/saved/components/date-watches-list.tsx';
import { SavedScreen } from '../features/saved/components/saved-screen.tsx';
import { Link } from '../lib/router/index.ts';
import { linkClass } from '../ui/form-parts.tsx';
import { PageMain } from '../ui/page-main.tsx';

export function SavedPage() {
  // The place last browsed near on this device, if any: each saved item's distance is from it.
  const [near] = useState(() => recallPlace()?.near);
  const { mode } = useDataSource();
  return (
    <PageMain className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <title>Saved · Toolshed</title>
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Saved</h1>
        <Link to="/saved-searches" className={linkClass}>
          Your saved searches
        </Link>
      </div>
      {mode === 'mock' ? (
        <SampleSavedScreen />
      ) : (
        <>
          <SavedScreen near={near} />
          <DateWatchesList />
        </>
      )}
    </PageMain>
  );
}
