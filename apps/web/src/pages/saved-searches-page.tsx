import { useDataSource } from '../data/data-source.tsx';
import { SampleSavedSearches } from '../features/saved-searches/components/sample-saved-searches.tsx';
import { SavedSearchesScreen } from '../features/saved-searches/components/saved-searches-screen.tsx';
import { PageMain } from '../ui/page-main.tsx';

export function SavedSearchesPage() {
  const { mode } = useDataSource();
  return (
    <PageMain className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <title>Saved searches · Toolshed</title>
      <h1 className="mb-2 text-3xl font-bold tracking-tight text-slate-900">Saved searches</h1>
      <p className="mb-6 text-slate-700">We tell you when something new is listed that matches one of these.</p>
      {mode === 'mock' ? <SampleSavedSearches /> : <SavedSearchesScreen />}
    </PageMain>
  );
}
