import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chargedAndHeldText,
  claimAnswerProblem,
  claimChangeProblem,
  claimSettled,
  claimPhotoProblem,
  claimCeilingPence,
  claimProblem,
  claimWindowClosesAt,
  depositProblem,
  lateDays,
  lateFeePence,
  type ClaimRentalFacts,
} from './deposits.ts';
import { ledgerProblem } from './ledger.ts';
import { claimRefundPosting, depositHeldPosting, depositSettledPosting } from './ledger-postings.ts';
import { londonTimeToInstant } from './london-time.ts';

const at = (date: string, time = '12:00') => londonTimeToInstant(date, time);

const returnedRental = (over: Partial<ClaimRentalFacts> = {}): ClaimRentalFacts => ({
  startDate: '2027-03-01',
  endDate: '2027-03-03',
  dailyRatePence: 1200,
  returnedAt: at('2027-03-03', '18:00'),
  cancelled: false,
  holdPence: 5000,
  holdState: 'held',
  linePence: 3600,
  claimedKinds: [],
  openOnHoldPence: 0,
  ...over,
});

describe('deposit amounts', () => {
  it('takes whole pence from £0 to £1,000 and refuses the rest with one message', () => {
    for (const ok of [0, 1, 5000, 100_000]) expect(depositProblem(ok)).toBeNull();
    for (const bad of [-1, 100_001, 12.5, Number.NaN, '500'])
      expect(depositProblem(bad)).toBe('The deposit must be a whole amount from £0 to £1,000.00.');
  });
});

describe('late fees', () => {
  it('counts each day after the end date up to the return day, or today while out', () => {
    expect(lateDays('2027-03-03', '2027-03-03', '2027-03-10')).toBe(0);
    expect(lateDays('2027-03-03', '2027-03-04', '2027-03-10')).toBe(1);
    expect(lateDays('2027-03-03', null, '2027-03-06')).toBe(3);
    expect(lateDays('2027-03-03', null, '2027-03-02')).toBe(0);
  });

  it('is the daily rate per late day, in London dates across the clock change', () => {
    // 28 March 2027 is the spring-forward day: 00:30 on the 29th London time is still the 29th.
    const r = { endDate: '2027-03-27', dailyRatePence: 1000, returnedAt: null };
    expect(lateFeePence(r, at('2027-03-29', '00:30'))).toBe(2000);
    expect(lateFeePence({ ...r, returnedAt: at('2027-03-28', '09:00') }, at('2027-04-10'))).toBe(1000);
  });
});

