import { formatPence } from '@toolshed/core';
import type { RentalView } from '@toolshed/core/contract';
import { useId } from 'react';
import { errorMessage, isNotFound } from '../../../lib/api-error.ts';
import { FormAlert } from '../../../ui/form-parts.tsx';
import { StatusMessage } from '../../../ui/status-views.tsx';
import { useDeposit } from '../api/deposit.ts';
import { ClaimEntry } from './claim-entry.tsx';
import { DepositCardForm } from './deposit-card-form.tsx';
import { holdSentence, lateFeeNextStep, when } from './deposit-words.ts';
import { ReportForm } from './report-form.tsx';

/** The rental page's deposit, late fee and claims section, for either party. */
export function DepositSection({ rental }: { rental: Pick<RentalView, 'id' | 'role'> }) {
  const deposit = useDeposit(rental.id);
  const headingId = useId();
  if (deposit.isPending) return <StatusMessage>Loading deposit...</StatusMessage>;
  // Not found: the rental itself says so above.
  if (deposit.isError) return isNotFound(deposit.error) ? null : <FormAlert>{errorMessage(deposit.error)}</FormAlert>;
  const view = deposit.data;
  const sentence = holdSentence(view);
  if (!sentence && view.claims.length === 0 && view.canReport.length === 0 && view.lateFeePence === 0) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        Deposit and problems
      </h2>
      {sentence && <p className="text-slate-800">{sentence}</p>}
      {view.role === 'renter' && view.hold?.state === 'scheduled' && view.hold.cardNeededBy && (
        <DepositCardForm rentalId={rental.id} hold={view.hold} />
      )}
      {view.lateFeePence > 0 && (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {view.lateDays} {view.lateDays === 1 ? 'day' : 'days'} late: a late fee of {formatPence(view.lateFeePence)} so far (the daily rate
          per late day). {lateFeeNextStep(view)}
        </p>
      )}
      {view.claimWindowClosesAt && view.canReport.length > 0 && (
        <p className="text-sm text-slate-700">Problems can be reported until {when(view.claimWindowClosesAt)}.</p>
      )}
      {view.claims.length > 0 && (
        <ul className="space-y-3" aria-label="Claims">
          {view.claims.map((c) => (
            <ClaimEntry key={c.id} claim={c} view={view} rentalId={rental.id} />
          ))}
        </ul>
      )}
      {view.canReport.length > 0 && <ReportForm key={view.canReport.map((k) => k.kind).join()} view={view} rentalId={rental.id} />}
    </section>
  );
}
