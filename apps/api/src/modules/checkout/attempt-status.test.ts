import { describe, expect, it } from 'vitest';
import { AppError } from '@toolshed/core';
import type { AttemptRepository, AttemptRow } from './attempt-repository.ts';
import { ABANDONED_FAILURE, CRASHED_FAILURE } from './attempt-sweep-job.ts';
import { attemptStatus } from './attempt-status.ts';

const NOW = new Date('2026-03-02T10:00:00Z');
const pending = { lines: [], useBalance: true, amountPence: 2300, brand: 'visa', last4: '3220' };

function row(over: Partial<AttemptRow>): AttemptRow {
  return {
    id: 'attempt-1',
    renterId: 'renter-1',
    idempotencyKey: 'key',
    requestHash: 'hash',
    status: 'processing',
    paymentId: null,
    authorizationId: null,
    authorizationIds: [],
    claim: 1,
    authenticationId: null,
    pending: null,
    challengeExpiresAt: null,
    failure: null,
    createdAt: NOW,
    updatedAt: NOW,
    ...over,
  } as AttemptRow;
}

const statusOf = (found: AttemptRow | undefined, renterId = 'renter-1') =>
  attemptStatus({ attempts: { find: async () => found } as unknown as AttemptRepository, now: () => NOW }, renterId, 'attempt-1');

describe('where a checkout attempt stands', () => {
  it('is not found for anyone but its renter, nor when there is none', async () => {
    await expect(statusOf(row({}), 'someone-else')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(statusOf(undefined)).rejects.toBeInstanceOf(AppError);
  });

  it('names the order once booked', async () => {
    expect(await statusOf(row({ status: 'succeeded', paymentId: 'payment-1' }))).toEqual({
      status: 'succeeded',
      orderId: 'payment-1',
      challenge: null,
      failure: null,
    });
  });

  it('shows an open challenge with what it holds, and one past its time as abandoned', async () => {
    const open = await statusOf(row({ status: 'awaiting_challenge', pending, challengeExpiresAt: new Date(NOW.getTime() + 60_000) }));
    expect(open).toMatchObject({ status: 'awaiting_challenge', failure: null, challenge: { amountPence: 2300, last4: '3220' } });
    const late = await statusOf(row({ status: 'awaiting_challenge', pending, challengeExpiresAt: new Date(NOW.getTime() - 1) }));
    expect(late).toMatchObject({ status: 'failed', failure: ABANDONED_FAILURE });
  });

  it('answers a failure as recorded, or as a crash when none was', async () => {
    const declined = { code: 'PAYMENT_FAILED', message: 'Declined.', field: 'card' };
    expect((await statusOf(row({ status: 'failed', failure: declined }))).failure).toEqual(declined);
    expect((await statusOf(row({ status: 'failed' }))).failure).toEqual(CRASHED_FAILURE);
  });
});