describe('claims', () => {
  it('closes reports 48 hours after the end of the end date, or after a later return', () => {
    expect(claimWindowClosesAt(returnedRental())).toEqual(at('2027-03-06', '00:00'));
    expect(claimWindowClosesAt(returnedRental({ returnedAt: at('2027-03-05', '10:00') }))).toEqual(at('2027-03-07', '10:00'));
    expect(claimWindowClosesAt(returnedRental({ returnedAt: null }))).toBeNull();
  });

  it('lets the owner claim damage up to the hold within the window', () => {
    const r = returnedRental();
    expect(claimProblem({ kind: 'damaged', amountPence: 5000, role: 'owner' }, r, at('2027-03-05', '23:59'))).toBeNull();
    expect(claimProblem({ kind: 'damaged', amountPence: 5001, role: 'owner' }, r, at('2027-03-04'))).toBe(
      'A claim can be at most the deposit left to claim, £50.00.',
    );
    expect(claimProblem({ kind: 'damaged', amountPence: 2000, role: 'owner' }, r, at('2027-03-06', '00:01'))).toBe(
      'Problems had to be reported within 48 hours after the rental ended.',
    );
    expect(claimProblem({ kind: 'damaged', amountPence: 0, role: 'owner' }, r, at('2027-03-04'))).toBe(
      'Please enter an amount of at least £0.01.',
    );
  });

  it('refuses a second claim of the same problem, the wrong party, and a rental without a hold', () => {
    expect(
      claimProblem({ kind: 'damaged', amountPence: 100, role: 'owner' }, returnedRental({ claimedKinds: ['damaged'] }), at('2027-03-04')),
    ).toBe('This problem has already been reported for this rental.');
    expect(claimProblem({ kind: 'damaged', amountPence: 100, role: 'renter' }, returnedRental(), at('2027-03-04'))).toMatch(
      /Only the owner/,
    );
    expect(claimProblem({ kind: 'not_as_described', amountPence: 100, role: 'owner' }, returnedRental(), at('2027-03-04'))).toMatch(
      /An owner cannot/,
    );
    expect(
      claimProblem(
        { kind: 'damaged', amountPence: 100, role: 'owner' },
        returnedRental({ holdPence: 0, holdState: null }),
        at('2027-03-04'),
      ),
    ).toBe('This rental has no deposit held to claim from.');
    expect(
      claimProblem({ kind: 'damaged', amountPence: 100, role: 'owner' }, returnedRental({ holdState: 'released' }), at('2027-03-04')),
    ).toBe('This rental has no deposit held to claim from.');
  });

  it("shares the hold between the owner's claims and caps a late return at the late fee", () => {
    const r = returnedRental({ returnedAt: at('2027-03-05', '10:00'), claimedKinds: ['damaged'], openOnHoldPence: 4000 });
    // Two late days at £12 = £24, but only £10 of the hold is left.
    expect(claimCeilingPence('returned_late', r, at('2027-03-05', '11:00'))).toBe(1000);
    expect(claimCeilingPence('returned_late', { ...r, openOnHoldPence: 0 }, at('2027-03-05', '11:00'))).toBe(2400);
    expect(
      claimProblem({ kind: 'returned_late', amountPence: 2401, role: 'owner' }, { ...r, openOnHoldPence: 0 }, at('2027-03-05', '11:00')),
    ).toMatch(/at most £24.00/);
    expect(
      claimProblem({ kind: 'returned_late', amountPence: 100, role: 'owner' }, returnedRental({ returnedAt: null }), at('2027-03-05')),
    ).toMatch(/once the item is back/);
  });

  it('lets the owner report a missing tool after the end date, and the renter ask back up to the line', () => {
    const out = returnedRental({ returnedAt: null });
    expect(claimProblem({ kind: 'not_returned', amountPence: 5000, role: 'owner' }, out, at('2027-03-03'))).toBe(
      'The item is not due back yet.',
    );
    expect(claimProblem({ kind: 'not_returned', amountPence: 5000, role: 'owner' }, out, at('2027-03-20'))).toBeNull();
    expect(claimProblem({ kind: 'not_as_described', amountPence: 3600, role: 'renter' }, returnedRental(), at('2027-03-04'))).toBeNull();
    expect(claimProblem({ kind: 'not_as_described', amountPence: 3601, role: 'renter' }, returnedRental(), at('2027-03-04'))).toMatch(
      /at most what you paid/,
    );
  });

  it('is answered once, by the other party', () => {
    expect(claimAnswerProblem({ state: 'open', byRole: 'owner' }, 'owner', 'accept')).toBe('Only the other party can answer this claim.');
    expect(claimAnswerProblem({ state: 'accepted', byRole: 'owner' }, 'renter', 'accept')).toBe('This claim has already been accepted.');
    expect(claimAnswerProblem({ state: 'disputed', byRole: 'owner' }, 'renter', 'dispute')).toBe('This claim has already been disputed.');
    expect(claimAnswerProblem({ state: 'disputed', byRole: 'owner' }, 'renter', 'accept')).toBeNull();
  });
});

describe('changes to a claim before it is settled', () => {
  const open = { state: 'open' as const, byRole: 'owner' as const, amountPence: 2000, proposal: null };
  const disputed = { ...open, state: 'disputed' as const };

  it('are withdrawing and lowering by the claimant only, to less than it was and more than nothing', () => {
    expect(claimChangeProblem(open, 'owner', 'withdraw')).toBeNull();
    expect(claimChangeProblem(open, 'renter', 'withdraw')).toEqual({
      status: 'forbidden',
      message: 'Only the person who made this claim can withdraw or lower it.',
    });
    expect(claimChangeProblem(open, 'renter', 'lower', 1000)?.status).toBe('forbidden');
    expect(claimChangeProblem(open, 'owner', 'lower', 1999)).toBeNull();
    expect(claimChangeProblem(open, 'owner', 'lower', 2000)).toEqual({
      status: 'amount',
      message: 'The new amount must be less than the £20.00 claimed.',
    });
    expect(claimChangeProblem(open, 'owner', 'lower', 0)).toEqual({
      status: 'amount',
      message: 'Please enter an amount of at least £0.01.',
    });
    expect(claimChangeProblem(open, 'owner', 'lower', 10.5)?.status).toBe('amount');
    expect(claimChangeProblem(disputed, 'owner', 'lower', 1)).toBeNull();
  });

  it('are proposals after a dispute, agreed by the other side at the amount proposed', () => {
    expect(claimChangeProblem(open, 'renter', 'propose', 1000)).toEqual({
      status: 'conflict',
      message: 'A new amount can be proposed once the claim is disputed.',
    });
    expect(claimChangeProblem(disputed, 'renter', 'propose', 1000)).toBeNull();
    expect(claimChangeProblem(disputed, 'owner', 'propose', 1000)).toBeNull();
    const offered = { ...disputed, proposal: { amountPence: 1000, byRole: 'renter' as const } };
    expect(claimChangeProblem(offered, 'renter', 'propose', 1000)).toEqual({
      status: 'conflict',
      message: 'You have already proposed £10.00.',
    });
    expect(claimChangeProblem(offered, 'renter', 'agree', 1000)?.status).toBe('forbidden');
    expect(claimChangeProblem(offered, 'owner', 'agree', 1000)).toBeNull();
    expect(claimChangeProblem(offered, 'owner', 'agree', 1200)).toEqual({
      status: 'conflict',
      message: 'The proposed amount has changed: it is now £10.00.',
    });
    expect(claimChangeProblem(disputed, 'owner', 'agree', 1000)?.message).toBe('There is no proposed amount to agree to.');
  });

  it('are refused once the claim is settled, accepted or withdrawn', () => {
    for (const change of ['withdraw', 'lower', 'propose', 'agree'] as const) {
      expect(claimChangeProblem({ ...open, state: 'accepted' }, 'owner', change, 100)?.message).toBe(
        'This claim has already been accepted.',
      );
      expect(claimChangeProblem({ ...open, state: 'withdrawn' }, 'owner', change, 100)?.message).toBe('This claim has been withdrawn.');
    }
    expect(claimAnswerProblem({ state: 'withdrawn', byRole: 'owner' }, 'renter', 'accept')).toBe('This claim has been withdrawn.');
    expect(claimPhotoProblem({ state: 'withdrawn', byRole: 'owner' }, 'owner', 0)).toBe(
      'This claim has been withdrawn: its evidence is closed.',
    );
    expect(claimSettled('withdrawn') && claimSettled('accepted') && !claimSettled('escalated')).toBe(true);
  });
});

