import {
  claimsSummary,
  lateCancellationsSummary,
  lendingsSummary,
  ownerCancellationsSummary,
  returnsSummary,
  verifiedBadges,
  type CancellationRecord,
  type TrackRecord,
} from '@toolshed/core';

function Badge({ children }: { children: string }) {
  return (
    <li className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-900 ring-1 ring-emerald-700/30">
      <svg
        viewBox="0 0 16 16"
        aria-hidden="true"
        className="h-3.5 w-3.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M3.5 8.5l3 3 6-7" />
      </svg>
      {children}
    </li>
  );
}

/**
 * What neighbours look for before lending: the verified badges ('Email verified', 'Phone verified')
 * beside how past rentals went and the claims upheld against the member. The owner page and the
 * member's own profile (`whom="you"`) show it.
 */
export function TrackRecordList({
  record,
  cancellations,
  label = 'Track record',
  whom = 'them',
}: {
  record: TrackRecord;
  /** How they cancelled as owner and as renter (absent in the sample data). */
  cancellations?: CancellationRecord | undefined;
  label?: string;
  whom?: 'them' | 'you';
}) {
  const lendings = lendingsSummary(record);
  const claims = claimsSummary(record, whom);
  const cancelledAsOwner = cancellations ? ownerCancellationsSummary(cancellations) : null;
  const late = cancellations ? lateCancellationsSummary(cancellations) : null;
  return (
    <ul aria-label={label} className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-800">
      {verifiedBadges(record).map((badge) => (
        <Badge key={badge}>{badge}</Badge>
      ))}
      <li>{returnsSummary(record)}</li>
      {lendings && <li>{lendings}</li>}
      {claims && <li>{claims}</li>}
      {cancelledAsOwner && <li>{cancelledAsOwner}</li>}
      {late && <li>{late}</li>}
    </ul>
  );
}
