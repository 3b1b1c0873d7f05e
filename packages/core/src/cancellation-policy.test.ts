import { describe, expect, it } from 'vitest';
import {
  CANCELLATION_POLICIES,
  isCancellationPolicy,
  keptPence,
  refundedPence,
  refundPercentAt,
  refundSchedule,
  rentalStartsAt,
  type CancellationPolicy,
} from './cancellation-policy.ts';
import { refundNowSentence, refundScheduleLines } from './cancellation-policy-wording.ts';
import { cancellationPosting, refundOf } from './ledger-postings.ts';
import { ledgerProblem } from './ledger.ts';

const at = (iso: string) => new Date(iso);

describe('the start of a rental', () => {
  it('is 00:00 London time on its start date, in summer time and out of it', () => {
    expect(rentalStartsAt('2026-03-30').toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(rentalStartsAt('2026-10-26').toISOString()).toBe('2026-10-26T00:00:00.000Z');
  });
});

// 2026: the clocks go forward at 01:00 GMT on Sunday 29 March and back at 02:00 BST on Sunday 25 October.
describe('refundPercentAt, at the boundary minutes', () => {
  const cases: Array<[CancellationPolicy, string, string, number, string]> = [
    // Flexible, a start on the Monday after the clocks go forward: the last day is 23 hours long.
    ['flexible', '2026-03-30', '2026-03-28T23:59:00Z', 100, 'a minute before 00:00 GMT on 29 March'],
    ['flexible', '2026-03-30', '2026-03-29T00:00:00Z', 50, 'at 00:00 GMT on 29 March'],
    ['flexible', '2026-03-30', '2026-03-29T22:59:00Z', 50, 'a minute before the start at 00:00 BST'],
    // Flexible, a start on the Monday after the clocks go back: the last day is 25 hours long.
    ['flexible', '2026-10-26', '2026-10-24T22:59:00Z', 100, 'a minute before 00:00 BST on 25 October'],
    ['flexible', '2026-10-26', '2026-10-24T23:00:00Z', 50, 'at 00:00 BST on 25 October'],
    ['flexible', '2026-10-26', '2026-10-25T23:59:00Z', 50, 'a minute before the start at 00:00 GMT'],
    // Moderate: 5 days before a start just after the spring change is still in GMT.
    ['moderate', '2026-04-01', '2026-03-26T23:59:00Z', 100, 'a minute before 00:00 GMT on 27 March'],
    ['moderate', '2026-04-01', '2026-03-27T00:00:00Z', 50, 'at 00:00 GMT on 27 March'],
    ['moderate', '2026-04-01', '2026-03-31T22:59:00Z', 50, 'a minute before the start at 00:00 BST'],
    // Strict: 7 days before a start just after the autumn change is still in BST.
    ['strict', '2026-10-30', '2026-10-22T22:59:00Z', 50, 'a minute before 00:00 BST on 23 October'],
    ['strict', '2026-10-30', '2026-10-22T23:00:00Z', 0, 'at 00:00 BST on 23 October'],
    ['strict', '2026-10-30', '2026-10-29T23:59:00Z', 0, 'a minute before the start at 00:00 GMT'],
    ['strict', '2026-10-30', '2026-09-01T12:00:00Z', 50, 'weeks ahead: Strict never refunds more than half'],
  ];
  it.each(cases)('%s starting %s, cancelled at %s: %i per cent (%s)', (policy, start, when, percent) => {
    expect(refundPercentAt(policy, start, at(when))).toBe(percent);
  });

  it('ends every step at a London midnight, the last at the start', () => {
    const steps = refundSchedule('moderate', '2026-04-01');
    expect(steps.map((s) => [s.endsAt.toISOString(), s.refundPercent])).toEqual([
      ['2026-03-27T00:00:00.000Z', 100],
      ['2026-03-31T23:00:00.000Z', 50],
    ]);
  });
});

describe('kept and refunded parts', () => {
  it.each([
    [1001, 50, 500, 501],
    [1000, 50, 500, 500],
    [1, 50, 0, 1],
    [1760, 100, 0, 1760],
    [1760, 0, 1760, 0],
  ])('%i pence at %i per cent: %i kept, %i refunded (half a penny is the renter’s)', (amount, percent, kept, refunded) => {
    expect(keptPence(amount, percent)).toBe(kept);
    expect(refundedPence(amount, percent)).toBe(refunded);
  });
});

describe('a cancellation posting under a policy', () => {
  const facts = { rentalId: 'r', paymentId: 'p', ownerId: 'o', renterId: 'u', ownerPendingPence: 1601, feeSharePence: 161 };

  it.each([100, 50, 0])('balances and refunds %i per cent of the line and of its fee share', (percent) => {
    const posting = cancellationPosting({ ...facts, refundPercent: percent, toCardPence: 500 })!;
    expect(ledgerProblem(posting.entries)).toBeNull();
    expect(refundOf(posting)).toBe(refundedPence(1601, percent) + refundedPence(161, percent));
    const ownerKept = posting.entries.filter((e) => e.userId === 'o' && e.account === 'available').reduce((s, e) => s + e.amountPence, 0);
    expect(ownerKept).toBe(keptPence(1601, percent));
    const feeBack = posting.entries.filter((e) => e.account === 'fees').reduce((s, e) => s - e.amountPence, 0);
    expect(feeBack).toBe(refundedPence(161, percent));
  });

  it('keeps everything for the owner and the platform at 0%: no refund entry', () => {
    const posting = cancellationPosting({ ...facts, refundPercent: 0 })!;
    expect(posting.entries.map((e) => e.kind)).toEqual(['earnings_reversed', 'earnings_kept']);
  });
});

describe('the policy in words', () => {
  it('gives each step with its exact London time', () => {
    expect(refundScheduleLines('strict', '2026-10-30')).toEqual([
      'Cancel before 00:00 on 23 Oct 2026: half refunded.',
      'From then until the start (00:00 on 30 Oct 2026): no refund.',
    ]);
    expect(refundScheduleLines('flexible', '2026-03-30')).toEqual([
      'Cancel before 00:00 on 29 Mar 2026: full refund.',
      'From then until the start (00:00 on 30 Mar 2026): half refunded.',
    ]);
  });

  it('leaves out the steps already over', () => {
    expect(refundScheduleLines('moderate', '2026-04-01', at('2026-03-30T10:00:00Z'))).toEqual([
      'Cancel until the start (00:00 on 1 Apr 2026): half refunded.',
    ]);
  });

  it('says what cancelling now gives back', () => {
    expect(refundNowSentence('strict', 0, 0, 1760)).toBe(
      'Under the Strict policy nothing of the £17.60 you paid is refunded if you cancel now.',
    );
    expect(refundNowSentence('strict', 50, 880, 1760)).toBe(
      'You get back £8.80 of the £17.60 you paid (half refunded under the Strict policy).',
    );
  });

  it('knows the three policies and nothing else', () => {
    expect(CANCELLATION_POLICIES.every(isCancellationPolicy)).toBe(true);
    expect(isCancellationPolicy('super-strict')).toBe(false);
  });
});
