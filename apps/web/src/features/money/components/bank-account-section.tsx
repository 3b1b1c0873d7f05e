import { useState } from 'react';
import { bankAccountProblems, type BankAccountField } from '@toolshed/core';
import type { BankAccount } from '@toolshed/core/contract';
import { errorMessage } from '../../../lib/api-error.ts';
import { useCheckedForm } from '../../../ui/use-checked-form.ts';
import { FormAlert, FormField, FormSuccess, inputClass, primaryButtonClass } from '../../../ui/form-parts.tsx';
import { StatusMessage } from '../../../ui/status-views.tsx';
import { useBankAccount, useRemoveBankAccount, useSaveBankAccount } from '../api/bank-account.ts';

const FIELDS: readonly BankAccountField[] = ['name', 'sortCode', 'accountNumber'];
const secondaryButtonClass =
  'rounded-md border border-slate-400 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * Payout settings: the UK bank account withdrawals are paid to. Shown as its name, sort code and
 * the last four digits of its number (all that is kept); added or replaced with the form below,
 * checked here as the server checks it (the formats and the modulus check), then by the bank.
 */
export function BankAccountSection() {
  const account = useBankAccount();
  const remove = useRemoveBankAccount();
  const [editing, setEditing] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  if (account.isPending) return <StatusMessage>Loading your bank account...</StatusMessage>;
  const current = account.data ?? null;
  return (
    <section aria-labelledby="bank-heading" className="max-w-md space-y-4">
      <h2 id="bank-heading" className="text-xl font-semibold text-slate-900">
        Your bank account
      </h2>
      <div role="status">{done && <FormSuccess>{done}</FormSuccess>}</div>
      {account.isError && <FormAlert>{errorMessage(account.error)}</FormAlert>}
      {remove.isError && <FormAlert>{errorMessage(remove.error)}</FormAlert>}
      {current && !editing ? (
        <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
          <p className="text-slate-900">
            Withdrawals are paid to <strong>{current.name}</strong>, sort code {current.sortCode}, account ending {current.last4}.
          </p>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => {
                setDone(null);
                setEditing(true);
              }}
            >
              Replace bank account
            </button>
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={remove.isPending}
              onClick={() => remove.mutate(undefined, { onSuccess: () => setDone('Bank account removed.') })}
            >
              Remove bank account
            </button>
          </div>
        </div>
      ) : (
        <BankAccountForm
          replacing={current}
          onSaved={(saved) => {
            setEditing(false);
            setDone(`Bank account ending ${saved.last4} saved. Withdrawals will be paid to it.`);
          }}
          onCancel={current ? () => setEditing(false) : undefined}
        />
      )}
    </section>
  );
}

function BankAccountForm(props: { replacing: BankAccount | null; onSaved: (account: BankAccount) => void; onCancel?: () => void }) {
  const form = useCheckedForm<Record<BankAccountField, string>>({
    defaultValues: { name: '', sortCode: '', accountNumber: '' },
    check: bankAccountProblems,
    idPrefix: 'bank',
    hinted: ['sortCode', 'accountNumber'],
  });
  const save = useSaveBankAccount();

  const onSubmit = form.submit((input) =>
    save.mutateAsync(input).then(
      (saved) => {
        form.resetField('accountNumber');
        props.onSaved(saved);
      },
      (error: unknown) => form.serverError(error, FIELDS),
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label={props.replacing ? 'Replace bank account' : 'Add bank account'} className="space-y-4">
      <p className="text-sm text-slate-600">
        A UK bank or building society account in your name. We keep only the sort code and the last four digits of the account number.
      </p>
      {form.failure && <FormAlert>{form.failure}</FormAlert>}
      <FormField id="bank-name" label="Name on the account" problem={form.problem('name')}>
        <input autoComplete="name" className={inputClass} {...form.field('name')} />
      </FormField>
      <FormField id="bank-sortCode" label="Sort code" problem={form.problem('sortCode')} hint="6 digits, like 12-34-56">
        <input inputMode="numeric" autoComplete="off" className={inputClass} {...form.field('sortCode')} />
      </FormField>
      <FormField id="bank-accountNumber" label="Account number" problem={form.problem('accountNumber')} hint="8 digits">
        <input inputMode="numeric" autoComplete="off" className={inputClass} {...form.field('accountNumber')} />
      </FormField>
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={save.isPending} className={primaryButtonClass}>
          {save.isPending ? 'Checking...' : 'Save bank account'}
        </button>
        {props.onCancel && (
          <button type="button" onClick={props.onCancel} className={secondaryButtonClass}>
            Keep the current one
          </button>
        )}
      </div>
    </form>
  );
}
