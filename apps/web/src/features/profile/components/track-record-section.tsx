import { Link } from '../../../lib/router/index.ts';
import { linkClass } from '../../../ui/form-parts.tsx';
import { TrackRecordList } from '../../../ui/track-record-list.tsx';
import { useMyTrackRecord } from '../api/track-record.ts';

/** The member's own track record with its verified badges, as their public page shows it. */
export function TrackRecordSection({ userId, phoneVerified }: { userId: string; phoneVerified: boolean }) {
  const record = useMyTrackRecord(userId);
  return (
    <section aria-labelledby="track-record-heading" className="space-y-2">
      <h3 id="track-record-heading" className="text-lg font-semibold text-slate-900">
        Your track record
      </h3>
      {record.isPending && <p className="text-slate-700">Loading your track record...</p>}
      {record.isError && <p className="text-slate-700">Your track record could not be loaded just now.</p>}
      {record.data && (
        <TrackRecordList record={record.data.record} cancellations={record.data.cancellations} label="Your track record" whom="you" />
      )}
      <p className="text-sm text-slate-700">
        Neighbours see this on your public page.{' '}
        {!phoneVerified && 'Verify your phone number below to earn the Phone verified badge; some owners ask for it. '}
        <Link to={`/owner/${encodeURIComponent(userId)}`} className={linkClass}>
          See your public page
        </Link>
      </p>
    </section>
  );
}
