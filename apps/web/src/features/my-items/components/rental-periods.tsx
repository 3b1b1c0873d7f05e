import { formatDate } from '@toolshed/core';
import type { OwnerItem } from '@toolshed/core/contract';
import { useState } from 'react';
import { Link } from '../../../lib/router/index.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useToast } from '../../../lib/toast.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { useMarkReturned } from '../../../data/rental-actions.ts';

type Period = OwnerItem['periods'][number];

const BADGE: Record<Period['state'], { text: string; className: string }> = {
  requested: { text: 'Request to answer', className: 'bg-violet-100 text-violet-900' },
  upcoming: { text: 'Upcoming', className: 'bg-sky-100 text-sky-900' },
  out: { text: 'Out now', className: 'bg-amber-100 text-amber-900' },
  overdue: { text: 'Overdue', className: 'bg-red-100 text-red-900' },
};

export const smallButtonClass =
  'rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100';

/** The item's upcoming, out and overdue rentals; one out or overdue can be marked returned. */
export function RentalPeriods({ item }: { item: OwnerItem }) {
  const [confirming, setConfirming] = useState<Period | null>(null);
  const markReturned = useMarkReturned();
  const toast = useToast();

  if (item.periods.length === 0) return null;

  function confirm(period: Period) {
    markReturned.mutate(
      { rentalId: period.rentalId, itemId: item.id },
      {
        onSuccess: () => {
          setConfirming(null);
          toast.show('Marked as returned');
        },
      },
    );
  }

  return (
    <>
      <ul className="mt-3 space-y-2" aria-label={`Rentals of ${item.name}`}>
        {item.periods.map((period) => (
          <li key={period.rentalId} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-slate-50 px-3 py-2 text-sm">
            <span className={`rounded px-2 py-0.5 text-xs font-semibold ${BADGE[period.state].className}`}>{BADGE[period.state].text}</span>
            <Link to={`/rentals/${encodeURIComponent(period.rentalId)}`} className="text-slate-800 underline underline-offset-2">
              {period.renterName} · {formatDate(period.startDate)} to {formatDate(period.endDate)}
            </Link>
            {(period.state === 'out' || period.state === 'overdue') && (
              <button
                type="button"
                className={`${smallButtonClass} ml-auto`}
                aria-label={`Mark as returned: ${period.renterName}, ${item.name}`}
                onClick={() => {
                  markReturned.reset();
                  setConfirming(period);
                }}
              >
                Mark as returned
              </button>
            )}
          </li>
        ))}
      </ul>
      {confirming && (
        <ConfirmDialog
          title={`Mark ${item.name} as returned?`}
          confirmLabel="Mark as returned"
          busyLabel="Saving..."
          tone="primary"
          busy={markReturned.isPending}
          error={markReturned.isError ? errorMessage(markReturned.error) : undefined}
          onConfirm={() => confirm(confirming)}
          onCancel={() => setConfirming(null)}
        >
          <p>
            Rented by {confirming.renterName} from {formatDate(confirming.startDate)} to {formatDate(confirming.endDate)}. Your earnings for
            it become available once it is returned.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
