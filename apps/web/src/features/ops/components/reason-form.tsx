import { formatPence, parsePoundsToPence } from '@toolshed/core';
import { useId, useState } from 'react';
import { FormAlert, FormField, inputClass } from '../../../ui/form-parts.tsx';
import { useCheckedForm, type FieldProblems } from '../../../ui/use-checked-form.ts';
import { useOpsAction } from '../api/ops-api.ts';

export interface DeskAction {
  label: string;
  path: string;
}

/** A ruling's amount: what it is for and its ceiling in pence. */
export interface DeskAmount {
  label: string;
  maxPence: number;
}

const REASON_MESSAGE = 'Please say why: it goes in the audit log.';

const buttonClass =
  'rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60';

type ReasonValues = { amount: string; reason: string };

const limitFor = (amount: DeskAmount) => `Between £0.00 and ${formatPence(amount.maxPence)}`;

/** The desk's rule: a reason always, and an amount within the limit where the action takes one. */
function reasonProblems(values: ReasonValues, amount: DeskAmount | undefined): FieldProblems<ReasonValues> {
  const problems: FieldProblems<ReasonValues> = {};
  if (amount) {
    const pence = parsePoundsToPence(values.amount);
    if (pence === null || pence < 0 || pence > amount.maxPence) problems.amount = `Enter an amount ${limitFor(amount).toLowerCase()}.`;
  }
  if (values.reason.trim() === '') problems.reason = REASON_MESSAGE;
  return problems;
}

/**
 * The reason every desk action asks for (it goes in the audit log) and the actions it may be given
 * to; `amount` adds a ruling's amount before the buttons.
 */
export function ReasonForm(props: { actions: DeskAction[]; amount?: DeskAmount; onDone?: () => void }) {
  const idPrefix = useId();
  const action = useOpsAction();
  const [done, setDone] = useState<string | null>(null);
  const form = useCheckedForm<ReasonValues>({
    defaultValues: { amount: '', reason: '' },
    check: (values) => reasonProblems(values, props.amount),
    idPrefix,
    hinted: ['amount'],
  });

  const run = form.submit((values, event) => {
    const submitter = (event?.nativeEvent as SubmitEvent | undefined)?.submitter as HTMLButtonElement | null | undefined;
    const chosen = props.actions.find((a) => a.path === submitter?.value) ?? props.actions[0]!;
    const amountPence = props.amount ? parsePoundsToPence(values.amount)! : undefined;
    setDone(null);
    return action.mutateAsync({ path: chosen.path, reason: values.reason, ...(amountPence === undefined ? {} : { amountPence }) }).then(
      () => {
        setDone(`${chosen.label}: done and recorded.`);
        form.reset();
        props.onDone?.();
      },
      (error: unknown) => form.serverError(error, ['reason', 'amount']),
    );
  });

  return (
    <form onSubmit={run} className="mt-3 space-y-2" noValidate>
      {form.failure && <FormAlert>{form.failure}</FormAlert>}
      {props.amount && (
        <FormField id={form.id('amount')} label={props.amount.label} problem={form.problem('amount')} hint={limitFor(props.amount)}>
          <input className={inputClass} inputMode="decimal" {...form.field('amount')} />
        </FormField>
      )}
      <FormField id={form.id('reason')} label="Why (for the audit log)" problem={form.problem('reason')}>
        <textarea className={inputClass} rows={2} maxLength={1000} {...form.field('reason')} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        {props.actions.map((a) => (
          <button key={a.path} type="submit" value={a.path} className={buttonClass} disabled={action.isPending}>
            {a.label}
          </button>
        ))}
      </div>
      {done && (
        <p role="status" className="text-sm text-emerald-900">
          {done}
        </p>
      )}
    </form>
  );
}
