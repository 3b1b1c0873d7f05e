import {
  AppError,
  clockTime,
  compareDates,
  handoverInstant,
  handoverSlots,
  parseClockTime,
  todayInLondon,
  type HandoverHoursRange,
  type HandoverTimeSide,
  type RentalRole,
} from '@toolshed/core';
import type { HandoverTimeSideView, RentalHandoverTimes } from '@toolshed/core/contract';
import { isRowId } from '../../db/ids.ts';
import type { HandoverHoursRepository } from './handover-hours-repository.ts';
import type { HandoverTimesRental, RentalHandoverRepository } from './rental-handover-repository.ts';

export interface RentalHandoverDeps {
  repo: RentalHandoverRepository;
  hours: HandoverHoursRepository;
  now: () => Date;
  /** Told after a proposal is saved (the other party is told) and after one is accepted (reminders follow the new time). */
  onProposed?: (rentalId: string, side: HandoverTimeSide, proposedBy: RentalRole, minutes: number) => Promise<void>;
  onChanged?: (rentalId: string) => Promise<void>;
}

const notFound = () => new AppError('NOT_FOUND', 'Rental not found.');
/** An owner may offer any time of their own day; a renter proposes inside the owner's hours. */
const WHOLE_DAY: HandoverHoursRange[] = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensMinutes: 0, closesMinutes: 1440 }));

const dateOf = (r: HandoverTimesRental, side: HandoverTimeSide) => (side === 'pickup' ? r.startDate : r.endDate);
const minutesOf = (r: HandoverTimesRental, side: HandoverTimeSide) => (side === 'pickup' ? r.pickupMinutes : r.returnMinutes);

/**
 * A rental's handover times (decision 038): the times chosen at checkout, and a new time either party
 * proposes and the other accepts. Only the rental's two parties see or change them; others get 404.
 */
export function createRentalHandoverService({ repo, hours, now, onProposed, onChanged }: RentalHandoverDeps) {
  async function party(rentalId: string, userId: string) {
    const rental = isRowId(rentalId) ? await repo.rentalForParty(rentalId, userId) : undefined;
    if (!rental) throw notFound();
    const role: RentalRole = rental.ownerId === userId ? 'owner' : 'renter';
    const own = (await hours.hoursOf([rental.ownerId])).get(rental.ownerId) ?? [];
    return { rental, role, offered: role === 'owner' ? WHOLE_DAY : own };
  }

  /** Open while the rental stands and its day has not passed (London). */
  const open = (r: HandoverTimesRental, side: HandoverTimeSide) =>
    !r.cancelled && !r.returned && compareDates(todayInLondon(now()), dateOf(r, side)) <= 0;

  function sideView(r: HandoverTimesRental, role: RentalRole, offered: HandoverHoursRange[], side: HandoverTimeSide): HandoverTimeSideView {
    const date = dateOf(r, side);
    const minutes = minutesOf(r, side);
    const proposal = r.proposals.find((p) => p.side === side);
    const canPropose = open(r, side);
    return {
      date,
      time: minutes === null ? null : clockTime(minutes),
      at: minutes === null ? null : handoverInstant(date, minutes).toISOString(),
      proposal: proposal
        ? { time: clockTime(proposal.minutes), by: proposal.proposedBy, canAccept: canPropose && proposal.proposedBy !== role }
        : null,
      canPropose,
      slots: canPropose ? handoverSlots(date, offered).map(clockTime) : [],
    };
  }

  const view = ({ rental, role, offered }: Awaited<ReturnType<typeof party>>): RentalHandoverTimes => ({
    rentalId: rental.id,
    pickup: sideView(rental, role, offered, 'pickup'),
    return: sideView(rental, role, offered, 'return'),
  });

  return {
    async get(rentalId: string, userId: string): Promise<RentalHandoverTimes> {
      return view(await party(rentalId, userId));
    },

    /** Proposes a new time for one side; it replaces an earlier proposal of that side. */
    async propose(rentalId: string, userId: string, side: HandoverTimeSide, time: string): Promise<RentalHandoverTimes> {
      const { rental, role, offered } = await party(rentalId, userId);
      if (!open(rental, side)) throw new AppError('CONFLICT', 'This handover has passed, so its time can no longer change.', 'side');
      const minutes = parseClockTime(time) ?? -1;
      if (!handoverSlots(dateOf(rental, side), offered).includes(minutes))
        throw new AppError('VALIDATION', `${time} is not one of the handover times on that day. Please choose another.`, 'time');
      if (minutes === minutesOf(rental, side)) throw new AppError('VALIDATION', `The time is already ${time}.`, 'time');
      await repo.propose(rental.id, side, minutes, role, now());
      await onProposed?.(rental.id, side, role, minutes);
      return this.get(rentalId, userId);
    },

    /** Accepts the other party's proposal: it becomes the time. The proposer cannot accept their own (403). */
    async accept(rentalId: string, userId: string, side: HandoverTimeSide): Promise<RentalHandoverTimes> {
      const { rental, role } = await party(rentalId, userId);
      const proposal = rental.proposals.find((p) => p.side === side);
      if (!proposal) throw new AppError('CONFLICT', 'There is no proposed time to accept.', 'side');
      if (proposal.proposedBy === role) throw new AppError('FORBIDDEN', 'You proposed this time: the other side accepts it.', 'side');
      if (!open(rental, side)) throw new AppError('CONFLICT', 'This handover has passed, so its time can no longer change.', 'side');
      const taken = await repo.accept(rental.id, side, proposal.proposedBy);
      if (!taken) throw new AppError('CONFLICT', 'The proposal changed meanwhile. Please look again.', 'side');
      await onChanged?.(rental.id);
      return this.get(rentalId, userId);
    },
  };
}

export type RentalHandoverService = ReturnType<typeof createRentalHandoverService>;
