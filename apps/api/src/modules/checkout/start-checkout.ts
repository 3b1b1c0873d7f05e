import { createHash } from 'node:crypto';
import { AppError, cardProblems, todayInLondon } from '@toolshed/core';
import { enqueueAttemptSweep } from './attempt-sweep-job.ts';
import { bookAndPay } from './book-and-pay.ts';
import { claimAttempt } from './claim-attempt.ts';
import type { CheckoutContext, CheckoutInput, CheckoutLineInput, CheckoutOutcome } from './checkout-kit.ts';
import { runAttempt } from './run-attempt.ts';

/**
 * A renter pays for their wheelbarrow. Returns the payment id of the booked order (new, or the one
 * an earlier try with this key made), or the attempt waiting for the bank's challenge (then
 * `confirm` finishes it).
 */
export async function startCheckout(ctx: CheckoutContext, renterId: string, input: CheckoutInput): Promise<CheckoutOutcome> {
  const today = todayInLondon(ctx.now());
  const problems = cardProblems(input.card, today);
  const firstProblem = Object.entries(problems)[0];
  if (firstProblem) throw new AppError('VALIDATION', firstProblem[1], `card.${firstProblem[0]}`);
  const ids = input.lines.map((l) => l.itemId);
  if (new Set(ids).size !== ids.length) throw new AppError('VALIDATION', 'Each item can be in the wheelbarrow only once.', 'lines');
  if (!(await ctx.repo.borrowerAddress(renterId))) {
    throw new AppError('VALIDATION', 'Please add your address to your profile before checking out.', 'address');
  }
  await ctx.handoverTimes?.checkChoices(input.lines);

  // Lines sorted by item, the order the booking locks them in.
  const lines = [...input.lines].sort((a, b) => a.itemId.localeCompare(b.itemId));
  const attempt = await claimAttempt(ctx, renterId, input.idempotencyKey, requestHashOf(lines));
  if ('paymentId' in attempt) return { paymentId: attempt.paymentId, replayed: true };
  if ('challenge' in attempt) return attempt;
  await enqueueAttemptSweep(ctx.jobs, attempt, ctx.now());
  const useBalance = input.useBalance !== false;
  return runAttempt(ctx, attempt, () => bookAndPay(ctx, { renterId, lines, given: { card: input.card }, attempt, today, useBalance }));
}

/** What the key was first used for: each line's dates and handover times, whatever order the client sent its fields in. */
export function requestHashOf(lines: readonly CheckoutLineInput[]): string {
  const signature = lines.map((l) => [l.itemId, l.startDate, l.endDate, l.pickupTime ?? null, l.returnTime ?? null]);
  return createHash('sha256').update(JSON.stringify(signature)).digest('hex');
}
