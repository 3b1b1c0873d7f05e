import type { LedgerPosting } from '@toolshed/core';
import type { Executor } from '../../db/database.ts';
import { postTransaction } from './ledger-repository.ts';

/**
 * How the other modules move money: they compose the posting with a function of core's
 * `ledger-postings.ts` and hand it here, inside the transaction that makes the change it pays for.
 * Only core's postings are accepted (the ledger's own `postTransaction` also takes the kinds tests
 * make up). A null posting (nothing moves) saves nothing. Answers the ledger transaction's id.
 */
export async function savePosting(executor: Executor, posting: LedgerPosting | null): Promise<string | null> {
  return posting ? postTransaction(executor, posting) : null;
}
