import { cardBrand, cardDigits, cardProblems, formatPence, todayInLondon, type CardField } from '@toolshed/core';
import { useState, type FormEvent } from 'react';
import { fieldA11y, FormField, FormSuccess, inputClass, primaryButtonClass } from '../../../ui/form-parts.tsx';
import type { LineDates } from '../../../data/check-wheelbarrow.ts';
import { brandName, formatCardNumber, formatExpiry } from '../../../lib/card-format.ts';
import { useBalance } from '../../../data/balance.ts';
import { useCardPayment } from '../use-card-payment.ts';
import { FailureAlert } from './failure-alert.tsx';

const FIELDS: readonly CardField[] = ['number', 'expiry', 'cvv', 'name'];
type Problems = Partial<Record<CardField, string>>;

/**
 * The card form. The number and security code are cleared as soon as they are sent, so they live
 * only in the request: never in state after submit, in storage or in logs.
 */
/**
 * The renter's Toolshed balance, when they have one: it pays before the card unless unticked. With
 * request lines only what is charged now comes from it (requests are held on the card), so no exact
 * split is promised here; the server decides it from the balance it locks.
 */
function BalanceChoice(props: {
  availablePence: number;
  totalPence: number;
  hasRequests: boolean;
  on: boolean;
  onChange: (on: boolean) => void;
}) {
  const { availablePence, totalPence, hasRequests, on } = props;
  const fromBalance = Math.min(availablePence, totalPence);
  const words = !on
    ? 'Your card pays it all; your balance stays as it is.'
    : hasRequests
      ? `Your balance pays first for what is booked now; requests are held on your card until their owner accepts.`
      : fromBalance === totalPence
        ? `${formatPence(fromBalance)} from your balance: your card is checked but not charged.`
        : `${formatPence(fromBalance)} from your balance and ${formatPence(totalPence - fromBalance)} by card.`;
  return (
    <div className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-emerald-950">
      <label htmlFor="use-balance" className="flex items-center gap-2 font-medium">
        <input id="use-balance" type="checkbox" checked={on} onChange={(e) => props.onChange(e.target.checked)} className="h-4 w-4" />
        Use my Toolshed balance ({formatPence(availablePence)})
      </label>
      <p className="mt-1 text-sm" aria-live="polite">
        {words}
      </p>
    </div>
  );
}

export function CardForm({ lines, totalPence, hasRequests = false }: { lines: LineDates[]; totalPence: number; hasRequests?: boolean }) {
  const { phase, pay } = useCardPayment(lines);
  const availablePence = Math.max(0, useBalance().data?.availablePence ?? 0);
  const [useBalanceOn, setUseBalance] = useState(true);
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvv, setCvv] = useState('');
  const [name, setName] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const locked = phase.kind === 'processing' || phase.kind === 'confirmed';

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (locked) return;
    const card = { number, expiry, cvv, name };
    const found = cardProblems(card, todayInLondon());
    setProblems(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) {
      document.getElementById(`card-${first}`)?.focus();
      return;
    }
    setNumber('');
    setCvv('');
    void pay(card, availablePence > 0 && useBalanceOn);
  }

  // A field the server refused is shown beside it, like the checks made here.
  const refused = phase.kind === 'failed' ? phase.failure.field : null;
  const shown: Problems = refused && Object.keys(problems).length === 0 ? { [refused.name]: refused.message } : problems;
  const brand = brandName(cardBrand(cardDigits(number)));

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Pay by card" className="space-y-4">
      <div role="status">
        {phase.kind === 'processing' && <p className="rounded-md bg-slate-100 p-3 font-medium text-slate-900">Processing payment...</p>}
        {phase.kind === 'confirmed' && (
          <FormSuccess>
            <p className="text-base font-semibold">Payment confirmed</p>
            <p>Taking you to your booking...</p>
          </FormSuccess>
        )}
      </div>
      {phase.kind === 'failed' && <FailureAlert failure={phase.failure} reenter={number === ''} />}
      <fieldset disabled={locked} className="space-y-4">
        <legend className="sr-only">Card details</legend>
        {availablePence > 0 && (
          <BalanceChoice
            availablePence={availablePence}
            totalPence={totalPence}
            hasRequests={hasRequests}
            on={useBalanceOn}
            onChange={setUseBalance}
          />
        )}
        <FormField id="card-number" label="Card number" problem={shown.number} hint={brand ? `Card type: ${brand}` : undefined}>
          <input
            id="card-number"
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={23}
            value={number}
            onChange={(e) => setNumber(formatCardNumber(e.target.value))}
            className={inputClass}
            {...fieldA11y('card-number', shown.number, Boolean(brand))}
          />
        </FormField>
        <div className="grid grid-cols-2 gap-4">
          <FormField id="card-expiry" label="Expiry date (MM/YY)" problem={shown.expiry}>
            <input
              id="card-expiry"
              type="text"
              inputMode="numeric"
              autoComplete="cc-exp"
              maxLength={5}
              placeholder="MM/YY"
              value={expiry}
              onChange={(e) => setExpiry(formatExpiry(e.target.value))}
              className={inputClass}
              {...fieldA11y('card-expiry', shown.expiry)}
            />
          </FormField>
          <FormField id="card-cvv" label="Security code (CVV)" problem={shown.cvv}>
            <input
              id="card-cvv"
              type="text"
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              value={cvv}
              onChange={(e) => setCvv(e.target.value.replace(/\D/g, ''))}
              className={inputClass}
              {...fieldA11y('card-cvv', shown.cvv)}
            />
          </FormField>
        </div>
        <FormField id="card-name" label="Name on card" problem={shown.name}>
          <input
            id="card-name"
            type="text"
            autoComplete="cc-name"
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
            className={inputClass}
            {...fieldA11y('card-name', shown.name)}
          />
        </FormField>
        <button type="submit" disabled={locked} className={`w-full ${primaryButtonClass}`}>
          Pay {formatPence(totalPence)}
        </button>
      </fieldset>
    </form>
  );
}
