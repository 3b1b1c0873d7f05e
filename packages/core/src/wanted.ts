/**
 * Wanted posts ("Can't find it? Ask your neighbours"): the limits, the checks of a post and the
 * words the API and the web app share, so the form refuses what the server refuses, in its words.
 */
import { addDays } from './dates.ts';
import { daysInclusive, isIsoDate, type IsoDate } from './iso-dates.ts';
import { RADIUS_MILES_OPTIONS, type RadiusMiles } from './near-query.ts';
import { readPounds } from './typed-pounds.ts';

export const WANTED_TITLE_MAX = 80;
export const WANTED_DETAILS_MAX = 1000;
/** The end date may be at most this many days after today (London). */
export const WANTED_DAYS_AHEAD = 60;
/** A post asks for at most this many days (both end days counted). */
export const WANTED_MAX_DAYS = 30;
/** New posts a member may write in one London day, and posts open at once. */
export const WANTED_POSTS_PER_DAY = 3;
export const WANTED_OPEN_MAX = 10;
/** Notices of nearby wanted posts an owner gets in one London day; the rest are skipped. */
export const WANTED_NOTICES_PER_DAY = 3;
export const WANTED_DEFAULT_RADIUS: RadiusMiles = 5;
/** The most a daily price may be: £1,000. */
export const WANTED_MAX_PRICE_PENCE = 100_000;

export const WANTED_TITLE_MESSAGE = 'Say what you need';
export const WANTED_TITLE_LONG_MESSAGE = `A title can be at most ${WANTED_TITLE_MAX} characters`;
export const WANTED_DETAILS_LONG_MESSAGE = `Details can be at most ${WANTED_DETAILS_MAX} characters`;
export const WANTED_RADIUS_MESSAGE = `Choose a distance: ${RADIUS_MILES_OPTIONS.join(', ')} miles`;
export const WANTED_PRICE_MESSAGE = 'Enter a daily price in pounds, such as 15 or 12.50, up to £1,000';
export const WANTED_PER_DAY_MESSAGE = `You can write at most ${WANTED_POSTS_PER_DAY} wanted posts a day. Try again tomorrow.`;
export const WANTED_OPEN_LIMIT_MESSAGE = `You can have at most ${WANTED_OPEN_MAX} wanted posts open at once. Close one you no longer need first.`;
export const WANTED_NOT_OPEN_MESSAGE = 'This wanted post is closed or its dates have passed: it takes no more offers.';
export const WANTED_OWN_POST_MESSAGE = 'This is your own wanted post: you cannot offer to it.';
export const WANTED_ALREADY_OFFERED_MESSAGE = 'You have already offered this item for this post.';
export const WANTED_ITEM_UNLISTED_MESSAGE = 'Only a listed item can be offered: list it again first.';

/** Why the dates cannot be asked for, or null: from today, the end not before the start, within the limits. */
export function wantedDatesProblem(startDate: string, endDate: string, today: IsoDate): { field: string; message: string } | null {
  if (!isIsoDate(startDate)) return { field: 'startDate', message: 'Choose a start date' };
  if (!isIsoDate(endDate)) return { field: 'endDate', message: 'Choose an end date' };
  if (startDate < today) return { field: 'startDate', message: 'The start date cannot be in the past' };
  if (endDate < startDate) return { field: 'endDate', message: 'The end date cannot be before the start date' };
  if (endDate > addDays(today, WANTED_DAYS_AHEAD))
    return { field: 'endDate', message: `The end date can be at most ${WANTED_DAYS_AHEAD} days from today` };
  if (daysInclusive(startDate, endDate) > WANTED_MAX_DAYS)
    return { field: 'endDate', message: `A wanted post can ask for at most ${WANTED_MAX_DAYS} days` };
  return null;
}

/** The radius typed or chosen ('5'), or null when it is not one of the browse's radii. */
export function readWantedRadius(value: string | number): RadiusMiles | null {
  const n = Number(value);
  return (RADIUS_MILES_OPTIONS as readonly number[]).includes(n) ? (n as RadiusMiles) : null;
}

/** The daily price typed in pounds: pence, null for none, or 'invalid'. */
export function readWantedPrice(typed: string | undefined): number | null | 'invalid' {
  if (typed === undefined) return null;
  const read = readPounds(typed);
  if (read.kind === 'empty') return null;
  if (read.kind !== 'pence' || read.pence <= 0 || read.pence > WANTED_MAX_PRICE_PENCE) return 'invalid';
  return read.pence;
}

/** What a notice says when an owner offers an item. */
export const offerNoticeTitle = (ownerFirstName: string, itemName: string, postTitle: string): string =>
  `${ownerFirstName} offered their ${itemName} for your wanted post '${postTitle}'`;

/** A person's first name, as notices name people. */
export const firstName = (name: string): string => name.trim().split(/\s+/)[0] || name;
