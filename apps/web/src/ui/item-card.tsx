import { CARD_IMAGE_SIZES, distanceLabel, formatPence, photoSrcSet } from '@toolshed/core';
import type { ItemSummary } from '@toolshed/core/contract';
import { useState, type ReactNode } from 'react';
import { Link } from '../lib/router/index.ts';
import { StarRating } from './star-rating.tsx';

/** Lets the popup close with Back when it was opened from this list (see item-popup-route). */
export const OPENED_FROM_LIST = { openedFromList: true } as const;

function ImagePlaceholder() {
  return <div className="flex aspect-[3/2] w-full items-center justify-center bg-slate-100 text-sm text-slate-600">No image available</div>;
}

export interface ItemCardProps {
  item: ItemSummary;
  to: string;
  /** Off on an owner's own page, where every card would repeat the same name and rating. */
  showOwner?: boolean;
  /** A control of its own over the photo's corner (the heart), above the card's link. */
  action?: ReactNode;
}

/**
 * One result. The link wraps only the name (so its accessible name is the item's full name) and
 * stretches over the whole card, so a click anywhere opens the item without nesting controls.
 * A long name wraps, at most three lines; the title attribute keeps the whole of it on hover.
 */
export function ItemCard({ item, to, showOwner = true, action }: ItemCardProps) {
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <li className="group relative flex min-w-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:border-slate-300 hover:shadow-md has-[a:focus-visible]:ring-3 has-[a:focus-visible]:ring-emerald-700 motion-reduce:transition-none motion-reduce:hover:translate-y-0">
      <div className="overflow-hidden bg-slate-100">
        {item.image && !imageFailed ? (
          <img
            src={item.image.thumbUrl}
            // The server preloads the first cards' photos with these same strings (core image-sizes).
            srcSet={photoSrcSet(item.image)}
            sizes={CARD_IMAGE_SIZES}
            alt={item.image.alt}
            width={400}
            height={267}
            loading="lazy"
            decoding="async"
            onError={() => setImageFailed(true)}
            className="aspect-[3/2] w-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none motion-reduce:group-hover:scale-100"
          />
        ) : (
          <ImagePlaceholder />
        )}
      </div>
      {action}
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="line-clamp-3 text-base leading-snug font-semibold break-words text-slate-900" title={item.name}>
          <Link
            to={to}
            state={OPENED_FROM_LIST}
            className="outline-none group-hover:text-emerald-900 after:absolute after:inset-0 after:content-['']"
          >
            {item.name}
          </Link>
        </h3>
        <p className="text-lg font-bold text-emerald-800">{formatPence(item.dailyRatePence)} / day</p>
        <p className="truncate text-sm text-slate-700">
          {item.city ?? 'City not available'}
          {typeof item.distanceMiles === 'number' && (
            <span className="font-medium text-slate-800"> · {distanceLabel(item.distanceMiles)}</span>
          )}
        </p>
        {showOwner && (
          <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-t border-slate-100 pt-3 text-sm">
            <span className="min-w-0 truncate font-medium text-slate-800">{item.owner.name}</span>
            <StarRating rating={item.owner.rating} totalRatings={item.owner.totalRatings} />
          </div>
        )}
      </div>
    </li>
  );
}

/** A card-shaped placeholder while the first page of results loads. */
export function ItemCardSkeleton() {
  return (
    <li aria-hidden="true" className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="aspect-[3/2] w-full animate-pulse bg-slate-200 motion-reduce:animate-none" />
      <div className="flex flex-col gap-2 p-4">
        <div className="h-4 w-3/4 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
        <div className="h-5 w-1/3 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
        <div className="h-3 w-1/2 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
      </div>
    </li>
  );
}
