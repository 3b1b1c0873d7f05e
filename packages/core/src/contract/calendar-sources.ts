/** The HTTP contract of an owner's other calendars (calendar sync): iCalendar addresses whose busy days block booking. */
import { z } from 'zod';

export const MAX_CALENDAR_SOURCES = 20;
/**
 * How far ahead another calendar is read: its busy days from today to the same day this many months
 * on (bookings have no end date of their own, and a year and a half covers what owners plan).
 */
export const CALENDAR_IMPORT_MONTHS = 18;
const MAX_CALENDAR_URL_LENGTH = 2000;

export const calendarSourceInputSchema = z.object({
  url: z
    .string({ error: 'url is required' })
    .trim()
    .min(1, 'Please enter the address of the calendar.')
    .max(MAX_CALENDAR_URL_LENGTH, `The address can be at most ${MAX_CALENDAR_URL_LENGTH} characters.`)
    .describe('An iCalendar address over http:// or https:// (webcal:// is read as https://)'),
  itemId: z.uuid({ error: 'itemId must be an item id' }).nullable().describe('One of your items, or null for all your items'),
});

export const calendarSourceSchema = z.object({
  id: z.string(),
  url: z.string(),
  itemId: z.string().nullable().describe('null: all your items'),
  itemName: z.string().nullable(),
  lastFetchedAt: z.string().nullable().describe('ISO timestamp of the last fetch, good or not'),
  lastSuccessAt: z.string().nullable().describe('ISO timestamp of the last good fetch'),
  lastError: z.string().nullable().describe('Why the last fetch failed; null after a good one'),
  lastWarning: z
    .string()
    .nullable()
    .describe('What the last good answer was read with that the owner should know (time zones it could not read); null when nothing'),
  busyPeriods: z
    .number()
    .int()
    .describe(`Busy periods from the last good answer, from today on, over the next ${CALENDAR_IMPORT_MONTHS} months`),
});

export const calendarSourcesSchema = z.object({ sources: z.array(calendarSourceSchema) });

export type CalendarSourceInput = z.infer<typeof calendarSourceInputSchema>;
export type CalendarSource = z.infer<typeof calendarSourceSchema>;
export type CalendarSources = z.infer<typeof calendarSourcesSchema>;
