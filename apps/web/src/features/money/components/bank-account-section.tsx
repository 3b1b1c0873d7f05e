import { useState, type FormEvent } from 'react';
import { bankAccountProblems, type BankAccountField } from '@toolshed/core';
import type { BankAccount } from '@toolshed/core/contract';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { fieldA11y, FormAlert, FormField, FormSuccess, inputClass, primaryButtonClass } from '../../../ui/form-parts.tsx';
import { StatusMessage } from '../../../ui/status-views.tsx';
import { useBankAccount, useRemoveBankAccount, useSaveBankAccount } from '../api/bank-account.ts';

const FIELDS: readonly BankAccountField[] = ['name', 'sortCode', 'accountNumber'];
const inputId = (field: BankAccountField) => `bank-${field}`;
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
  const [name, setName] = useState('');
  const [sortCode, setSortCode] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [problems, setProblems] = useState<Partial<Record<BankAccountField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveBankAccount();

  function showProblems(found: Partial<Record<BankAccountField, string>>) {
    setProblems(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) document.getElementById(inputId(first))?.focus();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const input = { name, sortCode, accountNumber };
    const found = bankAccountProblems(input);
    if (Object.keys(found).length > 0) return showProblems(found);
    setProblems({});
    save.mutate(input, {
      onSuccess: (saved) => {
        setAccountNumber('');
        props.onSaved(saved);
      },
      onError: (error) => {
        const field = error instanceof ApiError && error.status === 400 ? (error.field as BankAccountField | undefined) : undefined;
        if (field && FIELDS.includes(field)) showProblems({ [field]: error.message });
        else setFailure(errorMessage(error));
      },
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label={props.replacing ? 'Replace bank account' : 'Add bank account'} className="space-y-4">
      <p className="text-sm text-slate-600">
        A UK bank or building society account in your name. We keep only the sort code and the last four digits of the account number.
      </p>
      {failure && <FormAlert>{failure}</FormAlert>}
      <FormField id="bank-name" label="Name on the account" problem={problems.name}>
        <input
          id="bank-name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          className={inputClass}
          {...fieldA11y('bank-name', problems.name)}
        />
      </FormField>
      <FormField id="bank-sortCode" label="Sort code" problem={problems.sortCode} hint="6 digits, like 12-34-56">
        <input
          id="bank-sortCode"
          inputMode="numeric"
          autoComplete="off"
          value={sortCode}
          onChange={(e) => setSortCode(e.target.value)}
          className={inputClass}
          {...fieldA11y('bank-sortCode', problems.sortCode, true)}
        />
      </FormField>
      <FormField id="bank-accountNumber" label="Account number" problem={problems.accountNumber} hint="8 digits">
        <input
          id="bank-accountNumber"
          inputMode="numeric"
          autoComplete="off"
          value={accountNumber}
          onChange={(e) => setAccountNumber(e.target.value)}
          className={inputClass}
          {...fieldA11y('bank-accountNumber', problems.accountNumber, true)}
        />
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
