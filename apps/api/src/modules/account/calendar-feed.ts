import { createHash, randomBytes } from 'node:crypto';
import { addDays, AppError, clockTime, daysInclusive, handoverInstant, SLOT_MINUTES, todayInLondon } from '@toolshed/core';
import type { AccountRepository, FeedRental } from './account-repository.ts';
import { buildCalendar, type TimedEvent } from './ical.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A booked rental's pick-up and return at their chosen times, as timed events of one slot each. */
function handoverEvents(r: FeedRental, link: string): TimedEvent[] {
  if (r.requested) return [];
  const renting = r.role === 'renter';
  const sides = [
    [
      'pickup',
      r.startDate,
      r.pickupMinutes,
      renting ? `Pick up ${r.itemName} from ${r.otherName}` : `${r.otherName} picks up ${r.itemName}`,
    ],
    ['return', r.endDate, r.returnMinutes, renting ? `Return ${r.itemName} to ${r.otherName}` : `${r.otherName} returns ${r.itemName}`],
  ] as const;
  return sides.flatMap(([side, date, minutes, summary]) => {
    if (minutes === null) return [];
    const start = handoverInstant(date, minutes);
    return [
      {
        uid: `${r.id}-${r.role}-${side}@toolshed`,
        start,
        end: new Date(start.getTime() + SLOT_MINUTES * 60_000),
        summary,
        description: `${summary} at ${clockTime(minutes)} (London time).\n${link}`,
        url: link,
      },
    ];
  });
}

/**
 * A private iCalendar address per user. The token (256 random bits) is shown once, when made or
 * reset; only its SHA-256 is stored, so looking it up compares hashes, never the token itself.
 */
export function createCalendarFeed(repo: AccountRepository, appUrl: string, now: () => Date) {
  const feedUrl = (token: string) => `${appUrl}/api/calendar/${token}.ics`;

  return {
    /** Makes a new address; any earlier one stops working. */
    async reset(userId: string): Promise<{ url: string }> {
      const token = randomBytes(32).toString('base64url');
      await repo.setCalendarTokenHash(userId, hashToken(token));
      return { url: feedUrl(token) };
    },

    async disable(userId: string): Promise<void> {
      await repo.setCalendarTokenHash(userId, null);
    },

    /** The feed for a `<token>.ics` file name; a wrong or reset token is not found. */
    async render(fileName: string): Promise<string> {
      const token = /^([A-Za-z0-9_-]{43})\.ics$/.exec(fileName)?.[1];
      const user = token ? await repo.userByCalendarTokenHash(hashToken(token)) : undefined;
      if (!user) throw new AppError('NOT_FOUND', 'Calendar not found');
      const rentals = await repo.feedRentals(user.id, todayInLondon(now()));
      return buildCalendar({
        name: 'Toolshed rentals',
        now: now(),
        events: rentals.flatMap((r) => {
          const days = daysInclusive(r.startDate, r.endDate);
          const link = `${appUrl}/rentals/${r.itemId}-${r.startDate}`;
          const span = `${days} day${days === 1 ? '' : 's'}`;
          const renting = r.role === 'renter';
          const booking = {
            uid: `${r.id}-${r.role}@toolshed`,
            startDate: r.startDate,
            endDate: r.endDate,
            summary: r.requested
              ? renting
                ? `Requested: ${r.itemName} (waiting for ${r.otherName})`
                : `Request to answer: ${r.itemName}`
              : renting
                ? `Renting: ${r.itemName}`
                : `Lent out: ${r.itemName}`,
            description: r.requested
              ? renting
                ? `You asked ${r.otherName} to rent ${r.itemName} for ${span}; the days are held until they answer.\n${link}`
                : `${r.otherName} asks to rent your ${r.itemName} for ${span}; the days are held until you answer.\n${link}`
              : renting
                ? `You are renting ${r.itemName} from ${r.otherName} for ${span}.\n${link}`
                : `${r.otherName} is renting your ${r.itemName} for ${span}.\n${link}`,
            url: link,
          };
          const handovers = handoverEvents(r, link);
          if (!r.heldEndDate) return [booking, ...handovers];
          // A pending extension holds the days after the rental until the owner answers: shown apart.
          const extra = daysInclusive(addDays(r.endDate, 1), r.heldEndDate);
          const extraSpan = `${extra} more day${extra === 1 ? '' : 's'}`;
          return [
            booking,
            ...handovers,
            {
              uid: `${r.id}-${r.role}-extension@toolshed`,
              startDate: addDays(r.endDate, 1),
              endDate: r.heldEndDate,
              summary: renting ? `Extension asked: ${r.itemName} (waiting for ${r.otherName})` : `Extension to answer: ${r.itemName}`,
              description: renting
                ? `You asked ${r.otherName} for ${extraSpan} with ${r.itemName}; the days are held until they answer.\n${link}`
                : `${r.otherName} asks for ${extraSpan} with your ${r.itemName}; the days are held until you answer.\n${link}`,
              url: link,
            },
          ];
        }),
      });
    },
  };
}

export type CalendarFeed = ReturnType<typeof createCalendarFeed>;
