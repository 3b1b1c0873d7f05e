import { addDays, compareDates, formatDate, todayInLondon, type IsoDate } from './dates.ts';
import { londonTimeToInstant } from './london-time.ts';
import type { RentalRole } from './rental-lifecycle.ts';

/**
 * Handover photos: the owner photographs the tool at pick-up, the renter at return, each with a short
 * note, so both have a time-stamped record of its state when it left home and when it came back.
 */
export type HandoverSide = 'pickup' | 'return';

export const HANDOVER_SIDES: readonly HandoverSide[] = ['pickup', 'return'];
export const MAX_HANDOVER_PHOTOS = 6;
export const MAX_HANDOVER_NOTE = 500;
/** Return photos stay open this long after the end of the end date, or after a later return. */
export const RETURN_PHOTOS_HOURS = 48;

export interface HandoverFacts {
  startDate: IsoDate;
  endDate: IsoDate;
  cancelled: boolean;
  /** When the owner marked it returned; null while it is out. */
  returnedAt: Date | null;
}

/** Who adds each side's photos: the owner hands the tool over, the renter hands it back. */
export function handoverParty(side: HandoverSide): RentalRole {
  return side === 'pickup' ? 'owner' : 'renter';
}

export const HANDOVER_LABELS: Record<HandoverSide, { heading: string; button: string }> = {
  pickup: { heading: 'Before (pick-up)', button: 'Add pick-up photos' },
  return: { heading: 'After (return)', button: 'Add return photos' },
};

export const HANDOVER_MESSAGES = {
  notImage: 'Handover photos must be JPEG, PNG or WebP images.',
  tooMany: `A handover can have at most ${MAX_HANDOVER_PHOTOS} photos.`,
  noteTooLong: `The note can be at most ${MAX_HANDOVER_NOTE} characters.`,
  ownerOnly: 'Only the owner adds pick-up photos, when handing the item over.',
  renterOnly: 'Only the renter adds return photos, when handing the item back.',
  cancelled: 'This rental was cancelled, so it has no handover.',
} as const;

/** What is wrong with a handover note as typed (it is saved trimmed; empty removes it), or null. */
export function handoverNoteProblem(note: string): string | null {
  return note.trim().length > MAX_HANDOVER_NOTE ? HANDOVER_MESSAGES.noteTooLong : null;
}

/**
 * When return photos close: 48 hours after the end of the end date (London midnight after it), or
 * after the return when that came later. Null while the item is still out: they stay open until then.
 */
export function returnPhotosCloseAt(facts: Pick<HandoverFacts, 'endDate' | 'returnedAt'>): Date | null {
  if (!facts.returnedAt) return null;
  const endOfEndDate = londonTimeToInstant(addDays(facts.endDate, 1), '00:00').getTime();
  return new Date(Math.max(endOfEndDate, facts.returnedAt.getTime()) + RETURN_PHOTOS_HOURS * 3_600_000);
}

const londonMoment = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** '14 May 2030, 09:05' in London time. */
export function formatLondonMoment(at: Date): string {
  return londonMoment.format(at);
}

/**
 * Why `role` may not add photos or a note to `side` of this rental at `now`, or null when they may.
 * Pick-up: the owner, from the start day while the rental is under way (not returned, not past its
 * end date). Return: the renter, from the start day until 48 hours after the end date or the return,
 * whichever is later; while the item is still out, the window stays open.
 */
export function handoverRefusal(side: HandoverSide, facts: HandoverFacts, role: RentalRole, now: Date): string | null {
  if (role !== handoverParty(side)) return side === 'pickup' ? HANDOVER_MESSAGES.ownerOnly : HANDOVER_MESSAGES.renterOnly;
  if (facts.cancelled) return HANDOVER_MESSAGES.cancelled;
  const today = todayInLondon(now);
  const what = side === 'pickup' ? 'Pick-up photos' : 'Return photos';
  if (compareDates(today, facts.startDate) < 0) return `${what} can be added from the start day, ${formatDate(facts.startDate)}.`;
  if (side === 'pickup') {
    if (facts.returnedAt) return 'The item is back, so pick-up photos can no longer be added.';
    if (compareDates(today, facts.endDate) > 0) return `Pick-up photos could be added until the end date, ${formatDate(facts.endDate)}.`;
    return null;
  }
  const closes = returnPhotosCloseAt(facts);
  if (closes && now.getTime() >= closes.getTime()) return `Return photos could be added until ${formatLondonMoment(closes)}.`;
  return null;
}
