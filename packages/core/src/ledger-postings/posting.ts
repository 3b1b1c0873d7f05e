/** The shape of a posting: what core's posting functions return and the ledger module saves. */
import type { LedgerAccount } from '../ledger.ts';

export interface PostingEntry {
  userId: string | null;
  account: LedgerAccount;
  amountPence: number;
  /** What this entry is, for statements (defaults to the posting's kind). */
  kind?: string;
  rentalId?: string | null;
  paymentId?: string | null;
}

export interface LedgerPosting {
  kind:
    | 'checkout'
    | 'capture_failed'
    | 'rental_cancelled'
    | 'card_refund_failed'
    | 'rental_completed'
    | 'withdrawal_requested'
    | 'withdrawal_paid'
    | 'withdrawal_failed'
    | 'withdrawal_returned'
    | 'withdrawal_cancelled'
    | 'extension_reversed'
    | 'deposit_held'
    | 'deposit_settled'
    | 'claim_refunded'
    | 'request_accepted'
    | 'rental_extended';
  paymentId?: string | null;
  rentalId?: string | null;
  /** The withdrawal an entry belongs to. */
  reference?: string | null;
  entries: PostingEntry[];
}
