import { depositLabel, formatDate, formatLinePrice, formatPence } from '@toolshed/core';
import { useState } from 'react';
import { daysText } from '../../../lib/days-text.ts';
import { Link } from '../../../lib/router/index.ts';
import { isFlagged, type CheckedLine } from '../../../data/checked-lines.ts';
import { useWheelbarrow } from '../../../data/wheelbarrow-store.tsx';
import { LineDatesEditor } from '../../../ui/line-dates-editor.tsx';
import { CancellationPolicyNote } from '../../../ui/cancellation-policy-note.tsx';

const smallButton = 'rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100';

/** One line of the wheelbarrow's details; a flagged line says why and offers the ways out. */
export function WheelbarrowLineRow({ line }: { line: CheckedLine }) {
  const { remove, updateDates } = useWheelbarrow();
  const [editing, setEditing] = useState(false);
  const flagged = isFlagged(line);

  return (
    <li className={`my-2 flex flex-col gap-2 rounded-lg p-3 ${flagged ? 'border border-amber-400 bg-amber-50' : ''}`}>
      <div className="flex items-start gap-3">
        {line.imageUrl ? (
          <img src={line.imageUrl} alt="" width={64} height={48} className="h-12 w-16 shrink-0 rounded object-cover" />
        ) : (
          <span className="h-12 w-16 shrink-0 rounded bg-slate-200" aria-hidden="true" />
        )}
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words text-slate-900">{line.name}</p>
          <p className="text-sm text-slate-700">
            {formatDate(line.startDate)} to {formatDate(line.endDate)} · {daysText(line.days)}
          </p>
          <p className="text-sm text-slate-700">{formatLinePrice(line.dailyRatePence, line.days, line.weeklyRatePence)}</p>
          {line.depositPence > 0 && <p className="text-sm text-slate-700">{depositLabel(line.depositPence)}</p>}
          {line.bookingMode === 'request' && <p className="text-sm text-violet-900">Request to book: charged only if the owner accepts</p>}
          {!flagged && <CancellationPolicyNote policy={line.cancellationPolicy} startDate={line.startDate} className="mt-1" />}
          {flagged && line.message && <p className="mt-1 text-sm font-medium text-amber-950">{line.message}</p>}
        </div>
        <p className="shrink-0 font-semibold text-slate-900">{formatPence(line.lineTotalPence)}</p>
      </div>
      <div className="flex flex-wrap gap-2 pl-[4.75rem]">
        <button type="button" aria-label={`Remove ${line.name}`} onClick={() => remove(line.itemId)} className={smallButton}>
          Remove
        </button>
        {line.bookedByYou && (
          <Link
            to="/my-rentals"
            className="self-center text-sm font-medium text-emerald-800 underline underline-offset-4 hover:text-emerald-950"
          >
            See My Rentals
          </Link>
        )}
        {line.state !== 'missing' && !line.bookedByYou && (
          <>
            <button type="button" aria-expanded={editing} onClick={() => setEditing((v) => !v)} className={smallButton}>
              Change dates
            </button>
            <Link
              to={`/category/all/item/${encodeURIComponent(line.itemId)}`}
              className="self-center text-sm font-medium text-emerald-800 underline underline-offset-4 hover:text-emerald-950"
            >
              See free dates<span className="sr-only"> of {line.name}</span>
            </Link>
          </>
        )}
      </div>
      {editing && (
        <LineDatesEditor line={line} onSave={(start, end) => updateDates(line.itemId, start, end)} onDone={() => setEditing(false)} />
      )}
    </li>
  );
}
