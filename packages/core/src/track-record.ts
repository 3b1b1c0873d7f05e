/**
 * A member's track record, shown on their public page so neighbours can judge whom they lend to and
 * borrow from: what is verified, how many rentals they completed and whether they came back on time
 * (returned on or before the end date, in London), and how often they lent.
 */
export interface TrackRecord {
  emailVerified: boolean;
  phoneVerified: boolean;
  /** Rentals they borrowed and returned. */
  rentalsCompleted: number;
  /** Of those, returned on or before the end date. */
  returnedOnTime: number;
  /** Rentals of their items that were returned. */
  lendingsCompleted: number;
}

/** The badges beside the track record: 'Email verified', 'Phone verified', for what is verified. */
export function verifiedBadges(record: Pick<TrackRecord, 'emailVerified' | 'phoneVerified'>): string[] {
  return [...(record.emailVerified ? ['Email verified'] : []), ...(record.phoneVerified ? ['Phone verified'] : [])];
}

const times = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '14 rentals, all returned on time', '3 rentals, 2 returned on time', 'No rentals yet'. */
export function returnsSummary(record: Pick<TrackRecord, 'rentalsCompleted' | 'returnedOnTime'>): string {
  const { rentalsCompleted: done, returnedOnTime: onTime } = record;
  if (done === 0) return 'No rentals yet';
  if (onTime === done) return done === 1 ? '1 rental, returned on time' : `${done} rentals, all returned on time`;
  return `${times(done, 'rental', 'rentals')}, ${onTime} returned on time`;
}

/** 'Lent 9 times', or null before the first. */
export function lendingsSummary(record: Pick<TrackRecord, 'lendingsCompleted'>): string | null {
  const n = record.lendingsCompleted;
  return n === 0 ? null : `Lent ${n === 1 ? 'once' : `${n} times`}`;
}
