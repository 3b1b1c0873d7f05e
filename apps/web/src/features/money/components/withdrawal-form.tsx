import { useRef, useState, type FormEvent } from 'react';
import { formatPence, parsePoundsToPence, todayInLondon, withdrawalProblems, type WithdrawalField } from '@toolshed/core';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { fieldA11y, FormAlert, FormField, FormSuccess, inputClass, primaryButtonClass } from '../../../ui/form-parts.tsx';
import { brandName, formatCardNumber, formatExpiry } from '../../../lib/card-format.ts';
import { useWithdraw } from '../api/withdraw.ts';

const FIELDS: readonly WithdrawalField[] = ['amount', 'card.number', 'card.expiry', 'card.cvv'];
const inputId = (field: WithdrawalField) => `withdraw-${field.replace('card.', '')}`;

/** The server's field name for a problem, as this form names it. */
function formField(field: string | undefined): WithdrawalField | null {
  if (field === 'amount' || field === 'amountPence') return 'amount';
  return FIELDS.includes(field as WithdrawalField) ? (field as WithdrawalField) : null;
}

/**
 * Withdraw to a card: an amount above £0 and at most the available balance, and the card to pay it
 * to (number, expiry, security code). Each submission has its own key; a submission whose answer was
 * lost is sent again with the same key, so it is never paid twice.
 */
export function WithdrawalForm({ availablePence }: { availablePence: number }) {
  const [amount, setAmount] = useState('');
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvv, setCvv] = useState('');
  const [problems, setProblems] = useState<Partial<Record<WithdrawalField, string>>>({});
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const pendingKey = useRef<string | null>(null);
  const withdraw = useWithdraw();

  function showProblems(found: Partial<Record<WithdrawalField, string>>) {
    setProblems(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) document.getElementById(inputId(first))?.focus();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    setFailure(null);
    const card = { number, expiry, cvv };
    const found = withdrawalProblems({ amount, card }, availablePence, todayInLondon());
    if (Object.keys(found).length > 0) return showProblems(found);
    setProblems({});
    const amountPence = parsePoundsToPence(amount)!;
    pendingKey.current ??= crypto.randomUUID();
    withdraw.mutate(
      { amountPence, card, idempotencyKey: pendingKey.current },
      {
        onSuccess: (w) => {
          pendingKey.current = null;
          setAmount('');
          setNumber('');
          setExpiry('');
          setCvv('');
          setDone(
            `Withdrawal of ${formatPence(w.amountPence)} to ${brandName(w.card.brand) ?? 'your card'} ending ${w.card.last4} requested. It is on its way to your card.`,
          );
        },
        onError: (error) => {
          const lost = !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
          if (!lost) pendingKey.current = null;
          const field = error instanceof ApiError && error.status === 400 ? formField(error.field) : null;
          if (field) showProblems({ [field]: error.message });
          else setFailure(lost ? `${errorMessage(error)} You will not be paid twice if you send it again.` : errorMessage(error));
        },
      },
    );
  }

  return (
    <section aria-labelledby="withdraw-heading" className="max-w-md space-y-4">
      <h2 id="withdraw-heading" className="text-xl font-semibold text-slate-900">
        Withdraw to your card
      </h2>
      <div role="status">{done && <FormSuccess>{done}</FormSuccess>}</div>
      {failure && <FormAlert>{failure}</FormAlert>}
      <form noValidate onSubmit={onSubmit} aria-label="Withdraw" className="space-y-4">
        <FormField id="withdraw-amount" label="Amount (£)" problem={problems.amount} hint={`Up to ${formatPence(availablePence)}`}>
          <input
            id="withdraw-amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            className={inputClass}
            {...fieldA11y('withdraw-amount', problems.amount, true)}
          />
        </FormField>
        <FormField id="withdraw-number" label="Card number" problem={problems['card.number']}>
          <input
            id="withdraw-number"
            inputMode="numeric"
            autoComplete="cc-number"
            value={number}
            onChange={(e) => setNumber(formatCardNumber(e.target.value))}
            className={inputClass}
            {...fieldA11y('withdraw-number', problems['card.number'])}
          />
        </FormField>
        <div className="grid grid-cols-2 gap-4">
          <FormField id="withdraw-expiry" label="Expiry (MM/YY)" problem={problems['card.expiry']}>
            <input
              id="withdraw-expiry"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              value={expiry}
              onChange={(e) => setExpiry(formatExpiry(e.target.value))}
              className={inputClass}
              {...fieldA11y('withdraw-expiry', problems['card.expiry'])}
            />
          </FormField>
          <FormField id="withdraw-cvv" label="Security code (CVV)" problem={problems['card.cvv']}>
            <input
              id="withdraw-cvv"
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              value={cvv}
              onChange={(e) => setCvv(e.target.value.replace(/\D/g, ''))}
              className={inputClass}
              {...fieldA11y('withdraw-cvv', problems['card.cvv'])}
            />
          </FormField>
        </div>
        <button type="submit" disabled={withdraw.isPending} className={primaryButtonClass}>
          {withdraw.isPending ? 'Sending...' : 'Withdraw'}
        </button>
      </form>
    </section>
  );
}
