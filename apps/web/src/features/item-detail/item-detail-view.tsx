import { useState, type ReactNode } from 'react';
import { bookingButtonState, formatPence, isIsoDate, type IsoDate } from '@toolshed/core';
import type { ItemDetail } from '@toolshed/core/contract';
import { AvailabilityCalendar } from './availability-calendar.tsx';
import { BookingButton } from './booking-button.tsx';
import { ImageGallery } from './image-gallery.tsx';
import { ItemLocation } from './item-location.tsx';
import { OwnerLink } from './owner-link.tsx';
import type { PickedRange } from './range-selection.ts';
import { SelectionSummary } from './selection-summary.tsx';

export interface ChosenRange {
  startDate: IsoDate;
  endDate: IsoDate;
  days: number;
}

export interface ItemDetailViewProps {
  item: ItemDetail;
  today: IsoDate;
  /** Dates from the category filters, shown as chosen without clamping. */
  initialRange?: { startDate: string; endDate: string } | undefined;
  readOnly: boolean;
  onAdd: (range: ChosenRange) => void;
  /** Id of the item name heading, which labels the dialog. */
  headingId?: string;
}

/** Keeps only well-formed dates from the URL, so a hand-edited link cannot break the calendar. */
function startingRange(initial: ItemDetailViewProps['initialRange']): PickedRange {
  if (!initial || !isIsoDate(initial.startDate)) return {};
  return isIsoDate(initial.endDate) ? { startDate: initial.startDate, endDate: initial.endDate } : { startDate: initial.startDate };
}

/** Everything the popup shows about one item, from props only (no data fetching). */
export function ItemDetailView({ item, today, initialRange, readOnly, onAdd, headingId = 'item-detail-title' }: ItemDetailViewProps) {
  const [range, setRange] = useState<PickedRange>(() => startingRange(initialRange));
  const limits = { minDays: item.minDays, maxDays: item.maxDays };
  const state = bookingButtonState(range, limits, item.bookedRanges, today);

  function add() {
    if (state.kind !== 'ready' || !range.startDate || !range.endDate) return;
    onAdd({ startDate: range.startDate, endDate: range.endDate, days: state.days });
  }

  // Page order suits a phone (images, owner, dates and button, then the map) and keeps headings
  // in order; on a wide screen the grid moves the dates into a right-hand column.
  return (
    <article className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h2 id={headingId} className="text-2xl font-bold text-slate-900">
          {item.name}
        </h2>
        <p className="text-xl font-semibold text-emerald-800">{formatPence(item.dailyRatePence)} per day</p>
        <p className="max-w-prose whitespace-pre-line text-slate-800">{item.description}</p>
      </header>
      <div className="grid gap-6 md:grid-cols-2 md:grid-rows-[auto_auto_1fr] md:gap-x-8">
        <div className="md:col-start-1 md:row-start-1">
          <ImageGallery images={item.images} />
        </div>
        <Section title="Owner" className="md:col-start-1 md:row-start-2">
          <OwnerLink owner={item.owner} />
        </Section>
        <Section title="Choose your dates" className="md:col-start-2 md:row-span-3 md:row-start-1">
          <ul className="text-sm text-slate-800">
            <li>Minimum rental: {plural(item.minDays)}</li>
            <li>Maximum rental: {plural(item.maxDays)}</li>
          </ul>
          <AvailabilityCalendar range={range} onChange={setRange} today={today} booked={item.bookedRanges} limits={limits} />
          <div className="flex flex-col gap-3 rounded-lg border border-slate-300 bg-slate-50 p-4">
            <SelectionSummary range={range} dailyRatePence={item.dailyRatePence} />
            <BookingButton state={state} readOnly={readOnly} unavailable={!item.available} onAdd={add} />
          </div>
        </Section>
        <Section title="Location" className="md:col-start-1 md:row-start-3">
          <ItemLocation location={item.location} itemName={item.name} />
        </Section>
      </div>
    </article>
  );
}

function plural(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

function Section({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <section className={`flex flex-col gap-3 ${className ?? ''}`}>
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}
