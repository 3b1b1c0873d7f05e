import { CANCEL_REASON_MAX, formatDate, formatPence, refundNowSentence, renterRefundAt } from '@toolshed/core';
import type { RentalView } from '@toolshed/core/contract';
import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { useToast } from '../../../lib/toast.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { useCancelRental } from '../../../data/rental-actions.ts';

/** What happens to the money, said before anyone cancels. */
export function refundSentence(rental: RentalView, at: Date = new Date()): string {
  if (rental.role === 'owner')
    return `The renter gets everything they paid for this rental back, to the card they paid with, and your pending earnings of ${formatPence(rental.totalPence)} for it are removed.`;
  if (rental.paidPence === 0) return 'Nothing was paid for this rental, so there is nothing to give back.';
  const { percent, refundPence } = renterRefundAt(
    {
      policy: rental.cancellationPolicy,
      startDate: rental.startDate,
      linePence: rental.totalPence,
      feePence: rental.paidPence - rental.totalPence,
    },
    at,
  );
  if (percent === 0) return refundNowSentence(rental.cancellationPolicy, percent, refundPence, rental.paidPence);
  if (percent < 100)
    return `${refundNowSentence(rental.cancellationPolicy, percent, refundPence, rental.paidPence)} It goes back to the card you paid with (refunds usually reach your card in 5-10 working days); any part the card did not pay goes to your Toolshed balance.`;
  return `${formatPence(rental.paidPence)} (the rental and its service fee) goes back to the card you paid with (refunds usually reach your card in 5-10 working days); what you paid from your Toolshed balance goes back to the balance.`;
}

/** Confirms a cancellation (renter) or a decline with a reason (owner); focus is handled by the dialog. */
export function CancelRentalDialog({ rental, onClose }: { rental: RentalView; onClose(): void }) {
  const cancel = useCancelRental(rental);
  const toast = useToast();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const owner = rental.role === 'owner';
  // An owner who accepted a request cancels it; any other booking of theirs they decline.
  const declines = owner && !rental.requestAccepted;

  function confirm() {
    if (owner && reason.trim() === '') {
      setMissing(true);
      return;
    }
    cancel.mutate(owner ? reason : undefined, {
      onSuccess: ({ refundPence }) => {
        onClose();
        toast.show(
          owner
            ? declines
              ? 'Rental declined'
              : 'Rental cancelled'
            : refundPence > 0
              ? `Rental cancelled: ${formatPence(refundPence)} refunded`
              : 'Rental cancelled',
        );
      },
    });
  }

  const error =
    missing && owner && reason.trim() === ''
      ? `Please tell the renter why you are ${declines ? 'declining' : 'cancelling'}.`
      : cancel.isError
        ? errorMessage(cancel.error)
        : undefined;
  return (
    <ConfirmDialog
      title={
        owner
          ? `${declines ? 'Decline' : 'Cancel'} ${rental.renter.name}'s rental of ${rental.item.name}?`
          : `Cancel your rental of ${rental.item.name}?`
      }
      confirmLabel={declines ? 'Decline rental' : 'Cancel rental'}
      busyLabel={declines ? 'Declining...' : 'Cancelling...'}
      busy={cancel.isPending}
      error={error}
      onConfirm={confirm}
      onCancel={onClose}
    >
      <p>
        {formatDate(rental.startDate)} to {formatDate(rental.endDate)}. {refundSentence(rental)} The dates become free for others to book.
      </p>
      {owner && (
        <div className="mt-3 flex flex-col gap-1">
          <label htmlFor={reasonId} className="font-medium text-slate-900">
            Reason (sent to the renter)
          </label>
          <textarea
            id={reasonId}
            value={reason}
            maxLength={CANCEL_REASON_MAX}
            rows={3}
            onChange={(e) => setReason(e.target.value)}
            className="rounded-md border border-slate-400 px-3 py-2 text-slate-900"
          />
        </div>
      )}
    </ConfirmDialog>
  );
}
