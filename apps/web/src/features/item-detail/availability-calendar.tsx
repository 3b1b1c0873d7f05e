import { useMemo } from 'react';
import { DayPicker, labelDayButton, type DateRange as DayRange, type Matcher } from 'react-day-picker';
import { enGB } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import './availability-calendar.css';
import { isoToLocalDate, localDateToIso, type DateRange, type IsoDate, type RentalLimits } from '@toolshed/core';
import { useMediaQuery, WIDE_SCREEN } from '../../ui/use-media-query.ts';
import { pickDate, type PickedRange } from './range-selection.ts';

export interface AvailabilityCalendarProps {
  range: PickedRange;
  onChange: (range: PickedRange) => void;
  today: IsoDate;
  booked: readonly DateRange[];
  /** Days blocked by the owner's vacation mode: not bookable, but not booked either. */
  away?: DateRange | null;
  limits: RentalLimits;
  /** One month even where two would fit: the calendar sits in a narrow panel. */
  singleMonth?: boolean;
}

function toMatchers(ranges: readonly DateRange[]): Matcher[] {
  return ranges.map((r) => ({ from: isoToLocalDate(r.startDate), to: isoToLocalDate(r.endDate) }));
}

/**
 * Inline range calendar. Past, booked and owner-away days cannot be clicked, but a range may still
 * span a booked day: the booking button then explains why it cannot be used. Booked days and the
 * owner's away days are drawn and announced apart ('booked', 'owner away').
 */
export function AvailabilityCalendar({
  range,
  onChange,
  today,
  booked,
  away = null,
  limits,
  singleMonth = false,
}: AvailabilityCalendarProps) {
  const bookedMatchers = useMemo(() => toMatchers(booked), [booked]);
  const awayMatchers = useMemo(() => toMatchers(away ? [away] : []), [away]);
  const todayDate = isoToLocalDate(today);
  // Two months side by side where there is room, so a range across a month end is seen at once.
  const wide = useMediaQuery(WIDE_SCREEN);
  const selected: DayRange | undefined = range.startDate
    ? { from: isoToLocalDate(range.startDate), to: range.endDate ? isoToLocalDate(range.endDate) : undefined }
    : undefined;

  return (
    <div className="item-calendar flex flex-col gap-3">
      <DayPicker
        mode="range"
        locale={enGB}
        weekStartsOn={1}
        today={todayDate}
        startMonth={todayDate}
        defaultMonth={selected?.from ?? todayDate}
        numberOfMonths={wide && !singleMonth ? 2 : 1}
        selected={selected}
        onSelect={(_next, clicked) => onChange(pickDate(range, localDateToIso(clicked), limits))}
        disabled={[{ before: todayDate }, ...bookedMatchers, ...awayMatchers]}
        modifiers={{ booked: bookedMatchers, away: awayMatchers }}
        modifiersClassNames={{ booked: 'item-calendar-booked', away: 'item-calendar-away' }}
        labels={{
          // A day both booked and in the owner's away days is booked: that is what holds it.
          labelDayButton: (date, modifiers, options, dateLib) =>
            `${labelDayButton(date, modifiers, options, dateLib)}${modifiers.booked ? ', booked' : modifiers.away ? ', owner away' : ''}`,
        }}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ul className="flex flex-wrap gap-4 text-sm text-slate-800" aria-label="Calendar key">
          <li className="flex items-center gap-2">
            <span className="item-calendar-swatch item-calendar-swatch-booked" aria-hidden="true" />
            Booked
          </li>
          {away && (
            <li className="flex items-center gap-2">
              <span className="item-calendar-swatch item-calendar-swatch-away" aria-hidden="true" />
              Owner away
            </li>
          )}
          <li className="flex items-center gap-2">
            <span className="item-calendar-swatch item-calendar-swatch-selected" aria-hidden="true" />
            Your dates
          </li>
        </ul>
        <button
          type="button"
          onClick={() => onChange({})}
          disabled={!range.startDate}
          className="rounded-md px-3 py-1.5 text-sm font-medium text-emerald-800 underline underline-offset-2 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:cursor-not-allowed disabled:text-slate-500 disabled:no-underline"
        >
          Clear dates
        </button>
      </div>
    </div>
  );
}
