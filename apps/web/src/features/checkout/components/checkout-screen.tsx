import { useNavigate } from '../../../lib/router/index.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { primaryButtonClass } from '../../../ui/form-parts.tsx';
import { useMe } from '../../../data/me.ts';
import { useCheckedWheelbarrow, type CheckedWheelbarrow } from '../../../data/use-checked-wheelbarrow.ts';
import { BorrowerDetails } from './borrower-details.tsx';
import { EmptyWheelbarrow } from '../../../ui/empty-wheelbarrow.tsx';
import { OrderSummary } from '../../../ui/order-summary.tsx';
import { RentalSummary } from './rental-summary.tsx';
import { isFlagged } from '../../../data/checked-lines.ts';
import { useHandoverChoices } from '../../../data/handover-choices.ts';

/** Why 'Continue to Payment' cannot be used yet, or null when it can. */
function blockedBecause(basket: CheckedWheelbarrow, hasAddress: boolean, timesChosen: boolean): string | null {
  if (basket.flagged.length > 0) {
    return 'Some items cannot be booked as they are. Remove them or choose new dates to continue.';
  }
  if (!basket.bookable) return basket.error ? 'Your wheelbarrow must be checked before you pay.' : 'Checking your wheelbarrow...';
  if (!hasAddress) return 'Add your address to continue.';
  if (!timesChosen) return 'Choose a pick-up and a return time for each item to continue.';
  return null;
}

/** /checkout: what is being rented, by whom, and for how much, before choosing how to pay. */
export function CheckoutScreen() {
  const basket = useCheckedWheelbarrow();
  const me = useMe();
  const navigate = useNavigate();
  const { choiceOf } = useHandoverChoices();

  if (basket.lines.length === 0) return <EmptyWheelbarrow />;
  if (me.isPending) return <StatusMessage>Loading your details...</StatusMessage>;
  if (me.isError) {
    return <ErrorState title="Your details could not be loaded" message={errorMessage(me.error)} onRetry={() => void me.refetch()} />;
  }

  const timesChosen = basket.lines.filter((l) => !isFlagged(l)).every((l) => choiceOf(l).pickupTime && choiceOf(l).returnTime);
  const blocked = blockedBecause(basket, Boolean(me.data.address), timesChosen);
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
      <div className="min-w-0 space-y-8">
        {basket.error && (
          <ErrorState title="Your wheelbarrow could not be checked" message={errorMessage(basket.error)} onRetry={basket.retry} />
        )}
        <RentalSummary lines={basket.lines} />
        <BorrowerDetails me={me.data} />
      </div>
      <div className="space-y-4">
        <OrderSummary totals={basket.price} />
        {basket.flagged.length > 0 && (
          <p className="text-sm text-slate-700">Items that cannot be booked are not included in these totals.</p>
        )}
        <button
          type="button"
          disabled={blocked !== null}
          aria-describedby={blocked ? 'checkout-blocked' : undefined}
          onClick={() => void navigate('/payment-selection')}
          className={`w-full ${primaryButtonClass}`}
        >
          Continue to Payment
        </button>
        {blocked && (
          <p id="checkout-blocked" className={`text-sm ${basket.flagged.length > 0 ? 'font-medium text-amber-950' : 'text-slate-700'}`}>
            {blocked}
          </p>
        )}
      </div>
    </div>
  );
}
