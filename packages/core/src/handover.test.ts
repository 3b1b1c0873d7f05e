import { describe, expect, it } from 'vitest';
import {
  HANDOVER_MESSAGES,
  formatLondonMoment,
  handoverNoteProblem,
  handoverParty,
  handoverRefusal,
  MAX_HANDOVER_NOTE,
  returnPhotosCloseAt,
  type HandoverFacts,
} from './handover.ts';

const out: HandoverFacts = { startDate: '2030-01-10', endDate: '2030-01-12', cancelled: false, returnedAt: null };

describe('handover windows', () => {
  it('gives pick-up to the owner and return to the renter', () => {
    expect(handoverParty('pickup')).toBe('owner');
    expect(handoverParty('return')).toBe('renter');
    expect(handoverRefusal('pickup', out, 'renter', new Date('2030-01-10T12:00:00Z'))).toBe(HANDOVER_MESSAGES.ownerOnly);
    expect(handoverRefusal('return', out, 'owner', new Date('2030-01-10T12:00:00Z'))).toBe(HANDOVER_MESSAGES.renterOnly);
  });

  it('opens both sides at London midnight of the start day (GMT in January)', () => {
    expect(handoverRefusal('pickup', out, 'owner', new Date('2030-01-09T23:59:59Z'))).toBe(
      'Pick-up photos can be added from the start day, 10 Jan 2030.',
    );
    expect(handoverRefusal('pickup', out, 'owner', new Date('2030-01-10T00:00:00Z'))).toBeNull();
    expect(handoverRefusal('return', out, 'renter', new Date('2030-01-10T00:00:00Z'))).toBeNull();
  });

  it('closes pick-up after the end date or the return', () => {
    expect(handoverRefusal('pickup', out, 'owner', new Date('2030-01-12T23:59:00Z'))).toBeNull();
    expect(handoverRefusal('pickup', out, 'owner', new Date('2030-01-13T00:00:00Z'))).toBe(
      'Pick-up photos could be added until the end date, 12 Jan 2030.',
    );
    expect(
      handoverRefusal('pickup', { ...out, returnedAt: new Date('2030-01-11T10:00:00Z') }, 'owner', new Date('2030-01-11T11:00:00Z')),
    ).toBe('The item is back, so pick-up photos can no longer be added.');
  });

  it('keeps return photos open while the item is out, then 48 hours after the end date or a later return', () => {
    expect(handoverRefusal('return', out, 'renter', new Date('2030-02-20T10:00:00Z'))).toBeNull();
    expect(returnPhotosCloseAt(out)).toBeNull();
    const early = { ...out, returnedAt: new Date('2030-01-11T09:00:00Z') };
    expect(returnPhotosCloseAt(early)?.toISOString()).toBe('2030-01-15T00:00:00.000Z');
    const late = { ...out, returnedAt: new Date('2030-01-20T09:00:00Z') };
    expect(returnPhotosCloseAt(late)?.toISOString()).toBe('2030-01-22T09:00:00.000Z');
    expect(handoverRefusal('return', late, 'renter', new Date('2030-01-22T08:59:59Z'))).toBeNull();
    expect(handoverRefusal('return', late, 'renter', new Date('2030-01-22T09:00:00Z'))).toBe(
      'Return photos could be added until 22 Jan 2030, 09:00.',
    );
  });

  it('refuses both sides of a cancelled rental', () => {
    expect(handoverRefusal('pickup', { ...out, cancelled: true }, 'owner', new Date('2030-01-10T12:00:00Z'))).toBe(
      HANDOVER_MESSAGES.cancelled,
    );
  });

  it('shows moments in London time', () => {
    expect(formatLondonMoment(new Date('2030-06-10T09:30:00Z'))).toBe('10 Jun 2030, 10:30');
  });
});

describe('handoverNoteProblem', () => {
  it('takes a note of up to 500 characters once trimmed, and an empty one (which removes it)', () => {
    expect(handoverNoteProblem('')).toBeNull();
    expect(handoverNoteProblem(`  ${'a'.repeat(MAX_HANDOVER_NOTE)}  `)).toBeNull();
    expect(handoverNoteProblem('a'.repeat(MAX_HANDOVER_NOTE + 1))).toBe(HANDOVER_MESSAGES.noteTooLong);
  });
});
