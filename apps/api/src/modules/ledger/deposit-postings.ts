import { depositHeldPosting, depositSettledPosting } from '@toolshed/core';
import type { Executor } from '../../db/database.ts';
import { postTransaction } from './ledger-repository.ts';

/** A deposit now held on the renter's card: posted to their deposit_held account (held, not charged). */
export const postDepositHeld = (executor: Executor, facts: Parameters<typeof depositHeldPosting>[0]) =>
  postTransaction(executor, depositHeldPosting(facts));

/** A hold ended: what was captured goes to the owner, the rest is released (core `depositSettledPosting`). */
export const postDepositSettled = (executor: Executor, facts: Parameters<typeof depositSettledPosting>[0]) =>
  postTransaction(executor, depositSettledPosting(facts));
