import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { FormAlert, FormField, fieldA11y, inputClass } from '../../../ui/form-parts.tsx';
import { useOpsAction } from '../api/ops-api.ts';

export interface DeskAction {
  label: string;
  path: string;
}

const buttonClass =
  'rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * The reason every desk action asks for (it goes in the audit log) and the actions it may be given
 * to; `extra` adds fields before the buttons (a ruling's amount), `amountPence` reads them.
 */
export function ReasonForm(props: { actions: DeskAction[]; extra?: ReactNode; amountPence?: () => number | null; onDone?: () => void }) {
  const id = useId();
  const action = useOpsAction();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);

  function run(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const chosen = props.actions.find((a) => a.path === submitter?.value) ?? props.actions[0]!;
    const amount = props.amountPence?.();
    if (amount === null) return;
    if (reason.trim() === '') {
      setProblem('Please say why: it goes in the audit log.');
      return;
    }
    setProblem(undefined);
    action.mutate(
      { path: chosen.path, reason, ...(amount === undefined ? {} : { amountPence: amount }) },
      {
        onSuccess: () => {
          setDone(`${chosen.label}: done and recorded.`);
          setReason('');
          props.onDone?.();
        },
      },
    );
  }

  return (
    <form onSubmit={run} className="mt-3 space-y-2" noValidate>
      {props.extra}
      <FormField id={`${id}-reason`} label="Why (for the audit log)" problem={problem}>
        <textarea
          id={`${id}-reason`}
          className={inputClass}
          rows={2}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          {...fieldA11y(`${id}-reason`, problem)}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        {props.actions.map((a) => (
          <button key={a.path} type="submit" value={a.path} className={buttonClass} disabled={action.isPending}>
            {a.label}
          </button>
        ))}
      </div>
      {action.error && <FormAlert>{action.error.message}</FormAlert>}
      {done && !action.error && (
        <p role="status" className="text-sm text-emerald-900">
          {done}
        </p>
      )}
    </form>
  );
}
