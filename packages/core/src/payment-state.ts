/**
 * A card payment's life. It only moves forward (the database refuses any other move):
 *
 *   authorised --capture--> captured --refund--> refunded
 *   authorised --capture failed--> capture_pending --capture retried--> captured
 *   authorised | capture_pending --void (booking never made, or capture failed for good)--> voided
 *
 * Once the booking has committed nothing voids an authorised payment except capture failing for good.
 */
export const PAYMENT_STATES = ['authorised', 'capture_pending', 'captured', 'voided', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentState, readonly PaymentState[]>> = {
  authorised: ['captured', 'capture_pending', 'voided'],
  capture_pending: ['captured', 'voided'],
  captured: ['refunded'],
  voided: [],
  refunded: [],
};

export function canMovePayment(from: PaymentState, to: PaymentState): boolean {
  return from === to || PAYMENT_TRANSITIONS[from].includes(to);
}
