import type { extensionPosting } from '@toolshed/core';
import { AppError, extensionPrice, extensionProblem, formatDate, rentalState, todayInLondon, type ExtensionPrice } from '@toolshed/core';
import type { Executor } from '../../../db/database.ts';
import type { EventBus } from '../../../platform/events/domain-events.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import type { PaymentProvider } from '../../../platform/payments/payment-provider.ts';
import { spendFromBalances } from '../../ledger/ledger-repository.ts';
import { savePosting } from '../../ledger/save-posting.ts';
import type { ExtensionRepository, ItemTerms, PendingExtension } from '../extension-repository.ts';
import { feeShareOf } from '../rental-fee-share.ts';
import type { RentalRepository, Rental } from '../rental-repository.ts';
import { rentalFacts, roleOf } from '../rental-view.ts';
import { REQUEST_VOID_DELAY_MS, REQUEST_VOID_JOB } from '../request-service.ts';

export interface ExtensionDeps {
  repo: RentalRepository;
  extensions: ExtensionRepository;
  payments: PaymentProvider;
  events: EventBus;
  jobs: JobQueue;
  now: () => Date;
  onChange?: () => void;
}

/** Captures a paid extension's authorisation: queued with the extension, it runs again what the commit's follow-up tried. */
export const EXTENSION_CAPTURE_JOB = 'rentals.capture_extension';

export const notFound = () => new AppError('NOT_FOUND', 'Rental not found.');
export const EXCLUSION_VIOLATION = '23P01';
export const takenMessage = (from: string, to: string) =>
  `The item is booked on some of ${formatDate(from)} to ${formatDate(to)} (or the days it keeps free around rentals), so this rental cannot run on to then.`;

/** What core's pending-extension rules need of the row. */
export const pendingFacts = (pending: Pick<PendingExtension, 'expiresAt'> | undefined) =>
  pending ? { expiresAt: new Date(pending.expiresAt) } : null;

/**
 * What every extension use case shares: the dependencies, the price and rule check of a new end
 * date, the posting of its money, and the capture or void of its card authorisation after the commit
 * (each backed by a keyed job queued in the same transaction).
 */
export function createExtensionKit(deps: ExtensionDeps) {
  const { payments, jobs } = deps;
  /**
   * A paid extension's money is posted in its transaction; its card authorisation is captured after
   * the commit, and the keyed capture job, queued in the same transaction, captures it should that
   * call fail (a failure never voids a hold whose extension is already booked and posted).
   */
  async function queueCapture(executor: Executor, authorizationId: string, at: Date): Promise<void> {
    await jobs.enqueue(
      EXTENSION_CAPTURE_JOB,
      { authorizationId },
      { key: `${EXTENSION_CAPTURE_JOB}:${authorizationId}`, runAt: new Date(at.getTime() + REQUEST_VOID_DELAY_MS) },
      executor,
    );
  }
  const captureNow = (authorizationId: string) => payments.capture(authorizationId).catch(() => undefined);
  /**
   * A closed extension's authorisation is voided after the commit, never under the row lock; the
   * keyed void job, queued in the same transaction, voids it again should that call fail.
   */
  async function queueVoid(executor: Executor, pending: PendingExtension, at: Date): Promise<void> {
    if (!pending.authorizationId) return;
    await jobs.enqueue(
      REQUEST_VOID_JOB,
      { authorizationId: pending.authorizationId },
      { key: `${REQUEST_VOID_JOB}:extension:${pending.id}`, runAt: new Date(at.getTime() + REQUEST_VOID_DELAY_MS) },
      executor,
    );
  }
  /** The void tried right after the commit; a failure is left to the job. */
  const voidNow = (authorizationId: string) => payments.void(authorizationId).catch(() => undefined);

  function assess(row: Rental, terms: ItemTerms, endDate: string, at: Date): { problem: string | null; price: ExtensionPrice | null } {
    const state = rentalState(rentalFacts(row, at), todayInLondon(at));
    const problem = extensionProblem({ state, startDate: row.startDate, endDate: row.endDate, maxDays: terms.maxDays }, endDate);
    if (problem) return { problem, price: null };
    const price = extensionPrice(
      {
        dailyRatePence: row.dailyRatePence ?? 0,
        weeklyRatePence: row.weeklyRatePence,
        startDate: row.startDate,
        chargedLinePence: row.totalPence,
        chargedFeePence: feeShareOf(row) + row.extendedFeePence,
      },
      endDate,
    );
    return { problem: null, price };
  }

  /**
   * Saves an extension's posting. Paid from the balance, it is spent under the renter's row lock
   * (`spendFromBalances`, the lock withdrawals take), after the rental's and the item's, and refused
   * with `refusal` when what the balance holds then does not cover it; a card payment or a refund to
   * the balance is posted as it is.
   */
  async function postExtension(
    executor: Executor,
    posting: ReturnType<typeof extensionPosting>,
    renterId: string,
    refusal: (availablePence: number) => AppError,
  ): Promise<void> {
    if (!posting) return;
    if (!posting.entries.some((e) => e.account === 'available' && e.amountPence < 0)) {
      await savePosting(executor, posting);
      return;
    }
    const spent = await spendFromBalances(executor, [renterId], () => posting);
    if (spent.kind === 'short') throw refusal(spent.availablePence);
  }

  /** The rental if `userId` is its renter (the owner may not extend it; anyone else is told it does not exist). */
  function asRenter(row: Rental | undefined, userId: string): Rental {
    if (!row) throw notFound();
    if (roleOf(row, userId) !== 'renter') throw new AppError('FORBIDDEN', 'Only the renter can extend a rental.');
    return row;
  }

  return { ...deps, onChange: deps.onChange ?? (() => {}), queueCapture, captureNow, queueVoid, voidNow, assess, postExtension, asRenter };
}

export type ExtensionKit = ReturnType<typeof createExtensionKit>;
