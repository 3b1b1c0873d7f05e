import {
  AppError,
  clockTime,
  compareDates,
  effectiveHours,
  handoverHoursProblem,
  handoverSlots,
  handoverTimeProblem,
  parseClockTime,
  type HandoverHoursRange,
} from '@toolshed/core';
import type { HandoverHours, HandoverHoursRangeInput, HandoverSlots } from '@toolshed/core/contract';
import { isRowId } from '../../db/ids.ts';
import type { HandoverHoursRepository } from './handover-hours-repository.ts';

/** A checkout line as far as its handover times go. */
export interface HandoverChoiceLine {
  itemId: string;
  startDate: string;
  endDate: string;
  pickupTime?: string | undefined;
  returnTime?: string | undefined;
}

const toView = (ranges: readonly HandoverHoursRange[]): HandoverHoursRangeInput[] =>
  ranges.map((r) => ({ weekday: r.weekday, opens: clockTime(r.opensMinutes), closes: clockTime(r.closesMinutes) }));

/** '24:00' closes at midnight; anything else is read as a clock time. */
const minutesOf = (time: string) => (time === '24:00' ? 1440 : parseClockTime(time));

/** Owners' handover hours (decision 038): set by the owner, offered as 30-minute slots, checked at checkout. */
export function createHandoverHoursService(repo: HandoverHoursRepository) {
  const ownHours = async (ownerId: string) => (await repo.hoursOf([ownerId])).get(ownerId) ?? [];

  return {
    async get(ownerId: string): Promise<HandoverHours> {
      const own = await ownHours(ownerId);
      return { ranges: toView(effectiveHours(own)), isDefault: own.length === 0 };
    },

    /** Replaces the owner's hours; an empty list goes back to the default. Bad hours: 400, nothing saved. */
    async set(ownerId: string, input: HandoverHoursRangeInput[]): Promise<HandoverHours> {
      const ranges = input.map((r) => ({
        weekday: r.weekday,
        opensMinutes: minutesOf(r.opens) ?? -1,
        closesMinutes: minutesOf(r.closes) ?? -1,
      }));
      const problem = handoverHoursProblem(ranges);
      if (problem) throw new AppError('VALIDATION', problem, 'ranges');
      await repo.replace(ownerId, ranges);
      return this.get(ownerId);
    },

    /** The hours of a listed item's owner, as its page shows them. */
    async ofItem(itemId: string): Promise<HandoverHours> {
      const ownerId = isRowId(itemId) ? (await repo.ownersOfItems([itemId])).get(itemId) : undefined;
      if (!ownerId) throw new AppError('NOT_FOUND', 'Item not found.');
      return this.get(ownerId);
    },

    /** The pick-up slots on the start date and the return slots on the end date of a listed item. */
    async slots(itemId: string, startDate: string, endDate: string): Promise<HandoverSlots> {
      const ownerId = isRowId(itemId) ? (await repo.ownersOfItems([itemId])).get(itemId) : undefined;
      if (!ownerId) throw new AppError('NOT_FOUND', 'Item not found.');
      if (compareDates(endDate, startDate) < 0)
        throw new AppError('VALIDATION', 'The end date must not be before the start date.', 'endDate');
      const own = await ownHours(ownerId);
      return { pickup: handoverSlots(startDate, own).map(clockTime), return: handoverSlots(endDate, own).map(clockTime) };
    },

    /** Checkout's check: every chosen time is one of its owner's slots on its day, or the checkout is refused (400). */
    async checkChoices(lines: readonly HandoverChoiceLine[]): Promise<void> {
      const chosen = lines.filter((l) => l.pickupTime !== undefined || l.returnTime !== undefined);
      if (chosen.length === 0) return;
      const owners = await repo.ownersOfItems(chosen.map((l) => l.itemId));
      const hours = await repo.hoursOf([...new Set(owners.values())]);
      for (const line of chosen) {
        const ownerId = owners.get(line.itemId);
        // A missing item is checkout's own answer (404), given when it prices the lines.
        if (!ownerId) continue;
        const own = hours.get(ownerId) ?? [];
        for (const [side, date, time] of [
          ['pickup', line.startDate, line.pickupTime],
          ['return', line.endDate, line.returnTime],
        ] as const) {
          if (time === undefined) continue;
          const problem = handoverTimeProblem(side, date, parseClockTime(time) ?? -1, own);
          if (problem) throw new AppError('VALIDATION', problem, 'lines');
        }
      }
    },
  };
}

export type HandoverHoursService = ReturnType<typeof createHandoverHoursService>;
