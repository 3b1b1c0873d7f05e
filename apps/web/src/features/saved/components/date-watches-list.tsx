import { dateSpan } from '@toolshed/core';
import type { DateWatch } from '@toolshed/core/contract';
import { useDateWatches, useStopWatchingDates } from '../../../data/date-watches.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { Link } from '../../../lib/router/index.ts';
import { useToast } from '../../../lib/toast.tsx';
import { ErrorState } from '../../../ui/status-views.tsx';

function WatchEntry({ watch }: { watch: DateWatch }) {
  const stop = useStopWatchingDates();
  const toast = useToast();
  const span = dateSpan(watch.startDate, watch.endDate);
  const free = watch.notifiedAt !== null;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex min-w-0 flex-col gap-1">
        <h3 className="text-lg font-semibold break-words text-slate-900">
          <Link to={watch.link} className="hover:text-emerald-900 hover:underline">
            {watch.itemName}
          </Link>
        </h3>
        <p className="text-slate-800">{span}</p>
        <p className={free ? 'text-sm font-semibold text-emerald-800' : 'text-sm text-slate-700'}>
          {free ? 'These dates were free when we told you: book them before someone else does.' : "We'll tell you if they free up."}
        </p>
      </div>
      <button
        type="button"
        disabled={stop.isPending}
        aria-label={`Stop waiting for ${watch.itemName} on ${span}`}
        onClick={() =>
          stop.mutate(watch.id, {
            onSuccess: () => toast.show(`No longer waiting for ${watch.itemName} on ${span}`),
            onError: (err) => toast.show(errorMessage(err)),
          })
        }
        className="rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60"
      >
        Remove
      </button>
    </li>
  );
}

/** The Saved page's "Dates you're waiting for": the member's date watches from today on, each with a way to stop it. */
export function DateWatchesList() {
  const watches = useDateWatches(true);
  if (watches.isPending) return null;
  if (watches.isError)
    return (
      <ErrorState
        title="The dates you're waiting for could not be loaded"
        message={errorMessage(watches.error)}
        onRetry={() => void watches.refetch()}
      />
    );
  if (watches.data.length === 0) return null;
  return (
    <section aria-labelledby="date-watches-heading" className="mt-10">
      <h2 id="date-watches-heading" className="mb-3 text-2xl font-bold text-slate-900">
        Dates you're waiting for
      </h2>
      <ul className="space-y-3">
        {watches.data.map((w) => (
          <WatchEntry key={w.id} watch={w} />
        ))}
      </ul>
    </section>
  );
}
