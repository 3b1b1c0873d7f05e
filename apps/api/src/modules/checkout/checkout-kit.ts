// What the checkout's use cases share: their input and output types, their dependencies, the answers they give alike.
import { AppError, type CardInput, type ErrorCode } from '@toolshed/core';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import type { CheckoutDeposits } from '../deposits/deposits-module.ts';
import type { AttemptFailure, AttemptRepository } from './attempt-repository.ts';
import type { CheckoutRepository } from './checkout-repository.ts';
import type { PaymentRepository } from './payment-repository.ts';

export interface CheckoutLineInput {
  itemId: string;
  startDate: string;
  endDate: string;
  /** HH:MM London time on the start date and on the end date, from the owner's handover slots (decision 038). */
  pickupTime?: string | undefined;
  returnTime?: string | undefined;
}

export interface CheckoutInput {
  lines: CheckoutLineInput[];
  card: CardInput;
  idempotencyKey: string;
  /** Pay from the renter's Toolshed balance before the card (default: yes, when there is one). */
  useBalance?: boolean;
}

export interface CheckoutDeps {
  repo: CheckoutRepository;
  attempts: AttemptRepository;
  paymentRecords: PaymentRepository;
  payments: PaymentProvider;
  jobs: JobQueue;
  events: EventBus;
  now?: () => Date;
  /** Told after every booking, so cached browse answers stop offering the booked days. */
  onBooked?: () => void;
  /** Each line's deposit: authorised beside the charge (held, not charged) and saved with the booking. */
  deposits?: CheckoutDeposits;
  /** Refuses (400) a handover time that is not one of its owner's slots on its day. */
  handoverTimes?: { checkChoices(lines: CheckoutLineInput[]): Promise<void> };
}

/** The dependencies as every use case takes them: the defaults filled in. */
export type CheckoutContext = CheckoutDeps & { now: () => Date; onBooked: () => void };

export function checkoutContext(deps: CheckoutDeps): CheckoutContext {
  return { ...deps, now: deps.now ?? (() => new Date()), onBooked: deps.onBooked ?? (() => {}) };
}

/** One claim of a checkout attempt: the request (or the retry after a crash) that may finish it. */
export interface AttemptClaim {
  id: string;
  claim: number;
}

/** The bank's challenge to answer before the checkout can finish (its attempt). */
export type ChallengeOutcome = { challenge: { attemptId: string } };

/** What a checkout answers: the order, or the bank's challenge to answer first (its attempt). */
export type CheckoutOutcome = { paymentId: string; replayed: boolean } | ChallengeOutcome;

export const STILL_PROCESSING =
  'This payment is already being processed. Please wait a moment, then try again: you will not be charged twice.';

/** The answer for an attempt that is not the asker's (or does not exist): the same, so ids cannot be probed. */
export const noSuchPayment = () => new AppError('NOT_FOUND', 'There is no such payment.');

/** The recorded failure, answered again as it was first. */
export function failureError(failure: AttemptFailure): AppError {
  return new AppError(failure.code as ErrorCode, failure.message, failure.field);
}
