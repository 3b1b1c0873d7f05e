import { CLAIM_NOTE_MAX, formatPence, readPounds } from '@toolshed/core';
import { claimReplySchema, type Claim } from '@toolshed/core/contract';
import { useId } from 'react';
import { ApiError, fieldMessage } from '../../../lib/api-error.ts';
import { FormAlert, FormField, inputClass, primaryButtonClass } from '../../../ui/form-parts.tsx';
import { schemaProblems } from '../../../ui/schema-problems.ts';
import { useCheckedForm } from '../../../ui/use-checked-form.ts';
import { secondaryButtonClass } from './deposit-words.ts';

/** The server's words when it refuses the amount of a claim (its field is `amountPence`), else undefined. */
export function refusedAmount(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 400 && error.field === 'amountPence' ? fieldMessage(error) : undefined;
}

/** Pounds as typed to pence, when they are a whole number of pence. */
export function penceTyped(typed: string): number | null {
  const read = readPounds(typed);
  return read.kind === 'pence' ? read.pence : null;
}

/** What is wrong with a new amount for a claim (the claimant's lower one, or a proposal): it must be below the claim. */
function newAmountProblem(typed: string, claimedPence: number): string | undefined {
  const pence = penceTyped(typed);
  if (pence === null || pence < 1) return 'Please enter an amount of at least £0.01';
  if (pence >= claimedPence) return `Less than ${formatPence(claimedPence)}, please`;
  return undefined;
}

/** A new amount for a claim, below what it is now: the claimant's lower one, or a proposal. */
export function AmountForm({
  claim,
  label,
  hint,
  submitLabel,
  busy,
  send,
  onCancel,
}: {
  claim: Claim;
  label: string;
  hint: string;
  submitLabel: string;
  busy: boolean;
  send(pence: number): Promise<unknown>;
  onCancel(): void;
}) {
  const form = useCheckedForm<{ amount: string }>({
    defaultValues: { amount: '' },
    check: ({ amount }) => ({ amount: newAmountProblem(amount, claim.amountPence) }),
    idPrefix: useId(),
    hinted: ['amount'],
  });
  const submit = form.submit(({ amount }) =>
    send(penceTyped(amount)!).catch((error: unknown) => {
      const refused = refusedAmount(error);
      if (refused) form.setError('amount', { type: 'server', message: refused }, { shouldFocus: true });
      else form.serverError(error);
    }),
  );

  return (
    <form className="mt-3 space-y-2" onSubmit={submit} noValidate aria-label={label}>
      <FormField id={form.id('amount')} label={`${label} (£)`} problem={form.problem('amount')} hint={hint}>
        <input className={inputClass} inputMode="decimal" {...form.field('amount')} />
      </FormField>
      {form.failure && <FormAlert>{form.failure}</FormAlert>}
      <div className="flex gap-2">
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? 'Sending...' : submitLabel}
        </button>
        <button type="button" className={secondaryButtonClass} disabled={busy} onClick={onCancel}>
          Back
        </button>
      </div>
    </form>
  );
}

/** The other party's reply disputing a claim, checked with the API's own schema. */
export function DisputeForm({
  busy,
  sending,
  send,
  onCancel,
}: {
  busy: boolean;
  sending: boolean;
  send(reply: string): Promise<unknown>;
  onCancel(): void;
}) {
  const form = useCheckedForm<{ reply: string }>({
    defaultValues: { reply: '' },
    check: (values) => schemaProblems<{ reply: string }>(claimReplySchema, values),
    idPrefix: useId(),
  });
  const submit = form.submit(({ reply }) => send(reply.trim()).catch((error: unknown) => form.serverError(error, ['reply'])));

  return (
    <form className="mt-3 space-y-2" onSubmit={submit} noValidate>
      <FormField
        id={form.id('reply')}
        label="Why you disagree (the other party and, after 7 days, Toolshed support will read it)"
        problem={form.problem('reply')}
      >
        <textarea className={inputClass} rows={3} maxLength={CLAIM_NOTE_MAX} {...form.field('reply')} />
      </FormField>
      {form.failure && <FormAlert>{form.failure}</FormAlert>}
      <div className="flex gap-2">
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {sending ? 'Sending...' : 'Send dispute'}
        </button>
        <button type="button" className={secondaryButtonClass} disabled={busy} onClick={onCancel}>
          Back
        </button>
      </div>
    </form>
  );
}
