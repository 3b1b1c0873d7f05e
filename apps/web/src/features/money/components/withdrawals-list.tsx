import { formatPence } from '@toolshed/core';
import type { Withdrawal, WithdrawalsPage } from '@toolshed/core/contract';
import { errorMessage } from '../../../lib/api-error.ts';
import { brandName } from '../../../lib/card-format.ts';
import { useRestOfList } from '../../../lib/use-rest-of-list.ts';
import { FormAlert } from '../../../ui/form-parts.tsx';
import { ShowMore } from '../../../ui/show-more.tsx';
import { useWithdrawals } from '../api/bank-account.ts';

const dayFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Europe/London' });

const STATE: Record<Withdrawal['status'], { label: string; className: string }> = {
  pending: { label: 'On its way', className: 'bg-amber-100 text-amber-900' },
  paid: { label: 'Paid', className: 'bg-emerald-100 text-emerald-900' },
  failed: { label: 'Failed: back in your balance', className: 'bg-red-100 text-red-900' },
  returned: { label: 'Returned by the bank: back in your balance', className: 'bg-red-100 text-red-900' },
  cancelled: { label: 'Cancelled: back in your balance', className: 'bg-slate-200 text-slate-900' },
};

const destinationOf = (w: Withdrawal) =>
  w.destination.kind === 'bank'
    ? `account ending ${w.destination.last4} (${w.destination.sortCode})`
    : `${brandName(w.destination.brand) ?? 'card'} ending ${w.destination.last4}`;

/** The member's withdrawals, newest first, each with where it went and its state: on its way, paid, failed, returned or cancelled. */
export function WithdrawalsList() {
  const list = useWithdrawals();
  if (list.isPending) return null;
  if (list.isError) return <FormAlert>{errorMessage(list.error)}</FormAlert>;
  if (list.data.withdrawals.length === 0) return null;
  // A new answer (a withdrawal asked for since) starts the longer list afresh from its first page.
  return <Withdrawals key={list.dataUpdatedAt} first={list.data} />;
}

const withdrawalId = (w: Withdrawal) => w.id;

function Withdrawals({ first }: { first: WithdrawalsPage }) {
  const rest = useRestOfList('/api/me/withdrawals', 'withdrawals', first.withdrawals, first.pageSize, withdrawalId);
  const shown = [...first.withdrawals, ...rest.entries];
  return (
    <section aria-labelledby="withdrawals-heading" className="space-y-3">
      <h2 id="withdrawals-heading" className="text-xl font-semibold text-slate-900">
        Your withdrawals
      </h2>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {shown.map((w) => (
          <li key={w.id} className="flex flex-wrap items-start justify-between gap-2 p-4">
            <div>
              <p className="font-medium text-slate-900">
                {formatPence(w.amountPence)} to {destinationOf(w)}
              </p>
              <p className="text-sm text-slate-600">Asked for {dayFormat.format(new Date(w.createdAt))}</p>
              {w.failureReason && w.status !== 'paid' && <p className="text-sm text-slate-700">{w.failureReason}</p>}
            </div>
            <span className={`rounded-full px-3 py-1 text-sm font-medium ${STATE[w.status].className}`}>{STATE[w.status].label}</span>
          </li>
        ))}
      </ul>
      <ShowMore shown={shown.length} total={Math.max(first.total, shown.length)} rest={rest} what="withdrawals" />
    </section>
  );
}
