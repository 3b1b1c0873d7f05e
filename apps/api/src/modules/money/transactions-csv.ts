import { paymentMethodLabel, todayInLondon } from '@toolshed/core';
import type { Transaction } from '@toolshed/core/contract';

const HEADER = [
  'Date',
  'Type',
  'Item',
  'Counterparty',
  'Description',
  'Amount (GBP)',
  'Service fee (GBP)',
  'Total (GBP)',
  'Balance after (GBP)',
  'Status',
  'Payment method',
  'Card',
];

const pounds = (pence: number) => (pence / 100).toFixed(2);

/**
 * One CSV cell. Text that a spreadsheet would run as a formula (starting =, +, -, @, tab or carriage
 * return) is prefixed with an apostrophe; quotes are doubled and cells with separators are quoted.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The transactions as CSV (RFC 4180, CRLF line ends): London dates, amounts in pounds with two
 * decimals, signed as the member sees them (paid negative), and the available balance after each line.
 */
export function transactionsCsv(transactions: readonly Transaction[]): string {
  const lines = [HEADER.map(csvCell).join(',')];
  for (const t of transactions) {
    // Amounts are written by us, never by a person: no formula prefix needed, and a sign must stay a sign.
    const cells = [
      todayInLondon(new Date(t.date)),
      csvCell(t.type),
      csvCell(t.item?.name ?? ''),
      csvCell(t.counterparty?.name ?? ''),
      csvCell(t.description),
      pounds(t.amountPence),
      pounds(t.serviceFeePence),
      pounds(t.totalPence),
      pounds(t.balanceAfterPence),
      csvCell(t.status),
      // The same words as the Transactions tab: 'Toolshed balance', 'Card (Visa ending 4242)'...
      csvCell(paymentMethodLabel(t)),
      csvCell(t.card ? `${t.card.brand} ending ${t.card.last4}` : ''),
    ];
    lines.push(cells.join(','));
  }
  return lines.join('\r\n') + '\r\n';
}
