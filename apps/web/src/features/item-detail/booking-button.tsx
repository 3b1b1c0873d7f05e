import type { BookingButtonState } from '@toolshed/core';

export interface BookingButtonProps {
  /** From `bookingButtonState` in core: the only source of the label and whether it can be used. */
  state: BookingButtonState;
  /** Mock Data is read-only: nothing can be booked from the sample catalogue. */
  readOnly: boolean;
  /** The listing is switched off by its owner. */
  unavailable: boolean;
  /** Why the chosen dates cannot be booked, beyond the button's label (the owner is away). */
  reason?: string | null;
  /** A request-to-book item: the owner accepts first, so the ready button asks instead of adding. */
  request?: boolean;
  /** Why this renter cannot book the item yet (the owner's requirements): the button is disabled. */
  refusal?: string | null;
  onAdd: () => void;
}

export function BookingButton({ state, readOnly, unavailable, reason = null, request = false, refusal = null, onAdd }: BookingButtonProps) {
  const disabled = state.disabled || readOnly || unavailable || refusal !== null;
  const noteId = 'item-booking-note';
  const note = readOnly
    ? 'Booking is unavailable while showing Mock Data'
    : unavailable
      ? 'This item is not currently available for rent'
      : (refusal ??
        reason ??
        (request ? 'The owner accepts or declines within 24 hours; your card is charged only if they accept.' : null));
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        disabled={disabled}
        aria-describedby={note ? noteId : undefined}
        onClick={onAdd}
        className="w-full rounded-lg bg-emerald-700 px-4 py-3 text-base font-semibold text-white hover:bg-emerald-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-emerald-900 disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-700"
      >
        {request && state.kind === 'ready' ? 'Request to book' : state.label}
      </button>
      {note && (
        <p id={noteId} className="text-sm text-slate-700">
          {note}
        </p>
      )}
    </div>
  );
}
