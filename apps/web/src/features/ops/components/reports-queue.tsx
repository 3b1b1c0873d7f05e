import { formatPence } from '@toolshed/core';
import type { OpsReport } from '@toolshed/core/contract';
import { StatusMessage } from '../../../ui/status-views.tsx';
import { useOpsReports } from '../api/ops-api.ts';
import { ReasonForm, type DeskAction } from './reason-form.tsx';

const KIND_LABEL = { item: 'Listing', member: 'Member', message: 'Message' } as const;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What was reported, as it was when it was reported. */
function Snapshot({ report }: { report: OpsReport }) {
  const s = report.snapshot;
  if (report.kind === 'item')
    return (
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 text-sm">
        <dt className="font-medium">Name</dt>
        <dd>{text(s.name)}</dd>
        <dt className="font-medium">Description</dt>
        <dd className="whitespace-pre-line">{text(s.description)}</dd>
        <dt className="font-medium">Daily rate</dt>
        <dd>{typeof s.dailyRatePence === 'number' ? formatPence(s.dailyRatePence) : ''}</dd>
        <dt className="font-medium">Photos</dt>
        <dd>{Array.isArray(s.photos) ? s.photos.length : 0}</dd>
      </dl>
    );
  if (report.kind === 'message')
    return (
      <p className="text-sm">
        <span className="font-medium">{text(s.senderName)}</span> about {text(s.itemName)}: “{text(s.body)}”
      </p>
    );
  return <p className="text-sm">Name: {text(s.name)}</p>;
}

function actionsFor(report: OpsReport): DeskAction[] {
  const member = `/api/ops/members/${encodeURIComponent(report.member.id)}`;
  const actions: DeskAction[] = [{ label: 'Dismiss report', path: `/api/ops/reports/${encodeURIComponent(report.id)}/dismiss` }];
  if (report.kind === 'item') {
    const item = `/api/ops/items/${encodeURIComponent(report.subjectId)}`;
    actions.push(
      report.listingHidden ? { label: 'Restore listing', path: `${item}/restore` } : { label: 'Hide listing', path: `${item}/hide` },
    );
  }
  actions.push({ label: `Warn ${report.member.name}`, path: `${member}/warn` });
  actions.push(
    report.member.suspended
      ? { label: `Reinstate ${report.member.name}`, path: `${member}/reinstate` }
      : { label: `Suspend ${report.member.name}`, path: `${member}/suspend` },
  );
  return actions;
}

/** Open reports, oldest first, each with the reported content as it was and the operator's actions. */
export function ReportsQueue() {
  const reports = useOpsReports(true);
  if (reports.isPending) return <StatusMessage>Loading reports…</StatusMessage>;
  if (reports.error) return <StatusMessage>{reports.error.message}</StatusMessage>;
  if (reports.data.reports.length === 0) return <p className="text-slate-700">No open reports.</p>;
  return (
    <ul className="space-y-4">
      {reports.data.reports.map((r) => (
        <li key={r.id} className="rounded-lg border border-slate-300 bg-white p-4">
          <h3 className="font-semibold text-slate-900">
            {KIND_LABEL[r.kind]} of {r.member.name}: {r.reason}
            {r.listingHidden && <span className="ml-2 text-sm font-normal text-amber-900">(hidden from browsing)</span>}
            {r.member.suspended && <span className="ml-2 text-sm font-normal text-red-800">(suspended)</span>}
          </h3>
          <p className="text-sm text-slate-700">
            Reported by {r.reporterName} on {new Date(r.createdAt).toLocaleString('en-GB', { timeZone: 'Europe/London' })}
            {r.details ? `: “${r.details}”` : ''}
          </p>
          <div className="mt-2 rounded-md bg-slate-50 p-3">
            <Snapshot report={r} />
          </div>
          <ReasonForm actions={actionsFor(r)} />
        </li>
      ))}
    </ul>
  );
}
