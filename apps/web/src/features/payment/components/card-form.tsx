import { cardProblems, formatPence, todayInLondon } from '@toolshed/core';
import { useEffect, useState } from 'react';
import { FormSuccess, primaryButtonClass } from '../../../ui/form-parts.tsx';
import type { LineDates } from '../../../data/check-wheelbarrow.ts';
import { useBalance } from '../../../data/balance.ts';
import { useCardPayment } from '../use-card-payment.ts';
import { FailureAlert } from './failure-alert.tsx';
import { CardFields, EMPTY_CARD, type CardValues } from '../../../ui/card-fields.tsx';
import { useCheckedForm } from '../../../ui/use-checked-form.ts';

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
  const form = useCheckedForm<CardValues>({
    defaultValues: EMPTY_CARD,
    check: (card) => cardProblems(card, todayInLondon()),
    idPrefix: 'card',
  });
  const locked = phase.kind === 'processing' || phase.kind === 'confirmed';

  const onSubmit = form.submit((card) => {
    if (locked) return;
    form.setValue('number', '');
    form.setValue('cvv', '');
    void pay(card, availablePence > 0 && useBalanceOn);
  });

  // A field the server refused is shown beside it, like the checks made here.
  const refused = phase.kind === 'failed' ? phase.failure.field : null;
  const { setError } = form;
  useEffect(() => {
    if (refused) setError(refused.name, { type: 'server', message: refused.message }, { shouldFocus: true });
  }, [refused, setError]);

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
      {phase.kind === 'failed' && <FailureAlert failure={phase.failure} reenter={form.watch('number') === ''} />}
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
        <CardFields form={form} />
        <button type="submit" disabled={locked} className={`w-full ${primaryButtonClass}`}>
          Pay {formatPence(totalPence)}
        </button>
      </fieldset>
    </form>
  );
}
