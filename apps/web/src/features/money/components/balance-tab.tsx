import { formatPence } from '@toolshed/core';
import { errorMessage } from '../../../lib/api-error.ts';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { useBalance } from '../../../data/balance.ts';
import { BankAccountSection } from './bank-account-section.tsx';
import { WithdrawalForm } from './withdrawal-form.tsx';
import { WithdrawalsList } from './withdrawals-list.tsx';

const updatedFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' });

function Figure({ label, pence, note }: { label: string; pence: number; note: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900">{formatPence(pence)}</dd>
      <dd className="mt-1 text-sm text-slate-600">{note}</dd>
    </div>
  );
}

/** The Balance tab: what can be withdrawn, what is on its way in and out, earnings, the bank account, the withdrawal form and the withdrawals' states. */
export function BalanceTab() {
  const balance = useBalance();
  if (balance.isPending) return <StatusMessage>Loading your balance...</StatusMessage>;
  if (balance.isError)
    return (
      <ErrorState title="Your balance could not be loaded" message={errorMessage(balance.error)} onRetry={() => void balance.refetch()} />
    );
  const b = balance.data;
  return (
    <div className="space-y-8">
      <section aria-labelledby="balance-heading" className="space-y-3">
        <h2 id="balance-heading" className="text-xl font-semibold text-slate-900">
          Balance
        </h2>
        <dl className="grid gap-3 sm:grid-cols-3">
          <Figure label="Available balance" pence={b.availablePence} note="Yours to withdraw" />
          <Figure label="Pending credits" pence={b.pendingCreditsPence} note="Earnings of rentals not yet returned" />
          <Figure label="Pending debits" pence={b.pendingDebitsPence} note="Withdrawals being paid out" />
        </dl>
        <p className="text-sm text-slate-600">
          {b.lastUpdated ? `Last updated ${updatedFormat.format(new Date(b.lastUpdated))}` : 'No money has moved yet.'}
        </p>
      </section>
      <section aria-labelledby="earnings-heading" className="space-y-3">
        <h2 id="earnings-heading" className="text-xl font-semibold text-slate-900">
          Earnings
        </h2>
        <dl className="grid gap-3 sm:grid-cols-2">
          <Figure label="Earnings to date" pence={b.earnings.receivedPence} note="From every rental of your items" />
          <Figure label="Pending" pence={b.earnings.pendingPence} note="From rentals not yet completed" />
        </dl>
      </section>
      <BankAccountSection />
      <WithdrawalForm availablePence={b.availablePence} />
      <WithdrawalsList />
    </div>
  );
}
