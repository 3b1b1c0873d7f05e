import { z } from 'zod';
import { isIsoDate } from '../dates.ts';

const clock = z.string().regex(/^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/, { error: 'Times are written HH:MM, for example 09:30.' });
const slotTime = z
  .string({ error: 'Please choose a time.' })
  .regex(/^([01]\d|2[0-3]):[03]0$/, { error: 'Please choose a time on the hour or half past, for example 09:30.' });

/** A checkout line's handover choice: the pick-up time on its first day, the return time on its last. */
export const handoverChoiceFields = {
  pickupTime: slotTime.optional().describe("HH:MM London time on the start date, one of the owner's handover slots"),
  returnTime: slotTime.optional().describe("HH:MM London time on the end date, one of the owner's handover slots"),
};

export const handoverHoursRangeSchema = z.object({
  weekday: z.number().int().min(0).max(6).describe('0 Sunday ... 6 Saturday'),
  opens: clock.describe('HH:MM, London time'),
  closes: clock.describe('HH:MM, London time; 24:00 is midnight at the end of the day'),
});

export const handoverHoursInputSchema = z.object({
  ranges: z.array(handoverHoursRangeSchema).max(28).describe('Every range of the week; an empty list goes back to the default'),
});

export const handoverHoursSchema = z.object({
  ranges: z.array(handoverHoursRangeSchema),
  isDefault: z.boolean().describe('The owner set no hours: 08:00 to 20:00 every day applies'),
});

export const handoverSlotsQuerySchema = z.object({
  startDate: z.string().refine(isIsoDate, 'must be a real date in the form YYYY-MM-DD'),
  endDate: z.string().refine(isIsoDate, 'must be a real date in the form YYYY-MM-DD'),
});

export const handoverSlotsSchema = z.object({
  pickup: z.array(z.string()).describe('Pick-up times offered on the start date (HH:MM, London), 30 minutes apart'),
  return: z.array(z.string()).describe('Return times offered on the end date'),
});

export const handoverTimeSideSchema = z.object({
  date: z.string().describe('The London date of this handover (the first day for pick-up, the last for return)'),
  time: z.string().nullable().describe('HH:MM London time; null when none was chosen'),
  at: z.string().nullable().describe('The same as an instant (ISO 8601)'),
  proposal: z
    .object({
      time: z.string(),
      by: z.enum(['owner', 'renter']),
      canAccept: z.boolean().describe('Whether the asking party may accept it (the other party proposed it)'),
    })
    .nullable(),
  canPropose: z.boolean().describe('Whether the asking party may propose a new time now'),
  slots: z.array(z.string()).describe('The times the asking party may propose on that day'),
});

export const rentalHandoverTimesSchema = z.object({
  rentalId: z.string(),
  pickup: handoverTimeSideSchema,
  return: handoverTimeSideSchema,
});

export const proposeHandoverTimeSchema = z.object({ time: slotTime });

export type HandoverHoursRangeInput = z.infer<typeof handoverHoursRangeSchema>;
export type HandoverHours = z.infer<typeof handoverHoursSchema>;
export type HandoverSlots = z.infer<typeof handoverSlotsSchema>;
export type RentalHandoverTimes = z.infer<typeof rentalHandoverTimesSchema>;
export type HandoverTimeSideView = z.infer<typeof handoverTimeSideSchema>;
