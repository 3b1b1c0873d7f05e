import type { RentalView } from '@toolshed/core/contract';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { useToast } from '../../../lib/toast.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { useMarkReturned } from '../../../data/rental-actions.ts';
import { CancelRentalDialog } from './cancel-rental-dialog.tsx';
import { RequestAnswer } from './request-answer.tsx';
import { useWithdrawRequest } from '../api/answer-request.ts';

const buttonClass = 'rounded-md border px-4 py-2 font-medium';

/** An owner declines a booking made without them; one they accepted (a request) they cancel. */
export const ownerDeclines = (rental: RentalView) => rental.role === 'owner' && !rental.requestAccepted;

/** The buttons the rental lifecycle allows this user now (from the API's `actions`). */
export function RentalActions({ rental }: { rental: RentalView }) {
  const [open, setOpen] = useState<'cancel' | 'return' | 'withdraw' | null>(null);
  const markReturned = useMarkReturned();
  const withdraw = useWithdrawRequest(rental);
  const canCancel = rental.actions.includes('cancel_by_renter') || rental.actions.includes('cancel_by_owner');
  const canReturn = rental.actions.includes('mark_returned');
  const canAnswer = rental.actions.includes('accept_request') || rental.actions.includes('decline_request');
  const canWithdraw = rental.actions.includes('withdraw_request');
  if (!canCancel && !canReturn && !canAnswer && !canWithdraw) return null;
  return (
    <div className="flex flex-wrap gap-3">
      {canAnswer && <RequestAnswer rental={rental} />}
      {canWithdraw && (
        <button
          type="button"
          onClick={() => {
            withdraw.reset();
            setOpen('withdraw');
          }}
          className={`${buttonClass} border-red-700 bg-white text-red-800 hover:bg-red-50`}
        >
          Withdraw request
        </button>
      )}
      {canCancel && (
        <button
          type="button"
          onClick={() => setOpen('cancel')}
          className={`${buttonClass} border-red-700 bg-white text-red-800 hover:bg-red-50`}
        >
          {ownerDeclines(rental) ? 'Decline rental' : 'Cancel rental'}
        </button>
      )}
      {canReturn && (
        <button
          type="button"
          onClick={() => {
            markReturned.reset();
            setOpen('return');
          }}
          className={`${buttonClass} border-slate-400 bg-white text-slate-800 hover:bg-slate-100`}
        >
          Mark as returned
        </button>
      )}
      {open === 'cancel' && <CancelRentalDialog rental={rental} onClose={() => setOpen(null)} />}
      {open === 'withdraw' && <WithdrawDialog rental={rental} withdraw={withdraw} onClose={() => setOpen(null)} />}
      {open === 'return' && <ReturnDialog rental={rental} markReturned={markReturned} onClose={() => setOpen(null)} />}
    </div>
  );
}

function WithdrawDialog(props: { rental: RentalView; withdraw: ReturnType<typeof useWithdrawRequest>; onClose(): void }) {
  const { rental, withdraw, onClose } = props;
  const toast = useToast();
  return (
    <ConfirmDialog
      title={`Withdraw your request for ${rental.item.name}?`}
      confirmLabel="Withdraw request"
      busyLabel="Withdrawing..."
      busy={withdraw.isPending}
      error={withdraw.isError ? errorMessage(withdraw.error) : undefined}
      onConfirm={() =>
        withdraw.mutate(undefined, {
          onSuccess: () => {
            onClose();
            toast.show('Request withdrawn: nothing was charged');
          },
        })
      }
      onCancel={onClose}
    >
      <p>Your card is not charged, the dates become free for others to book and {rental.owner.name} is told.</p>
    </ConfirmDialog>
  );
}

function ReturnDialog(props: { rental: RentalView; markReturned: ReturnType<typeof useMarkReturned>; onClose(): void }) {
  const { rental, markReturned, onClose } = props;
  const toast = useToast();
  return (
    <ConfirmDialog
      title={`Mark ${rental.item.name} as returned?`}
      confirmLabel="Mark as returned"
      busyLabel="Saving..."
      tone="primary"
      busy={markReturned.isPending}
      error={markReturned.isError ? errorMessage(markReturned.error) : undefined}
      onConfirm={() =>
        markReturned.mutate(
          { rentalId: rental.id, itemId: rental.item.id },
          {
            onSuccess: () => {
              onClose();
              toast.show('Marked as returned');
            },
          },
        )
      }
      onCancel={onClose}
    >
      <p>Your earnings for it become available to withdraw, and you can both review the rental.</p>
    </ConfirmDialog>
  );
}
