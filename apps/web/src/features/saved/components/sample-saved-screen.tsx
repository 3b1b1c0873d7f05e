import { useMockSample } from '../../../data/mock-account.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { SampleDataNote } from '../../../ui/sample-data-note.tsx';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { SavedEntry } from './saved-screen.tsx';

/** The Saved page in Mock Data mode: a few sample items as the API lists them, nothing to remove. */
export function SampleSavedScreen() {
  const saved = useMockSample(['saved'], (sample, today) => sample.mockSavedItems(today));
  if (saved.isPending) return <StatusMessage>Loading...</StatusMessage>;
  if (saved.isError)
    return <ErrorState title="Saved items could not be loaded" message={errorMessage(saved.error)} onRetry={() => void saved.refetch()} />;
  return (
    <>
      <SampleDataNote>Saving an item, removing one or checking your dates needs an account: sign in once Toolshed is back.</SampleDataNote>
      <ul className="space-y-3" aria-label="Sample saved items">
        {saved.data.map((item) => (
          <SavedEntry key={item.itemId} item={item} dates="" readOnly />
        ))}
      </ul>
    </>
  );
}
