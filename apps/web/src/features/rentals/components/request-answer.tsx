import { CANCEL_REASON_MAX, formatDate, formatPence } from '@toolshed/core';
import type { RentalView } from '@toolshed/core/contract';
import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { useToast } from '../../../lib/toast.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { useAnswerRequest } from '../api/answer-request.ts';

const buttonClass = 'rounded-md border px-4 py-2 font-medium disabled:cursor-not-allowed disabled:opacity-60';

/** The owner's answer to a request to book: Accept charges the renter's card; Decline asks why. */
export function RequestAnswer({ rental }: { rental: RentalView }) {
  const answer = useAnswerRequest(rental);
  const toast = useToast();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  function accept() {
    answer.mutate({ accept: true }, { onSuccess: () => toast.show(`Request accepted: ${rental.renter.name} is booked`) });
  }
  function decline() {
    if (reason.trim() === '') return setMissing(true);
    answer.mutate(
      { accept: false, reason },
      {
        onSuccess: () => {
          setDeclining(false);
          toast.show('Request declined');
        },
      },
    );
  }

  const failed = answer.isError ? errorMessage(answer.error) : undefined;
  return (
    <>
      <p className="w-full text-slate-800">
        {rental.renter.name} asks to rent it from {formatDate(rental.startDate)} to {formatDate(rental.endDate)} for{' '}
        {formatPence(rental.totalPence)}. Accepting charges their card.
      </p>
      <button
        type="button"
        onClick={accept}
        disabled={answer.isPending}
        className={`${buttonClass} border-emerald-700 bg-emerald-700 text-white hover:bg-emerald-800`}
      >
        {answer.isPending && !declining ? 'Accepting...' : 'Accept'}
      </button>
      <button
        type="button"
        onClick={() => {
          answer.reset();
          setDeclining(true);
        }}
        disabled={answer.isPending}
        className={`${buttonClass} border-red-700 bg-white text-red-800 hover:bg-red-50`}
      >
        Decline
      </button>
      {failed && !declining && (
        <p role="alert" className="w-full rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {failed}
        </p>
      )}
      {declining && (
        <DeclineDialog
          rental={rental}
          reason={reason}
          onReason={setReason}
          busy={answer.isPending}
          error={missing && reason.trim() === '' ? 'Please tell the renter why you are declining.' : failed}
          onConfirm={decline}
          onCancel={() => setDeclining(false)}
        />
      )}
    </>
  );
}

/** Asks the owner why they decline, for the renter. */
function DeclineDialog(props: {
  rental: RentalView;
  reason: string;
  onReason(reason: string): void;
  busy: boolean;
  error: string | undefined;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { rental } = props;
  const reasonId = useId();
  return (
    <ConfirmDialog
      title={`Decline ${rental.renter.name}'s request for ${rental.item.name}?`}
      confirmLabel="Decline request"
      busyLabel="Declining..."
      busy={props.busy}
      error={props.error}
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
    >
      <p>Nothing is charged and the dates become free for others to book.</p>
      <div className="mt-3 flex flex-col gap-1">
        <label htmlFor={reasonId} className="font-medium text-slate-900">
          Reason (sent to the renter)
        </label>
        <textarea
          id={reasonId}
          value={props.reason}
          maxLength={CANCEL_REASON_MAX}
          rows={3}
          onChange={(e) => props.onReason(e.target.value)}
          className="rounded-md border border-slate-400 px-3 py-2 text-slate-900"
        />
      </div>
    </ConfirmDialog>
  );
}
