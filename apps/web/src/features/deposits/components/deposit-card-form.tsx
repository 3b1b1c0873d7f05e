import { cardProblems, formatDate, formatPence, todayInLondon } from '@toolshed/core';
import type { DepositView } from '@toolshed/core/contract';
import { useId } from 'react';
import { useNavigate } from '../../../lib/router/index.ts';
import { useToast } from '../../../lib/toast.tsx';
import { FormAlert, primaryButtonClass } from '../../../ui/form-parts.tsx';
import { CardFields, EMPTY_CARD, refusedCardField, type CardValues } from '../../../ui/card-fields.tsx';
import { useCheckedForm } from '../../../ui/use-checked-form.ts';
import { useGiveDepositCard } from '../api/deposit.ts';

type Hold = NonNullable<DepositView['hold']>;

/** An instant as the renter reads it in London, as the notice and email say it: '12:00 on 19 Apr 2027'. */
export function londonDeadline(iso: string): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' });
  return `${time} on ${formatDate(todayInLondon(at))}`;
}

/**
 * The renter's other card for a deposit their saved card could not hold (decision 036): why it was
 * declined, by when another card is needed (London time), and the card form. A decline shows the
 * processor's words; the number and security code are cleared as soon as they are sent.
 */
export function DepositCardForm({ rentalId, hold }: { rentalId: string; hold: Hold }) {
  const give = useGiveDepositCard(rentalId);
  const toast = useToast();
  const navigate = useNavigate();
  const headingId = useId();
  const form = useCheckedForm<CardValues>({
    defaultValues: EMPTY_CARD,
    check: (card) => cardProblems(card, todayInLondon()),
    idPrefix: 'card',
  });
  const amount = formatPence(hold.amountPence);

  const submit = form.submit((card) => {
    if (give.isPending) return;
    form.setValue('number', '');
    form.setValue('cvv', '');
    return give.mutateAsync(card).then(
      // The card's bank asks for its 3-D Secure check: its page, which brings the renter back here.
      (answer) => ('nextAction' in answer ? void navigate(answer.nextAction.url) : toast.show(`Deposit held: ${amount}`)),
      // A field the server refused is shown beside it; any other refusal (a decline) above the form.
      (error: unknown) => {
        const field = refusedCardField(error);
        if (field) form.setError(field.name, { type: 'server', message: field.message }, { shouldFocus: true });
        else form.serverError(error);
      },
    );
  });

  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h3 id={headingId} className="text-lg font-semibold">
        Add another card for the deposit
      </h3>
      {hold.declined && (
        <p>
          <span className="font-medium">Why it could not be held:</span> {hold.declined}
        </p>
      )}
      {hold.cardNeededBy && (
        <p>
          <span className="font-medium">Add a card by:</span> {londonDeadline(hold.cardNeededBy)} (London time), or the booking will be
          cancelled.
        </p>
      )}
      <form noValidate onSubmit={submit} aria-label="Card for the deposit" className="space-y-4 rounded-md bg-white p-4 text-slate-900">
        <div role="status">{give.isPending && <p className="rounded-md bg-slate-100 p-3 font-medium">Holding the deposit...</p>}</div>
        {form.failure && (
          <FormAlert>
            <p className="font-semibold">{form.failure}</p>
            {form.watch('number') === '' && (
              <p className="mt-1">For your security, please enter the card number and security code again.</p>
            )}
          </FormAlert>
        )}
        <fieldset disabled={give.isPending} className="space-y-4">
          <legend className="sr-only">Card details</legend>
          <CardFields form={form} />
          <p className="text-sm text-slate-700">
            The {amount} is held on this card, not charged, and kept by our payment processor for this booking&apos;s deposit.
          </p>
          <button type="submit" className={`w-full ${primaryButtonClass}`}>
            Hold the {amount} deposit on this card
          </button>
        </fieldset>
      </form>
    </section>
  );
}
