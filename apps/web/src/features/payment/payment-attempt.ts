import { ApiError } from '../../lib/api-error.ts';
import type { LineDates } from '../../data/check-wheelbarrow.ts';

/** One payment attempt: its idempotency key and the lines it is for. */
export interface PaymentAttempt {
  key: string;
  lines: string;
}

/** A line as the order sends it: its dates and, when the owner offers handover hours, the times chosen. */
type AttemptLine = LineDates & { pickupTime?: string | undefined; returnTime?: string | undefined };

/**
 * The same lines in any order give the same text, as the server compares them: their dates and
 * handover times, so a payment tried again with other times is a new attempt (the server refuses a
 * key used again for a different checkout).
 */
function linesSignature(lines: readonly AttemptLine[]): string {
  return JSON.stringify(
    [...lines]
      .sort((a, b) => a.itemId.localeCompare(b.itemId))
      .map((l) => [l.itemId, l.startDate, l.endDate, l.pickupTime ?? null, l.returnTime ?? null]),
  );
}

/**
 * The attempt to send: the unfinished one again if it was for these lines (its outcome is unknown,
 * and the same key lets the server answer with the first result instead of charging twice),
 * otherwise a new one with a fresh key.
 */
export function nextAttempt(
  unfinished: PaymentAttempt | null,
  lines: readonly AttemptLine[],
  newKey: () => string = () => crypto.randomUUID(),
): PaymentAttempt {
  const signature = linesSignature(lines);
  return unfinished && unfinished.lines === signature ? unfinished : { key: newKey(), lines: signature };
}

/**
 * True when the server may have charged the card or may still be doing so: no answer at all, a
 * fault on its side, or 'already being processed'. Only then is the key kept for a retry; a clear
 * answer (declined, refused, conflict on dates) ends the attempt.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || (error.status === 409 && error.field === 'idempotencyKey');
}

const STORAGE_KEY = 'toolshed.unfinished-payment';

/**
 * The unfinished attempt survives a reload of the page (for this tab only), so a payment whose
 * answer was lost is retried with its own key instead of a new one.
 */
export function loadUnfinished(storage: Pick<Storage, 'getItem'> | undefined = globalThis.sessionStorage): PaymentAttempt | null {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null');
    if (
      parsed &&
      typeof parsed === 'object' &&
      typeof (parsed as PaymentAttempt).key === 'string' &&
      typeof (parsed as PaymentAttempt).lines === 'string'
    ) {
      return { key: (parsed as PaymentAttempt).key, lines: (parsed as PaymentAttempt).lines };
    }
  } catch {
    // Unreadable or blocked storage: start afresh.
  }
  return null;
}

export function saveUnfinished(
  attempt: PaymentAttempt | null,
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = globalThis.sessionStorage,
): void {
  try {
    if (attempt) storage?.setItem(STORAGE_KEY, JSON.stringify(attempt));
    else storage?.removeItem(STORAGE_KEY);
  } catch {
    // Storage may be full or blocked; the attempt is still kept in memory.
  }
}
