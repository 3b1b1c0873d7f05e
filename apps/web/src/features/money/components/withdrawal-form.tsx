import { useRef, useState } from 'react';
import { formatPence, parsePoundsToPence, withdrawalProblems } from '@toolshed/core';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { useCheckedForm } from '../../../ui/use-checked-form.ts';
import { FormAlert, FormField, FormSuccess, inputClass, primaryButtonClass } from '../../../ui/form-parts.tsx';
import { useBankAccount } from '../api/bank-account.ts';
import { useWithdraw } from '../api/withdraw.ts';

/**
 * Withdraw to the bank account: an amount above £0 and at most the available balance. Without a
 * bank account the form says to add one first. Each submission has its own key; a submission whose
 * answer was lost is sent again with the same key, so it is never paid twice.
 */
export function WithdrawalForm({ availablePence }: { availablePence: number }) {
  const form = useCheckedForm<{ amount: string }>({
    defaultValues: { amount: '' },
    check: (input) => withdrawalProblems(input, availablePence),
    idPrefix: 'withdraw',
    hinted: ['amount'],
  });
  const [done, setDone] = useState<string | null>(null);
  const pendingKey = useRef<string | null>(null);
  const withdraw = useWithdraw();
  const account = useBankAccount();
  const hasAccount = Boolean(account.data);

  const send = ({ amount }: { amount: string }) => {
    setDone(null);
    pendingKey.current ??= crypto.randomUUID();
    return withdraw.mutateAsync({ amountPence: parsePoundsToPence(amount)!, idempotencyKey: pendingKey.current }).then(
      (w) => {
        pendingKey.current = null;
        form.reset();
        setDone(
          `Withdrawal of ${formatPence(w.amountPence)} to the account ending ${w.destination.last4} requested. It is on its way to your bank account.`,
        );
      },
      (error: unknown) => {
        const lost = !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
        if (!lost) pendingKey.current = null;
        const field = error instanceof ApiError && error.status === 400 ? error.field : undefined;
        if (error instanceof ApiError && (field === 'amount' || field === 'amountPence'))
          form.setError('amount', { type: 'server', message: error.message }, { shouldFocus: true });
        else form.setFailure(lost ? `${errorMessage(error)} You will not be paid twice if you send it again.` : errorMessage(error));
      },
    );
  };

  return (
    <section aria-labelledby="withdraw-heading" className="max-w-md space-y-4">
      <h2 id="withdraw-heading" className="text-xl font-semibold text-slate-900">
        Withdraw to your bank account
      </h2>
      <div role="status">{done && <FormSuccess>{done}</FormSuccess>}</div>
      {form.failure && <FormAlert>{form.failure}</FormAlert>}
      {!account.isPending && !hasAccount ? (
        <p className="text-slate-700">Add a bank account above to withdraw your balance to it.</p>
      ) : (
        <form noValidate onSubmit={(event) => form.submit(send)(event)} aria-label="Withdraw" className="space-y-4">
          <FormField id="withdraw-amount" label="Amount (£)" problem={form.problem('amount')} hint={`Up to ${formatPence(availablePence)}`}>
            <input inputMode="decimal" autoComplete="off" className={inputClass} {...form.field('amount')} />
          </FormField>
          <button type="submit" disabled={withdraw.isPending} className={primaryButtonClass}>
            {withdraw.isPending ? 'Sending...' : 'Withdraw'}
          </button>
        </form>
      )}
    </section>
  );
}
