import { StatusMessage } from '../../../ui/status-views.tsx';
import { useOpsStatus } from '../api/ops-api.ts';
import { AuditLog } from './audit-log.tsx';
import { ClaimsDesk } from './claims-desk.tsx';
import { ReportsQueue } from './reports-queue.tsx';
import { SecondFactorForm } from './second-factor-form.tsx';

/** The operator's desk: for operators only (anyone else sees 'not found'), after the emailed code. */
export function OpsDesk() {
  const status = useOpsStatus();
  if (status.isPending) return <StatusMessage>Loading…</StatusMessage>;
  if (status.error) {
    return (
      <>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Page not found</h1>
        <p className="mt-2 text-slate-700">There is nothing at this address.</p>
      </>
    );
  }
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Operator’s desk</h1>
      <p className="mt-1 mb-6 text-slate-700">Every action asks why and is written to the audit log, which nobody can change.</p>
      {!status.data.verified ? (
        <SecondFactorForm email={status.data.email} />
      ) : (
        <div className="space-y-10">
          <section aria-labelledby="ops-reports">
            <h2 id="ops-reports" className="mb-3 text-xl font-semibold text-slate-900">
              Reports
            </h2>
            <ReportsQueue />
          </section>
          <section aria-labelledby="ops-claims">
            <h2 id="ops-claims" className="mb-3 text-xl font-semibold text-slate-900">
              Claims sent to support
            </h2>
            <ClaimsDesk />
          </section>
          <section aria-labelledby="ops-audit">
            <h2 id="ops-audit" className="mb-3 text-xl font-semibold text-slate-900">
              Audit log
            </h2>
            <AuditLog />
          </section>
        </div>
      )}
    </>
  );
}
