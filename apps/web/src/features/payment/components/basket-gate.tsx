import type { ReactNode } from 'react';
import { Link } from '../../../lib/router/index.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { useCheckedWheelbarrow, type CheckedWheelbarrow } from '../../../data/use-checked-wheelbarrow.ts';
import { EmptyWheelbarrow } from '../../../ui/empty-wheelbarrow.tsx';

/**
 * The payment pages open only for a wheelbarrow the server has just confirmed can be booked as it
 * is; otherwise they say why and lead back to checkout, where it can be put right.
 */
export function BasketGate({ children }: { children: (basket: CheckedWheelbarrow) => ReactNode }) {
  const basket = useCheckedWheelbarrow();
  if (basket.lines.length === 0) return <EmptyWheelbarrow />;
  if (basket.bookable) return <>{children(basket)}</>;
  if (basket.error) {
    return <ErrorState title="Your wheelbarrow could not be checked" message={errorMessage(basket.error)} onRetry={basket.retry} />;
  }
  if (basket.flagged.length === 0) return <StatusMessage>Checking your wheelbarrow...</StatusMessage>;
  return (
    <div className="rounded-xl border border-amber-400 bg-amber-50 p-6 text-amber-950">
      <p className="font-semibold">Some items in your wheelbarrow cannot be booked as they are.</p>
      <p className="mt-1">Remove them or choose new dates before paying.</p>
      <p className="mt-4">
        <Link to="/checkout" className="font-medium text-emerald-900 underline underline-offset-4">
          Back to checkout
        </Link>
      </p>
    </div>
  );
}