describe('claim photos', () => {
  it('come from the claimant, and from the other party once they dispute, six each, until accepted', () => {
    expect(claimPhotoProblem({ state: 'open', byRole: 'owner' }, 'owner', 0)).toBeNull();
    expect(claimPhotoProblem({ state: 'open', byRole: 'owner' }, 'renter', 0)).toBe(
      'The other party adds photos once they dispute the claim.',
    );
    expect(claimPhotoProblem({ state: 'disputed', byRole: 'owner' }, 'renter', 5)).toBeNull();
    expect(claimPhotoProblem({ state: 'escalated', byRole: 'owner' }, 'owner', 6)).toBe(
      'A claim can have at most 6 photos from each side.',
    );
    expect(claimPhotoProblem({ state: 'accepted', byRole: 'owner' }, 'owner', 0)).toBe(
      'This claim has been accepted: its evidence is closed.',
    );
  });
});

describe('deposit postings sum to zero', () => {
  const pence = fc.integer({ min: 1, max: 100_000 });
  it('a hold and its settlement: captured to the owner, the rest back to the card, never above the hold', () => {
    fc.assert(
      fc.property(pence, fc.integer({ min: 0, max: 100_000 }), (held, captured) => {
        expect(ledgerProblem(depositHeldPosting({ holdId: 'h', rentalId: 'r', renterId: 'renter', amountPence: held }).entries)).toBeNull();
        const settle = () =>
          depositSettledPosting({
            holdId: 'h',
            rentalId: 'r',
            renterId: 'renter',
            ownerId: 'owner',
            heldPence: held,
            capturedPence: captured,
          });
        if (captured > held) {
          expect(settle).toThrow(RangeError);
          return;
        }
        const posting = settle();
        expect(ledgerProblem(posting.entries)).toBeNull();
        const to = (user: string, account: string) =>
          posting.entries.filter((e) => e.userId === user && e.account === account).reduce((s, e) => s + e.amountPence, 0);
        expect(to('owner', 'available')).toBe(captured);
        expect(to('renter', 'card')).toBe(held - captured);
        expect(to('renter', 'deposit_held')).toBe(-held);
      }),
    );
  });

  it("a renter's refund comes from pending, then available, then the platform; never below zero", () => {
    fc.assert(
      fc.property(pence, fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }), (amount, pending, available) => {
        const posting = claimRefundPosting({
          claimId: 'c',
          rentalId: 'r',
          renterId: 'renter',
          ownerId: 'owner',
          amountPence: amount,
          ownerPendingPence: pending,
          ownerAvailablePence: available,
        });
        expect(ledgerProblem(posting.entries)).toBeNull();
        const from = (account: string) =>
          -posting.entries.filter((e) => e.userId === 'owner' && e.account === account).reduce((s, e) => s + e.amountPence, 0);
        expect(from('pending')).toBeLessThanOrEqual(pending);
        expect(from('available')).toBeLessThanOrEqual(available);
        expect(posting.entries.at(-1)).toMatchObject({ userId: 'renter', account: 'available', amountPence: amount });
      }),
    );
  });
});

describe('charged and held, said together', () => {
  it('names the charge and the hold, and when the hold ends', () => {
    expect(chargedAndHeldText(8140, 5000)).toBe('£81.40 charged and £50.00 held, released after the return unless a problem is reported');
    expect(chargedAndHeldText(8140, 0)).toBe('£81.40 charged');
  });
});
