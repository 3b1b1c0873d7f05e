import { formatDate, formatPence, isIsoDate, poundsToPence, radiusLabel, RADIUS_MILES_OPTIONS } from '@toolshed/core';
import { useEffect, useRef } from 'react';
import { useSearchParams } from '../../../lib/router/index.ts';
import { withFilter, withPlace } from '../filter-params.ts';
import { forgetPlace } from '../remembered-place.ts';
import { useUpdateParams } from '../use-filter-url.ts';
import { useNearShown } from '../use-near-shown.ts';
import { ratingLabel } from '../rating-label.ts';

export interface FilterChip {
  /** What the chip says: 'Up to £20.00 a day', '4+ stars', '12 Dec 2026 to 14 Dec 2026', 'Near OX2, within 5 miles'. */
  label: string;
  /** The address without this filter. */
  remove(params: URLSearchParams): URLSearchParams;
  /** The place is forgotten on this device too when its chip is removed. */
  forgets?: boolean;
}

const get = (params: URLSearchParams, key: string) => (params.get(key) ?? '').trim();

function priceLabel(raw: string): string {
  const pounds = Number(raw);
  return Number.isFinite(pounds) && pounds >= 0 ? `Up to ${formatPence(poundsToPence(pounds))} a day` : `Max price ${raw}`;
}

function dateLabel(raw: string): string {
  return isIsoDate(raw) ? formatDate(raw) : raw;
}

function placeLabel(near: string, radius: string): string {
  const miles = RADIUS_MILES_OPTIONS.find((r) => String(r) === radius);
  return miles === undefined ? `Near ${near}` : `Near ${near}, ${radiusLabel(miles).toLowerCase()}`;
}

/**
 * The filters set behind the Filters button, one chip each (the two dates are one), in the form's
 * order. The search words are not among them: they stay in sight in the search box.
 */
export function filterChips(params: URLSearchParams, nearShown = get(params, 'near')): FilterChip[] {
  const chips: FilterChip[] = [];
  const near = get(params, 'near');
  if (near) chips.push({ label: placeLabel(nearShown || near, get(params, 'radius')), remove: (p) => withPlace(p, ''), forgets: true });
  const maxPrice = get(params, 'maxPrice');
  if (maxPrice) chips.push({ label: priceLabel(maxPrice), remove: (p) => withFilter(p, 'maxPrice', '') });
  const minRating = get(params, 'minRating');
  if (minRating) {
    const rating = Number(minRating);
    chips.push({
      label: Number.isFinite(rating) ? ratingLabel(rating) : `Rating ${minRating}`,
      remove: (p) => withFilter(p, 'minRating', ''),
    });
  }
  const start = get(params, 'startDate');
  const end = get(params, 'endDate');
  if (start || end) {
    const label =
      start && end ? `${dateLabel(start)} to ${dateLabel(end)}` : start ? `From ${dateLabel(start)}` : `Until ${dateLabel(end)}`;
    chips.push({ label, remove: (p) => withFilter(withFilter(p, 'startDate', ''), 'endDate', '') });
  }
  return chips;
}

/** The filters set, a place (with its radius) counting as one and the two dates as one: what the chips show. */
export function activeFilterCount(params: URLSearchParams): number {
  return filterChips(params).length;
}

/**
 * The filters set, in sight while the form is closed: each a button that removes it. After a
 * removal the focus goes to the chip that took its place, or to the Filters button when none is left.
 */
export function FilterChips({ fallbackFocusId }: { fallbackFocusId: string }) {
  const [params] = useSearchParams();
  const updateParams = useUpdateParams();
  const chips = filterChips(params, useNearShown());
  const shown = chips.map((c) => c.label).join('\n');
  // The place of a chip just removed, until the chips without it are drawn.
  const refocus = useRef<number | null>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const index = refocus.current;
    if (index === null) return;
    refocus.current = null;
    const left = list.current?.querySelectorAll('button') ?? [];
    (left[Math.min(index, left.length - 1)] ?? document.getElementById(fallbackFocusId))?.focus();
  }, [shown, fallbackFocusId]);

  if (chips.length === 0) return null;

  function remove(chip: FilterChip, index: number) {
    if (chip.forgets) forgetPlace();
    refocus.current = index;
    updateParams(chip.remove);
  }

  return (
    <ul ref={list} aria-label="Filters set" className="flex flex-wrap gap-2">
      {chips.map((chip, index) => (
        <li key={chip.label}>
          <button
            type="button"
            aria-label={`Remove filter: ${chip.label}`}
            onClick={() => remove(chip, index)}
            className="inline-flex items-center gap-1.5 rounded-full border border-emerald-700 bg-emerald-50 py-1 pr-2 pl-3 text-sm font-medium text-emerald-900 hover:bg-emerald-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
          >
            {chip.label}
            <svg
              viewBox="0 0 20 20"
              aria-hidden="true"
              className="h-4 w-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="m6 6 8 8M14 6l-8 8" />
            </svg>
          </button>
        </li>
      ))}
    </ul>
  );
}
