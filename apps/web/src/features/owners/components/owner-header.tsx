import type { OwnerProfile } from '@toolshed/core/contract';
import { StarRating } from '../../../ui/star-rating.tsx';
import { memberSince } from '../../../lib/member-since.ts';
import { TrackRecordList } from '../../../ui/track-record-list.tsx';

/** 'Priya Shah' -> 'PS'; one name gives one letter. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?'
  );
}

export function OwnerHeader({ owner }: { owner: OwnerProfile }) {
  return (
    <header className="flex flex-wrap items-center gap-5">
      {owner.picture ? (
        <img src={owner.picture} alt="" width={88} height={88} className="h-22 w-22 rounded-full object-cover" />
      ) : (
        <span
          className="flex h-22 w-22 items-center justify-center rounded-full bg-emerald-100 text-2xl font-bold text-emerald-900"
          aria-hidden="true"
        >
          {initials(owner.name)}
        </span>
      )}
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{owner.name}</h1>
        <StarRating rating={owner.rating} totalRatings={owner.totalRatings} />
        <p className="text-sm text-slate-700">{memberSince(owner.memberSince)}</p>
        <TrackRecordList record={owner.record} cancellations={owner.cancellations} />
      </div>
    </header>
  );
}
