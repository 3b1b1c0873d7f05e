import type { CardBrand, CardInput } from '@toolshed/core';

export type DeclineReason = 'declined' | 'insufficient_funds' | 'processing_error';

export type AuthorizationResult =
  { ok: true; authorizationId: string; brand: CardBrand; last4: string } | { ok: false; reason: DeclineReason };

/**
 * A card processor, shaped like real ones: authorize holds the money, capture takes it once the
 * booking is stored, void releases the hold when the booking cannot be made. Card numbers go in and
 * never come back out: only brand and last four digits. Capture and void must be idempotent (capturing
 * a captured hold succeeds): a capture that failed, or whose answer was lost, is retried by a job.
 * A refund returns captured money to the card, with its own states.
 */
/**
 * A refund's state at the processor: pending until the card network confirms it (real processors
 * answer most at once, some later), then succeeded, or failed (the card was closed, say).
 */
export type RefundResult =
  { status: 'pending' | 'succeeded'; refundId: string } | { status: 'failed'; refundId: string | null; reason: string };

export interface PaymentProvider {
  readonly name: string;
  authorize(input: { amountPence: number; card: CardInput; reference: string }): Promise<AuthorizationResult>;
  /** Takes the whole hold, or only `amountPence` of it (a deposit claimed in part: the rest is released). */
  capture(authorizationId: string, amountPence?: number): Promise<void>;
  void(authorizationId: string): Promise<void>;
  /**
   * Gives back `amountPence` of a captured authorisation (all of it or part; several parts may be
   * refunded, never more than was captured). Idempotent by `reference`: asking again with it answers
   * the same refund, so a lost answer is retried without refunding twice.
   */
  refund(input: { authorizationId: string; amountPence: number; reference: string }): Promise<RefundResult>;
  /** Where a refund that answered pending has got to. */
  refundStatus(refundId: string): Promise<RefundResult>;
}
