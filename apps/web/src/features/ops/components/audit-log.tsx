import { OPERATOR_ACTION_LABELS } from '@toolshed/core';
import { StatusMessage } from '../../../ui/status-views.tsx';
import { useAuditLog } from '../api/ops-api.ts';

/** The operators' audit log, newest first: read-only, as it is in the database. */
export function AuditLog() {
  const log = useAuditLog(true);
  if (log.isPending) return <StatusMessage>Loading the audit log…</StatusMessage>;
  if (log.error) return <StatusMessage>{log.error.message}</StatusMessage>;
  if (log.data.entries.length === 0) return <p className="text-slate-700">Nothing recorded yet.</p>;
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region takes focus so that it can be scrolled from the keyboard
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="The audit log, scrolls sideways">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Operator actions, newest first</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-2 pr-3">
              When
            </th>
            <th scope="col" className="py-2 pr-3">
              Who
            </th>
            <th scope="col" className="py-2 pr-3">
              What
            </th>
            <th scope="col" className="py-2">
              Why
            </th>
          </tr>
        </thead>
        <tbody>
          {log.data.entries.map((e) => (
            <tr key={e.id} className="border-b border-slate-200 align-top">
              <td className="py-2 pr-3 whitespace-nowrap">
                {new Date(e.createdAt).toLocaleString('en-GB', { timeZone: 'Europe/London' })}
              </td>
              <td className="py-2 pr-3">{e.operatorName}</td>
              <td className="py-2 pr-3">
                {OPERATOR_ACTION_LABELS[e.action]}{' '}
                <span className="text-slate-600">
                  ({e.subjectKind} {e.subjectId.slice(0, 8)})
                </span>
              </td>
              <td className="py-2">{e.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
