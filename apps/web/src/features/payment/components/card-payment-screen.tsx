import { chargedAndHeldText, formatPence } from '@toolshed/core';
import { isFlagged, type CheckedLine } from '../../../data/checked-lines.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { BasketGate } from './basket-gate.tsx';
import { lineDates } from '../../../data/check-wheelbarrow.ts';
import { withHandoverTimes } from '../../../data/handover-choices.ts';
import { isUsableConfig, usePaymentConfig } from '../api/get-payment-config.ts';
import { CardForm } from './card-form.tsx';
import { TestCardsNote } from './test-cards-note.tsx';
import { ChallengeReturn } from './challenge-return.tsx';
import { useSearchParams } from '../../../lib/router/index.ts';

function CannotInitialise() {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6">
      <p className="font-semibold text-red-900">Failed to initialize payment system</p>
      <p className="mt-1 text-sm text-red-800">Reloading the page usually helps.</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-4 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
      >
        Try Again
      </button>
    </div>
  );
}

/** The deposits of the lines being paid for: held on the card beside the charge, not charged. */
const depositOf = (lines: readonly CheckedLine[]) => lines.filter((l) => !isFlagged(l)).reduce((sum, l) => sum + l.depositPence, 0);

/** /payment/card: the payment system first, then the card form for the checked wheelbarrow. */
export function CardPaymentScreen() {
  const [params] = useSearchParams();
  const attemptId = params.get('attempt');
  // Back from the bank's check: its answer, not the form (the wheelbarrow may already be booked).
  if (attemptId) return <ChallengeReturn attemptId={attemptId} />;
  return <CardPaymentForm />;
}

function CardPaymentForm() {
  const config = usePaymentConfig();
  if (config.isPending) return <StatusMessage>Loading payment system...</StatusMessage>;
  if (config.isError) {
    return <ErrorState title="Failed to load payment system" message={errorMessage(config.error)} onRetry={() => void config.refetch()} />;
  }
  if (!isUsableConfig(config.data)) return <CannotInitialise />;
  const paymentConfig = config.data;

  return (
    <BasketGate>
      {(basket) => (
        <div className="grid gap-8 md:grid-cols-[1fr_18rem]">
          <div className="min-w-0 space-y-4">
            <p className="text-lg text-slate-800">
              Total to pay: <span className="font-semibold text-slate-900">{formatPence(basket.price.totalPence)}</span>
            </p>
            {depositOf(basket.lines) > 0 && (
              <p className="rounded-md bg-sky-50 px-3 py-2 text-sky-950">
                {chargedAndHeldText(basket.price.totalPence, depositOf(basket.lines))}. Your card is kept by our payment processor for this
                booking's deposit, which is held on it from a day before the rental starts.
              </p>
            )}
            <CardForm
              lines={withHandoverTimes(lineDates(basket.lines))}
              totalPence={basket.price.totalPence}
              hasRequests={basket.lines.some((l) => !isFlagged(l) && l.bookingMode === 'request')}
            />
          </div>
          <TestCardsNote config={paymentConfig} />
        </div>
      )}
    </BasketGate>
  );
}
