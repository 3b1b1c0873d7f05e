import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from '../../lib/router/index.ts';
import {
  DEFAULT_CANCELLATION_POLICY,
  NO_RENTER_REQUIREMENTS,
  POPUP_FIRST_PAINT_ELEMENT_ID,
  requirementsSummary,
  todayInLondon,
  unmetRequirements,
  type RenterRequirements,
} from '@toolshed/core';
import type { ItemDetail } from '@toolshed/core/contract';
import { useDataSource } from '../../data/data-source.tsx';
import { errorMessage, isNotFound } from '../../lib/api-error.ts';
import { useToast } from '../../lib/toast.tsx';
import { StatusMessage } from '../../ui/status-views.tsx';
import { useItem } from '../../data/get-item.ts';
import { useAuth } from '../../data/auth-provider.tsx';
import { useWheelbarrow } from '../../data/wheelbarrow-store.tsx';
import { ItemDetailView, type ChosenRange } from './item-detail-view.tsx';
import { ItemDialog } from './item-dialog.tsx';
import { SaveButton } from '../../ui/save-button.tsx';
import { useSavedHearts } from '../../data/saved-items.ts';
import { useRenterStanding } from './api/renter-standing.ts';
import { DateWatchOffer } from './date-watch-offer.tsx';
import { ReportListing } from './report-listing.tsx';
import { HandoverHoursOfItem } from './handover-hours-of-item.tsx';

export interface ItemDetailPopupProps {
  itemId: string;
  onClose: () => void;
  /** Dates from the category filters, pre-selected as they are. */
  initialRange?: { startDate: string; endDate: string };
  /** Called once as the popup opens: the pages have the wheelbarrow bar's code fetched then. */
  onOpen?: () => void;
  /** The browse's place (its `near`), so the popup says how far away the item is. */
  near?: string;
}

/** Puts the item on the chosen dates in the wheelbarrow, says so, and closes the popup. */
function useAddToWheelbarrow(onClose: () => void) {
  const wheelbarrow = useWheelbarrow();
  const toast = useToast();
  return (item: ItemDetail, range: ChosenRange) => {
    const result = wheelbarrow.add({
      itemId: item.id,
      name: item.name,
      dailyRatePence: item.dailyRatePence,
      weeklyRatePence: item.weeklyRatePence ?? null,
      bookingMode: item.bookingMode ?? 'instant',
      cancellationPolicy: item.cancellationPolicy ?? DEFAULT_CANCELLATION_POLICY,
      startDate: range.startDate,
      endDate: range.endDate,
      days: range.days,
      imageUrl: item.images[0]?.thumbUrl ?? null,
    });
    toast.show(result === 'added' ? 'Added to your wheelbarrow' : 'This item is already in your wheelbarrow');
    onClose();
  };
}

/** The item detail popup: fetches one item and shows it in a modal dialog over the category page. */
export default function ItemDetailPopup({ itemId, onClose, initialRange, onOpen, near }: ItemDetailPopupProps) {
  const headingId = useId();
  const query = useItem(itemId, near);
  const { readOnly, mode } = useDataSource();
  const { user } = useAuth();
  const heartFor = useSavedHearts();
  // Fixed while the popup is open, so the calendar does not shift under the renter at midnight.
  const [today] = useState(() => todayInLondon());
  // What the owner asks of renters: a signed-in renter's standing is fetched only when it asks something.
  const requirements = query.data?.requirements ?? NO_RENTER_REQUIREMENTS;
  const asks = requirementsSummary(requirements);
  const checksStanding = !readOnly && asks !== null && user !== null && query.data !== undefined && user.id !== query.data.owner.id;
  const opened = useRef(onOpen);
  useEffect(() => {
    opened.current?.();
    // A deep link's HTML drew the popup's top before the app ran (on a phone); this dialog is open
    // over it now (its own effect ran first), so the drawing goes.
    document.getElementById(POPUP_FIRST_PAINT_ELEMENT_ID)?.remove();
  }, []);

  const add = useAddToWheelbarrow(onClose);

  const view = (item: ItemDetail, refusal: string | null) => {
    const heart = heartFor({ id: item.id, name: item.name, ownerId: item.owner.id });
    return (
      <ItemDetailView
        // A different item gets fresh gallery and calendar state.
        key={item.id}
        item={item}
        today={today}
        initialRange={initialRange}
        readOnly={readOnly}
        ownItem={user !== null && user.id === item.owner.id}
        canMessage={!readOnly && user !== null && user.id !== item.owner.id}
        onAdd={(range) => add(item, range)}
        headingId={headingId}
        refusal={refusal}
        requirementsNote={user === null ? asks : null}
        saveButton={heart && <SaveButton {...heart} placement="inline" />}
        dateWatch={(range) => <DateWatchOffer key={`${range.startDate}/${range.endDate}`} itemId={item.id} {...range} />}
        reportButton={<ReportListing item={item} />}
        handoverHours={mode === 'api' ? <HandoverHoursOfItem itemId={item.id} /> : null}
      />
    );
  };

  return (
    <ItemDialog labelledBy={headingId} onClose={onClose}>
      {query.data ? (
        checksStanding ? (
          <StandingGate requirements={requirements}>{(refusal) => view(query.data, refusal)}</StandingGate>
        ) : (
          view(query.data, null)
        )
      ) : query.isError ? (
        isNotFound(query.error) ? (
          <ItemNotFound headingId={headingId} onClose={onClose} />
        ) : (
          <ItemLoadError headingId={headingId} error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />
        )
      ) : (
        <LoadingItem headingId={headingId} />
      )}
    </ItemDialog>
  );
}

/** Asks where the signed-in renter stands, and hands the view why they cannot book yet (null while unknown or when they can). */
function StandingGate({ requirements, children }: { requirements: RenterRequirements; children: (refusal: string | null) => ReactNode }) {
  const standing = useRenterStanding(true);
  const unmet = standing.data ? unmetRequirements(requirements, standing.data) : [];
  return <>{children(unmet.length > 0 ? unmet.join(' ') : null)}</>;
}

/** The link may be old or mistyped, or the owner removed the item: say so and offer a way on. */
function ItemNotFound({ headingId, onClose }: { headingId: string; onClose: () => void }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-10 text-center">
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="h-14 w-14 text-slate-400"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-4-4M8.5 8.5l5 5M13.5 8.5l-5 5" />
      </svg>
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        Item not found
      </h2>
      <p className="text-slate-800">This item may have been removed by its owner, or the link is not quite right.</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={onClose}
          className="rounded-md bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-emerald-900"
        >
          Back to the list
        </button>
        <Link
          to="/category/all"
          className="rounded-md px-4 py-2 font-medium text-emerald-800 underline underline-offset-4 hover:text-emerald-950"
        >
          Browse all items
        </Link>
      </div>
    </div>
  );
}

function ItemLoadError(props: { headingId: string; error: Error; retrying: boolean; onRetry(): void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 py-8">
      <h2 id={props.headingId} className="text-2xl font-bold text-slate-900">
        Could not load this item
      </h2>
      <p className="text-slate-800">{errorMessage(props.error)}</p>
      <button
        type="button"
        onClick={props.onRetry}
        disabled={props.retrying}
        className="rounded-md bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:cursor-wait disabled:bg-slate-200 disabled:text-slate-700"
      >
        {props.retrying ? 'Trying again...' : 'Try again'}
      </button>
    </div>
  );
}

function LoadingItem({ headingId }: { headingId: string }) {
  return (
    <>
      <h2 id={headingId} className="sr-only">
        Item details
      </h2>
      <StatusMessage>Loading item...</StatusMessage>
    </>
  );
}
