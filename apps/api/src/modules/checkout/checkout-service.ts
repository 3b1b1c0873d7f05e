import { createHash } from 'node:crypto';
import {
  AppError,
  cardDigits,
  cardProblems,
  checkoutLineProblem,
  daysInclusive,
  declineMessage,
  formatDate,
  priceBasket,
  todayInLondon,
  type CardInput,
} from '@toolshed/core';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import type { CheckoutRepository, NewRental } from './checkout-repository.ts';

export interface CheckoutLineInput {
  itemId: string;
  startDate: string;
  endDate: string;
}

export interface CheckoutInput {
  lines: CheckoutLineInput[];
  card: CardInput;
  idempotencyKey: string;
}

const EXCLUSION_VIOLATION = '23P01';
const DEADLOCK = '40P01';

function pgCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.cause?.code ?? e?.code;
}

function clashMessage(name: string, line: CheckoutLineInput): string {
  return `${name} is already booked for some of ${formatDate(line.startDate)} to ${formatDate(line.endDate)}. Please choose other dates.`;
}

/**
 * Books a wheelbarrow: every price recomputed from the database, every line checked, the card
 * authorised, then rentals, payment and ledger written in one transaction, then the payment
 * captured. Any failure leaves nothing booked and nothing charged.
 */
export function createCheckoutService(
  repo: CheckoutRepository,
  payments: PaymentProvider,
  now: () => Date = () => new Date(),
  /** Told after every booking, so cached browse answers stop offering the booked days. */
  onBooked: () => void = () => {},
) {
  return {
    /** Returns the payment id of the booked order (new, or the one an earlier try with this key made). */
    async checkout(renterId: string, input: CheckoutInput): Promise<{ paymentId: string; replayed: boolean }> {
      const today = todayInLondon(now());
      const problems = cardProblems(input.card, today);
      const firstProblem = Object.entries(problems)[0];
      if (firstProblem) throw new AppError('VALIDATION', firstProblem[1], `card.${firstProblem[0]}`);
      const ids = input.lines.map((l) => l.itemId);
      if (new Set(ids).size !== ids.length) throw new AppError('VALIDATION', 'Each item can be in the wheelbarrow only once.', 'lines');
      if (!(await repo.borrowerAddress(renterId))) {
        throw new AppError('VALIDATION', 'Please add your address to your profile before checking out.', 'address');
      }

      // Lines sorted by item so that concurrent checkouts take row locks in the same order.
      const lines = [...input.lines].sort((a, b) => a.itemId.localeCompare(b.itemId));
      const requestHash = createHash('sha256').update(JSON.stringify(lines)).digest('hex');
      const claim = await repo.attempts.claim(renterId, input.idempotencyKey, requestHash);
      let attemptId: string;
      if (claim.claimed) attemptId = claim.id;
      else {
        const existing = claim.existing;
        if (existing.requestHash !== requestHash) throw new AppError('CONFLICT', 'This payment key was already used for a different checkout.', 'idempotencyKey');
        if (existing.status === 'succeeded' && existing.paymentId) return { paymentId: existing.paymentId, replayed: true };
        if (existing.status === 'processing' || !(await repo.attempts.reclaimFailed(existing.id))) {
          throw new AppError('CONFLICT', 'This payment is already being processed.', 'idempotencyKey');
        }
        attemptId = existing.id;
      }

      try {
        return { paymentId: await this.bookAndCharge(renterId, lines, input.card, attemptId, today), replayed: false };
      } catch (err) {
        await repo.attempts.fail(attemptId);
        throw err;
      }
    },

    async bookAndCharge(renterId: string, lines: CheckoutLineInput[], card: CardInput, attemptId: string, today: string): Promise<string> {
      const found = await repo.lineItems(lines.map((l) => l.itemId));
      const booked: NewRental[] = [];
      for (const line of lines) {
        const item = found.get(line.itemId);
        if (!item) throw new AppError('NOT_FOUND', 'An item in your wheelbarrow no longer exists. Please remove it and try again.', 'lines');
        const problem = checkoutLineProblem({ ...item, itemName: item.name, startDate: line.startDate, endDate: line.endDate }, renterId, today);
        if (problem) throw new AppError('VALIDATION', problem, 'lines');
        const days = daysInclusive(line.startDate, line.endDate);
        booked.push({ ...line, ownerId: item.ownerId, dailyRatePence: item.dailyRatePence, totalPence: item.dailyRatePence * days });
      }
      const price = priceBasket(booked.map((b) => ({ dailyRatePence: b.dailyRatePence, days: daysInclusive(b.startDate, b.endDate) })));

      // A friendly early answer; the database constraint below is the real guard.
      const clashing = await repo.clashes(lines);
      const firstClash = lines.find((l) => clashing.has(l.itemId));
      if (firstClash) throw new AppError('CONFLICT', clashMessage(found.get(firstClash.itemId)!.name, firstClash), 'lines');

      const auth = await payments.authorize({ amountPence: price.totalPence, card, reference: attemptId });
      if (!auth.ok) throw new AppError('PAYMENT_FAILED', declineMessage(auth.reason), 'card');

      let inserting = 0;
      try {
        const { paymentId } = await repo.book({
          attemptId,
          renterId,
          lines: booked,
          subtotalPence: price.subtotalPence,
          serviceFeePence: price.serviceFeePence,
          card: { brand: auth.brand, last4: cardDigits(card.number).slice(-4) },
          provider: payments.name,
          providerReference: auth.authorizationId,
          onInsert: (i) => (inserting = i),
        });
        onBooked();
        await payments.capture(auth.authorizationId);
        return paymentId;
      } catch (err) {
        await payments.void(auth.authorizationId);
        const code = pgCode(err);
        if (code === EXCLUSION_VIOLATION || code === DEADLOCK) {
          const line = lines[inserting]!;
          throw new AppError('CONFLICT', clashMessage(found.get(line.itemId)!.name, line), 'lines');
        }
        throw err;
      }
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
