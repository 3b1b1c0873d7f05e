import type { ReactNode } from 'react';
import { daysText } from '../../lib/days-text.ts';
import { Link } from '../../lib/router/index.ts';
import { DEFAULT_CANCELLATION_POLICY, depositLabel, formatDate, formatPence, VERIFIED_PHONE_REASON, type IsoDate } from '@toolshed/core';
import type { ItemDetail } from '@toolshed/core/contract';
import { LARGE_SCREEN, useMediaQuery } from '../../ui/use-media-query.ts';
import { AvailabilityCalendar } from './availability-calendar.tsx';
import { BookingButton } from './booking-button.tsx';
import { CostSummary } from './cost-summary.tsx';
import { ImageGallery } from './image-gallery.tsx';
import { ItemLocation } from './item-location.tsx';
import { OwnItemNote } from './own-item-note.tsx';
import { OwnerLink } from './owner-link.tsx';
import { PolicyOfItem } from './policy-of-item.tsx';
import { useBookingRange } from './use-booking-range.ts';

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
  /** The signed-in user owns this item: they may edit it, not rent it. */
  ownItem?: boolean;
  /** Signed in and not the owner: offer 'Message the owner'. */
  canMessage?: boolean;
  onAdd: (range: ChosenRange) => void;
  /** Id of the item name heading, which labels the dialog. */
  headingId?: string;
  /** Why the signed-in renter cannot book it yet (the owner's requirements); null: they can. */
  refusal?: string | null;
  /** What the owner asks of renters, for a visitor who is not signed in. */
  requirementsNote?: string | null;
  /** The heart, beside the name. */
  saveButton?: ReactNode;
  /** Offered under the booking button when the chosen dates are taken: "Tell me if these dates free up". */
  dateWatch?: (range: { startDate: IsoDate; endDate: IsoDate }) => ReactNode;
  /** 'Report this listing', under its description. */
  reportButton?: ReactNode;
  /** When the owner hands over and takes back, under the owner. */
  handoverHours?: ReactNode;
}

/**
 * Everything the popup shows about one item, from props only (no data fetching), in the order a
 * renter decides: what it looks like, what it costs and when it is free, what those dates cost,
 * then who lends it, where, and the owner's description.
 */
export function ItemDetailView(props: ItemDetailViewProps) {
  const { item, headingId = 'item-detail-title' } = props;
  // A computer's popup has room for the booking panel beside the photos.
  const panel = useMediaQuery(LARGE_SCREEN);
  const price = <Price item={item} />;
  return (
    // One order for every screen: name, photos, booking, then the rest. On a computer the booking
    // panel is a column of its own beside the photos and stays in view while the page scrolls.
    <article className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-x-10">
      <header className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 lg:col-start-1 lg:row-start-1">
        <div className="flex min-w-0 items-start gap-3">
          <h2 id={headingId} className="min-w-0 text-2xl font-bold break-words text-slate-900">
            {item.name}
          </h2>
          {props.saveButton}
        </div>
        {!panel && price}
      </header>
      <div className="w-full md:mx-auto md:max-w-2xl lg:col-start-1 lg:row-start-2 lg:mx-0 lg:max-w-none">
        <ImageGallery images={item.images} />
      </div>
      <BookingSection {...props} headingId={headingId} panel={panel} price={panel && price} />
      <div className="grid gap-6 md:grid-cols-2 md:gap-x-8 lg:col-start-1 lg:row-start-3">
        <div className="flex flex-col gap-6">
          <Section title="Owner">
            <OwnerLink owner={item.owner} />
            {props.handoverHours}
            {props.canMessage && (
              <Link
                to={`/item/${encodeURIComponent(item.id)}/messages`}
                className="self-start rounded-md border border-emerald-700 px-3 py-1.5 text-sm font-medium text-emerald-900 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
              >
                Message the owner
              </Link>
            )}
          </Section>
          <Section title="About this item">
            <p className="max-w-prose break-words whitespace-pre-line text-slate-800">{item.description}</p>
            {props.reportButton}
          </Section>
        </div>
        <Section title="Location">
          <ItemLocation location={item.location} itemName={item.name} distanceMiles={item.distanceMiles} />
        </Section>
      </div>
    </article>
  );
}

