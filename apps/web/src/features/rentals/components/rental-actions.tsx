import type { RentalView } from '@toolshed/core/contract';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { useToast } from '../../../lib/toast.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { useMarkReturned } from '../../../data/rental-actions.ts';
import { CancelRentalDialog } from './cancel-rental-dialog.tsx';
import { RequestAnswer } from './request-answer.tsx';

const buttonClass = 'rounded-md border px-4 py-2 font-medium';

/** The buttons the rental lifecycle allows this user now (from the API's `actions`). */
export function RentalActions({ rental }: { rental: RentalView }) {
  const [open, setOpen] = useState<'cancel' | 'return' | null>(null);
  const markReturned = useMarkReturned();
  const toast = useToast();
  const canCancel = rental.actions.includes('cancel_by_renter') || rental.actions.includes('cancel_by_owner');
  const canReturn = rental.actions.includes('mark_returned');
  const canAnswer = rental.actions.includes('accept_request') || rental.actions.includes('decline_request');
  if (!canCancel && !canReturn && !canAnswer) return null;
  return (
    <div className="flex flex-wrap gap-3">
      {canAnswer && <RequestAnswer rental={rental} />}
      {canCancel && (
        <button
          type="button"
          onClick={() => setOpen('cancel')}
          className={`${buttonClass} border-red-700 bg-white text-red-800 hover:bg-red-50`}
        >
          {rental.role === 'owner' ? 'Decline rental' : 'Cancel rental'}
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
      {open === 'return' && (
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
                  setOpen(null);
                  toast.show('Marked as returned');
                },
              },
            )
          }
          onCancel={() => setOpen(null)}
        >
          <p>Your earnings for it become available to withdraw, and you can both review the rental.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
