import { formatPence } from '@toolshed/core';
import type { ItemSummary } from '@toolshed/core/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { StarRating } from '../../item-detail/star-rating.tsx';

/** Lets the popup close with Back when it was opened from this list (see item-popup-route). */
export const OPENED_FROM_LIST = { openedFromList: true } as const;

function ImagePlaceholder() {
  return (
    <div className="flex aspect-[3/2] w-full items-center justify-center bg-slate-100 text-sm text-slate-600">
      No image available
    </div>
  );
}

/**
 * One result. The link wraps only the name (so its accessible name is the item's name) and
 * stretches over the whole card, so a click anywhere opens the item without nesting controls.
 */
export function ItemCard({ item, to }: { item: ItemSummary; to: string }) {
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <li className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md has-[a:focus-visible]:ring-3 has-[a:focus-visible]:ring-emerald-700">
      {item.image && !imageFailed ? (
        <img
          src={item.image.thumbUrl}
          alt={item.image.alt}
          width={600}
          height={400}
          loading="lazy"
          decoding="async"
          onError={() => setImageFailed(true)}
          className="aspect-[3/2] w-full bg-slate-100 object-cover"
        />
      ) : (
        <ImagePlaceholder />
      )}
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="text-base leading-snug font-semibold text-slate-900">
          <Link to={to} state={OPENED_FROM_LIST} className="outline-none after:absolute after:inset-0 after:content-['']">
            {item.name}
          </Link>
        </h3>
        <p className="text-lg font-bold text-emerald-800">{formatPence(item.dailyRatePence)} / day</p>
        <p className="text-sm text-slate-700">{item.city ?? 'City not available'}</p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-t border-slate-100 pt-3 text-sm">
          <span className="font-medium text-slate-800">{item.owner.name}</span>
          <StarRating rating={item.owner.rating} totalRatings={item.owner.totalRatings} />
        </div>
      </div>
    </li>
  );
}