function Price({ item }: { item: ItemDetail }) {
  return (
    <p className="text-xl font-semibold text-emerald-800">
      {formatPence(item.dailyRatePence)} per day
      {item.weeklyRatePence != null && (
        <span className="block text-base font-medium text-emerald-900">{formatPence(item.weeklyRatePence)} per week</span>
      )}
    </p>
  );
}

/** The booking panel: the calendar, what the chosen dates cost, and the button that books them (or why it cannot). */
function BookingSection({
  item,
  today,
  initialRange,
  readOnly,
  ownItem = false,
  onAdd,
  headingId,
  refusal = null,
  requirementsNote = null,
  dateWatch,
  panel,
  price,
}: ItemDetailViewProps & { headingId: string; panel: boolean; price: ReactNode }) {
  const { range, setRange, limits, away, state, taken, reason } = useBookingRange(item, today, initialRange);

  function add() {
    if (state.kind !== 'ready' || !range.startDate || !range.endDate) return;
    onAdd({ startDate: range.startDate, endDate: range.endDate, days: state.days });
  }

  return (
    <section
      aria-labelledby={`${headingId}-booking`}
      className="flex flex-col gap-3 lg:sticky lg:top-16 lg:col-start-2 lg:row-span-3 lg:row-start-1 lg:rounded-xl lg:border lg:border-slate-200 lg:p-5 lg:shadow-lg"
    >
      {price}
      <h3 id={`${headingId}-booking`} className="text-lg font-semibold text-slate-900">
        Choose your dates
      </h3>
      <ul className="flex flex-wrap gap-x-6 text-sm text-slate-800">
        <li>Minimum rental: {daysText(item.minDays)}</li>
        <li>Maximum rental: {daysText(item.maxDays)}</li>
      </ul>
      {away && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          The owner is away until {formatDate(away.endDate)}: those days cannot be booked.
        </p>
      )}
      <AvailabilityCalendar
        range={range}
        onChange={setRange}
        today={today}
        booked={item.bookedRanges}
        away={away}
        limits={limits}
        singleMonth={panel}
      />
      <div className="flex flex-col gap-3 rounded-lg border border-slate-300 bg-slate-50 p-4 md:max-w-md">
        <CostSummary range={range} dailyRatePence={item.dailyRatePence} weeklyRatePence={item.weeklyRatePence ?? null} />
        <BookingNotes item={item} note={ownItem ? null : requirementsNote} refusal={refusal} />
        {ownItem ? (
          <OwnItemNote itemId={item.id} />
        ) : (
          <BookingButton
            state={state}
            readOnly={readOnly}
            unavailable={!item.available}
            reason={reason}
            request={item.bookingMode === 'request'}
            refusal={refusal}
            onAdd={add}
          />
        )}
        {!ownItem && !readOnly && item.available && taken && dateWatch?.(taken)}
        {/* Below the button, so that the price, the calendar and Add to Wheelbarrow stay on the first screen. */}
        <PolicyOfItem policy={item.cancellationPolicy ?? DEFAULT_CANCELLATION_POLICY} startDate={range.startDate} />
      </div>
    </section>
  );
}

/** The deposit, what the owner asks of renters (`note`), and the way to verify a phone when that is why the renter cannot book. */
function BookingNotes({ item, note, refusal }: { item: ItemDetail; note: string | null; refusal: string | null }) {
  return (
    <>
      {(item.depositPence ?? 0) > 0 && (
        <p className="text-sm text-slate-800">
          Plus a refundable deposit: {depositLabel(item.depositPence ?? 0)}. It is released after the return unless a problem is reported.
        </p>
      )}
      {note && <p className="text-sm text-slate-800">{note}</p>}
      {refusal?.includes(VERIFIED_PHONE_REASON) && (
        <Link to="/profile" className="self-start text-sm font-medium text-emerald-800 underline underline-offset-4 hover:text-emerald-950">
          Verify your phone number
        </Link>
      )}
    </>
  );
}

function Section({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <section className={`flex flex-col gap-3 ${className ?? ''}`}>
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}
