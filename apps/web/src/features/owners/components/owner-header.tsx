import { lendingsSummary, returnsSummary } from '@toolshed/core';
import type { OwnerProfile } from '@toolshed/core/contract';
import { StarRating } from '../../../ui/star-rating.tsx';
import { memberSince } from '../../../lib/member-since.ts';

/** 'Priya Shah' -> 'PS'; one name gives one letter. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words.slice(0, 2).map((w) => w[0]!.toUpperCase()).join('') || '?';
}

export function OwnerHeader({ owner }: { owner: OwnerProfile }) {
  return (
    <header className="flex flex-wrap items-center gap-5">
      {owner.picture ? (
        <img src={owner.picture} alt="" width={88} height={88} className="h-22 w-22 rounded-full object-cover" />
      ) : (
        <span className="flex h-22 w-22 items-center justify-center rounded-full bg-emerald-100 text-2xl font-bold text-emerald-900" aria-hidden="true">
          {initials(owner.name)}
        </span>
      )}
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{owner.name}</h1>
        <StarRating rating={owner.rating} totalRatings={owner.totalRatings} />
        <p className="text-sm text-slate-700">{memberSince(owner.memberSince)}</p>
        <TrackRecord record={owner.record} />
      </div>
    </header>
  );
}

function Badge({ children }: { children: string }) {
  return (
    <li className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-900 ring-1 ring-emerald-700/30">
      <svg viewBox="0 0 16 16" aria-hidden="true" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M3.5 8.5l3 3 6-7" />
      </svg>
      {children}
    </li>
  );
}

/** What neighbours look for before lending: verified contact details and how past rentals went. */
function TrackRecord({ record }: { record: OwnerProfile['record'] }) {
  const lendings = lendingsSummary(record);
  return (
    <ul aria-label="Track record" className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-800">
      {record.emailVerified && <Badge>Email verified</Badge>}
      {record.phoneVerified && <Badge>Phone verified</Badge>}
      <li>{returnsSummary(record)}</li>
      {lendings && <li>{lendings}</li>}
    </ul>
  );
}
