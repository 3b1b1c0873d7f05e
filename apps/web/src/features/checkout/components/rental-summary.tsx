import { depositLabel, formatDate, formatLinePrice, formatPence, requestAnswerText } from '@toolshed/core';
import { useState } from 'react';
import { isFlagged, type CheckedLine } from '../../../data/checked-lines.ts';
import { LineDatesEditor } from '../../../ui/line-dates-editor.tsx';
import { CancellationPolicyNote } from '../../../ui/cancellation-policy-note.tsx';
import { daysText } from '../../../lib/days-text.ts';
import { useWheelbarrow } from '../../../data/wheelbarrow-store.tsx';
import { HandoverTimePicker } from './handover-time-picker.tsx';

const smallButton = 'rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100';

function SummaryLine({ line }: { line: CheckedLine }) {
  const { remove, updateDates } = useWheelbarrow();
  const [editing, setEditing] = useState(false);
  const flagged = isFlagged(line);
  return (
    <li className={`rounded-lg p-4 ${flagged ? 'border border-amber-400 bg-amber-50' : 'border border-slate-200 bg-white'}`}>
      <div className="flex gap-4">
        {line.imageUrl ? (
          <img src={line.imageUrl} alt="" width={96} height={64} className="h-16 w-24 shrink-0 rounded object-cover" />
        ) : (
          <span className="h-16 w-24 shrink-0 rounded bg-slate-200" aria-hidden="true" />
        )}
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-slate-900">{line.name}</h3>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 text-sm text-slate-700">
            <dt>Dates</dt>
            <dd>
              {formatDate(line.startDate)} to {formatDate(line.endDate)}
            </dd>
            <dt>Days</dt>
            <dd>{daysText(line.days)}</dd>
            <dt>Price</dt>
            <dd>{formatLinePrice(line.dailyRatePence, line.days, line.weeklyRatePence)}</dd>
            <dt className="font-medium text-slate-900">Line total</dt>
            <dd className="font-medium text-slate-900">{formatPence(line.lineTotalPence)}</dd>
            {line.depositPence > 0 && (
              <>
                <dt>Deposit</dt>
                <dd>{depositLabel(line.depositPence)}</dd>
              </>
            )}
          </dl>
          {!flagged && <CancellationPolicyNote policy={line.cancellationPolicy} startDate={line.startDate} className="mt-2" />}
          {line.bookingMode === 'request' && !flagged && (
            <p className="mt-2 rounded-md bg-violet-50 px-3 py-1.5 text-sm text-violet-950">
              Request: {requestAnswerText(new Date(), line.startDate)}; held, not charged
            </p>
          )}
        </div>
      </div>
      {!flagged && <HandoverTimePicker line={line} name={line.name} />}
      {flagged && (
        <div className="mt-3 space-y-3">
          <p className="font-medium text-amber-950">{line.message ?? 'This item cannot be booked as it is.'}</p>
          <div className="flex flex-wrap gap-2">
            <button type="button" aria-label={`Remove ${line.name}`} onClick={() => remove(line.itemId)} className={smallButton}>
              Remove
            </button>
            {line.state !== 'missing' && (
              <button type="button" aria-expanded={editing} onClick={() => setEditing((v) => !v)} className={smallButton}>
                Change dates
              </button>
            )}
          </div>
          {editing && (
            <LineDatesEditor line={line} onSave={(start, end) => updateDates(line.itemId, start, end)} onDone={() => setEditing(false)} />
          )}
        </div>
      )}
    </li>
  );
}

/** Every line of the wheelbarrow as the server sees it now; flagged lines say why. */
export function RentalSummary({ lines }: { lines: CheckedLine[] }) {
  return (
    <section aria-labelledby="rental-summary-heading">
      <h2 id="rental-summary-heading" className="text-xl font-semibold text-slate-900">
        Rental summary
      </h2>
      <ul className="mt-3 space-y-3">
        {lines.map((line) => (
          <SummaryLine key={line.itemId} line={line} />
        ))}
      </ul>
    </section>
  );
}
