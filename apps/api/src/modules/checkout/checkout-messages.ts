// The refusals a checkout gives about a line's dates or the renter's balance, worded once.
import { formatDate, formatPence } from '@toolshed/core';

interface LineDates {
  startDate: string;
  endDate: string;
}

/** A day the owner's other calendar says is busy (calendar sync). */
export function blockedMessage(name: string, line: LineDates): string {
  return `${name} is not available on some of ${formatDate(line.startDate)} to ${formatDate(line.endDate)}. Please choose other dates.`;
}

export function balanceChangedMessage(availablePence: number): string {
  return `Your Toolshed balance changed while you were paying (it is now ${formatPence(availablePence)}), so nothing was booked or charged. Please check out again.`;
}

export function challengeHeldMessage(name: string, line: LineDates): string {
  return `Someone else is paying for ${name} for some of ${formatDate(line.startDate)} to ${formatDate(line.endDate)} just now. Please choose other dates, or try again in 15 minutes.`;
}

export function clashMessage(name: string, line: LineDates): string {
  return `${name} is already booked for some of ${formatDate(line.startDate)} to ${formatDate(line.endDate)}. Please choose other dates.`;
}
