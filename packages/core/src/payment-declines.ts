/**
 * Why a card processor refused a payment, and what that means to the person paying. Each reason
 * gets its own words so they know whether to try again, use another card or call their bank.
 */
export const DECLINE_MESSAGES = {
  declined: 'Your bank declined this card. Please use a different card, or contact your bank.',
  insufficient_funds: 'There is not enough money on this card for the total. Please use a different card.',
  processing_error: 'Your bank could not process the payment just now. You have not been charged: please try again in a minute.',
  authentication_required:
    'Your bank needs to confirm this payment with you, and it was not confirmed. You have not been charged: please try again.',
  authentication_failed:
    'Your bank could not confirm this payment with you, so nothing was charged. Please try again, or use a different card.',
  authentication_abandoned:
    'The check with your bank was not finished in time, so nothing was charged and the dates were released. Please try again.',
  deposit_check_abandoned:
    'The check with your bank was not finished in time, so the deposit was not held on this card. Please give the card again, or use a different card.',
} as const;

export type DeclineReason = keyof typeof DECLINE_MESSAGES;

/** A reason the processor did not document still gets a clear, honest answer. */
export function declineMessage(reason: string): string {
  return Object.hasOwn(DECLINE_MESSAGES, reason)
    ? DECLINE_MESSAGES[reason as DeclineReason]
    : 'Your card was not accepted. Please check the details or use a different card.';
}
