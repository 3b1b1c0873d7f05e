import { useState } from 'react';
import { formatDate, formatPence, paymentMethodLabel, todayInLondon } from '@toolshed/core';
import type { Transaction } from '@toolshed/core/contract';
import { errorMessage } from '../../../lib/api-error.ts';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { useMediaQuery } from '../../../ui/use-media-query.ts';
import { linkClass } from '../../../ui/form-parts.tsx';
import { TRANSACTIONS_CSV_URL, TRANSACTIONS_PAGE_SIZE, useTransactions } from '../api/transactions.ts';

const TYPE_LABELS: Record<Transaction['type'], string> = {
  sent: 'Sent',
  received: 'Received',
  refund: 'Refund',
  withdrawal: 'Withdrawal',
  released: 'Released',
  reversed: 'Reversed',
  deposit: 'Deposit',
  claim: 'Claim',
  correction: 'Correction',
};
const STATUS_LABELS: Record<Transaction['status'], string> = {
  completed: 'Completed',
  pending: 'Pending',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

function what(t: Transaction): string {
  if (t.item) return t.item.name;
  return t.type === 'withdrawal' ? (t.paymentMethod === 'bank' ? 'Withdrawal to your bank account' : 'Withdrawal to your card') : '';
}

/** Money in with its sign, so that a column of them reads as a statement: '+£25.00', '-£27.50', '£0.00'. */
const signed = (pence: number) => (pence > 0 ? `+${formatPence(pence)}` : formatPence(pence));

/** Tailwind's lg breakpoint: a computer, where the columns fit the page. */
const TABLE_SCREEN = '(min-width: 1024px)';

const AMOUNT_COLUMNS = new Set(['Amount', 'Service fee', 'Total', 'Balance']);
const COLUMNS = [
  'Date',
  'Item',
  'Counterparty',
  'Type',
  'Details',
  'Amount',
  'Service fee',
  'Total',
  'Balance',
  'Status',
  'Payment method',
];

const dateOf = (t: Transaction) => formatDate(todayInLondon(new Date(t.date)));

const buttonClass =
  'rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * The Transactions tab: the member's statement from the ledger, newest first (every payment,
 * earning, refund, deposit, claim and withdrawal, each with the available balance after it), with a
 * CSV download.
 */
export function TransactionsTab() {
  const [page, setPage] = useState(1);
  const query = useTransactions(page);
  // Eleven columns do not fit a phone or a tablet: there each transaction is a card instead of a row.
  const wide = useMediaQuery(TABLE_SCREEN);
  if (query.isPending) return <StatusMessage>Loading your transactions...</StatusMessage>;
  if (query.isError)
    return (
      <ErrorState title="Your transactions could not be loaded" message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
    );
  const { transactions, total } = query.data;
  const pages = Math.max(1, Math.ceil(total / TRANSACTIONS_PAGE_SIZE));
  if (total === 0)
    return (
      <p className="text-slate-700">
        No transactions yet. Rentals you pay for or earn from, refunds, deposits and withdrawals will be listed here.
      </p>
    );
  return (
    <section aria-labelledby="transactions-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="transactions-heading" className="text-xl font-semibold text-slate-900">
          Transactions
        </h2>
        <a href={TRANSACTIONS_CSV_URL} download className={linkClass}>
          Download CSV
        </a>
      </div>
      {wide ? (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region takes focus so that it can be scrolled from the keyboard
        <div className="overflow-x-auto rounded-xl border border-slate-200" tabIndex={0} role="region" aria-label="Transactions table">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                {COLUMNS.map((h) => (
                  <th key={h} scope="col" className={`px-3 py-2 align-bottom font-semibold ${AMOUNT_COLUMNS.has(h) ? 'text-right' : ''}`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 bg-white text-slate-800">
              {transactions.map((t) => (
                <tr key={t.id}>
                  <td className="px-3 py-2 whitespace-nowrap">{dateOf(t)}</td>
                  <td className="px-3 py-2">{what(t)}</td>
                  <td className="px-3 py-2">{t.counterparty?.name ?? ''}</td>
                  <td className="px-3 py-2">{TYPE_LABELS[t.type]}</td>
                  <td className="px-3 py-2">{t.description}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{signed(t.amountPence)}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{signed(t.serviceFeePence)}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{signed(t.totalPence)}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatPence(t.balanceAfterPence)}</td>
                  <td className="px-3 py-2">{STATUS_LABELS[t.status]}</td>
                  <td className="px-3 py-2">{paymentMethodLabel(t)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <TransactionCards transactions={transactions} />
      )}
      {pages > 1 && (
        <nav aria-label="Transaction pages" className="flex items-center gap-3">
          <button type="button" className={buttonClass} disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </button>
          <span className="text-sm text-slate-700">
            Page {page} of {pages}
          </span>
          <button type="button" className={buttonClass} disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </button>
        </nav>
      )}
    </section>
  );
}

/** On a phone: one card per transaction, what it was and its total first, then the details. */
function TransactionCards({ transactions }: { transactions: readonly Transaction[] }) {
  return (
    <ul aria-label="Transactions" className="grid gap-3 sm:grid-cols-2">
      {transactions.map((t) => {
        const titleId = `transaction-${t.id}`;
        return (
          <li key={t.id} aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-800">
            <div className="flex items-baseline justify-between gap-3">
              <p id={titleId} className="min-w-0 font-semibold break-words text-slate-900">
                {what(t) || TYPE_LABELS[t.type]}
              </p>
              <p className="font-semibold whitespace-nowrap text-slate-900 tabular-nums">{signed(t.totalPence)}</p>
            </div>
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
              <Detail term="Date">{dateOf(t)}</Detail>
              <Detail term="Type">{TYPE_LABELS[t.type]}</Detail>
              {t.counterparty && <Detail term="Counterparty">{t.counterparty.name}</Detail>}
              <Detail term="Details">{t.description}</Detail>
              <Detail term="Amount">{signed(t.amountPence)}</Detail>
              {t.serviceFeePence !== 0 && <Detail term="Service fee">{signed(t.serviceFeePence)}</Detail>}
              <Detail term="Total">{signed(t.totalPence)}</Detail>
              <Detail term="Balance after">{formatPence(t.balanceAfterPence)}</Detail>
              <Detail term="Status">{STATUS_LABELS[t.status]}</Detail>
              <Detail term="Payment method">{paymentMethodLabel(t)}</Detail>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}

function Detail({ term, children }: { term: string; children: string }) {
  return (
    <>
      <dt className="text-slate-600">{term}</dt>
      <dd className="break-words">{children}</dd>
    </>
  );
}
