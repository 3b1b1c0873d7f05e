import { CLAIM_KIND_LABELS, CLAIM_NOTE_MAX, formatPence, type ClaimKind } from '@toolshed/core';
import { claimInputSchema, type DepositView } from '@toolshed/core/contract';
import { useId, useState } from 'react';
import { useToast } from '../../../lib/toast.tsx';
import { FormAlert, FormField, inputClass, primaryButtonClass } from '../../../ui/form-parts.tsx';
import { schemaProblems } from '../../../ui/schema-problems.ts';
import { useCheckedForm, type FieldProblems } from '../../../ui/use-checked-form.ts';
import { useClaimActions } from '../api/deposit.ts';
import { penceTyped, refusedAmount } from './claim-forms.tsx';
import { secondaryButtonClass } from './deposit-words.ts';

interface ReportValues {
  kind: ClaimKind;
  amount: string;
  note: string;
}

/**
 * The report's rule: what went wrong and the note as the API's schema checks them, and the amount at
 * least a penny and at most what this problem may claim (the server says the same in its own words).
 */
function reportProblems(values: ReportValues, view: DepositView): FieldProblems<ReportValues> {
  const pence = penceTyped(values.amount);
  const max = view.canReport.find((k) => k.kind === values.kind)?.maxPence ?? 0;
  const { kind, note } = schemaProblems<ReportValues>(claimInputSchema, { kind: values.kind, amountPence: pence ?? 0, note: values.note });
  const amount =
    pence === null || pence < 1 ? 'Please enter an amount of at least £0.01' : pence > max ? `At most ${formatPence(max)}` : undefined;
  return { kind, amount, note };
}

/** Either party reports a problem with the rental, up to what it may claim. */
export function ReportForm({ view, rentalId }: { view: DepositView; rentalId: string }) {
  const { report } = useClaimActions(rentalId);
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const form = useCheckedForm<ReportValues>({
    defaultValues: { kind: view.canReport[0]!.kind, amount: '', note: '' },
    check: (values) => reportProblems(values, view),
    idPrefix: useId(),
    hinted: ['amount'],
  });
  const max = view.canReport.find((k) => k.kind === form.watch('kind'))?.maxPence ?? 0;

  const submit = form.submit(({ kind, amount, note }) =>
    report.mutateAsync({ kind, amountPence: penceTyped(amount)!, note: note.trim() }).then(
      () => {
        setOpen(false);
        form.reset();
        toast.show('Problem reported');
      },
      (error: unknown) => {
        const refused = refusedAmount(error);
        if (refused) form.setError('amount', { type: 'server', message: refused }, { shouldFocus: true });
        else form.serverError(error, ['kind', 'note']);
      },
    ),
  );

  if (!open) {
    return (
      <button type="button" className={secondaryButtonClass} onClick={() => setOpen(true)}>
        Report a problem
      </button>
    );
  }
  return (
    <form className="space-y-3 rounded-lg border border-slate-200 p-4" onSubmit={submit} noValidate aria-label="Report a problem">
      <FormField id={form.id('kind')} label="What went wrong" problem={form.problem('kind')}>
        <select className={inputClass} {...form.field('kind')}>
          {view.canReport.map((k) => (
            <option key={k.kind} value={k.kind}>
              {CLAIM_KIND_LABELS[k.kind]} (up to {formatPence(k.maxPence)})
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        id={form.id('amount')}
        label="Amount (£)"
        problem={form.problem('amount')}
        hint={`Up to ${formatPence(max)}${view.role === 'owner' ? ', taken from the deposit if the renter accepts' : ', back to your balance if the owner accepts'}`}
      >
        <input className={inputClass} inputMode="decimal" {...form.field('amount')} />
      </FormField>
      <FormField id={form.id('note')} label="What happened" problem={form.problem('note')}>
        <textarea className={inputClass} rows={3} maxLength={CLAIM_NOTE_MAX} {...form.field('note')} />
      </FormField>
      <p className="text-sm text-slate-700">The handover photos above are part of the evidence. The other party can accept or dispute.</p>
      {form.failure && <FormAlert>{form.failure}</FormAlert>}
      <div className="flex gap-2">
        <button type="submit" className={primaryButtonClass} disabled={report.isPending}>
          {report.isPending ? 'Sending...' : 'Send report'}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
