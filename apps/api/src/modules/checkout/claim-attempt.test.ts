import { describe, expect, it } from 'vitest';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import type { AttemptRepository, AttemptRow } from './attempt-repository.ts';
import { ATTEMPT_STALE_MS } from './attempt-sweep-job.ts';
import { claimAttempt } from './claim-attempt.ts';

const NOW = new Date('2026-03-02T10:00:00Z');

/** An attempt repository whose key was already used for `existing` (none: the claim is new). */
function setUp(existing?: Partial<AttemptRow>, reclaimed: { claim: number; leftoverAuthorizations: string[] } | null = null) {
  const voided: string[] = [];
  const reclaimedBefore: Date[] = [];
  const attempts = {
    claim: async () =>
      existing
        ? { claimed: false, existing: { id: 'attempt-1', requestHash: 'hash', status: 'processing', ...existing } }
        : { claimed: true, id: 'attempt-new', claim: 1 },
    reclaim: async (_id: string, staleBefore: Date) => {
      reclaimedBefore.push(staleBefore);
      return reclaimed;
    },
  } as unknown as AttemptRepository;
  const payments = { void: async (id: string) => void voided.push(id) } as unknown as PaymentProvider;
  const claim = (hash = 'hash') => claimAttempt({ attempts, payments, now: () => NOW }, 'renter-1', 'key', hash);
  return { claim, voided, reclaimedBefore };
}

describe('claiming a payment key', () => {
  it('claims a new key for this request', async () => {
    expect(await setUp().claim()).toEqual({ id: 'attempt-new', claim: 1 });
  });

  it('refuses a key used for another basket', async () => {
    await expect(setUp({}).claim('other')).rejects.toMatchObject({ code: 'CONFLICT', field: 'idempotencyKey' });
  });

  it('answers the order a try with the key booked, and the challenge still open', async () => {
    expect(await setUp({ status: 'succeeded', paymentId: 'payment-1' }).claim()).toEqual({ paymentId: 'payment-1' });
    const open = { status: 'awaiting_challenge', challengeExpiresAt: new Date(NOW.getTime() + 1000) };
    expect(await setUp(open).claim()).toEqual({ challenge: { attemptId: 'attempt-1' } });
  });

  it('takes over a try that looks crashed, releasing its holds first, and refuses one still running', async () => {
    const crashed = setUp({}, { claim: 2, leftoverAuthorizations: ['auth-1', 'auth-2'] });
    expect(await crashed.claim()).toEqual({ id: 'attempt-1', claim: 2 });
    expect(crashed.voided).toEqual(['auth-1', 'auth-2']);
    expect(crashed.reclaimedBefore).toEqual([new Date(NOW.getTime() - ATTEMPT_STALE_MS)]);
    await expect(setUp({}, null).claim()).rejects.toMatchObject({ code: 'CONFLICT', field: 'idempotencyKey' });
  });
});
