import { handoverHoursLines } from '@toolshed/core';
import { useItemHandoverHours } from './api/item-handover-hours.ts';

/**
 * 'Hands over: Mon–Fri 08:00–10:00, 17:00–19:00; Sat 09:00–12:00' under the owner, as a short list
 * whose days are read out in full. Nothing while loading or if the hours cannot be read: checkout
 * offers the times anyway.
 */
export function HandoverHoursOfItem({ itemId }: { itemId: string }) {
  const hours = useItemHandoverHours(itemId, true);
  if (!hours.data) return null;
  const lines = handoverHoursLines(hours.data.ranges);
  return (
    <div className="text-sm text-slate-800">
      <h4 className="font-medium text-slate-900">Hands over (London time)</h4>
      {lines.length === 0 ? (
        <p>No handover hours set: message the owner to agree a time.</p>
      ) : (
        <dl className="mt-0.5 grid grid-cols-[auto_1fr] gap-x-3">
          {lines.map((line) => (
            <div key={line.days} className="contents">
              <dt>
                <span aria-hidden="true">{line.days}</span>
                <span className="sr-only">{line.daysInFull}</span>
              </dt>
              <dd>{line.times.join(', ')}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
