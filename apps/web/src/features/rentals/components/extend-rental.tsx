import { addDays, cardProblems, daysInclusive, formatDate, formatLinePrice, formatPence, isIsoDate, todayInLondon } from '@toolshed/core';
import type { RentalView } from '@toolshed/core/contract';
import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { Link } from '../../../lib/router/index.ts';
import { useToast } from '../../../lib/toast.tsx';
import { EMPTY_CARD, refusedCardField, type CardValues } from '../../../ui/card-fields.tsx';
import { FormAlert, FormField, inputClass, linkClass, primaryButtonClass } from '../../../ui/form-parts.tsx';
import { useCheckedForm, type CheckedForm, type FieldProblems } from '../../../ui/use-checked-form.ts';
import { useAnswerExtension, useExtendRental, useExtensionQuote, useWithdrawExtension, type ExtensionQuote } from '../api/extension.ts';

/**
 * The renter asks for more days on an upcoming or active rental: a new end date, its price from the
 * server (the shared pricing function), and card or balance; the owner of a request item answers.
 */
export function ExtendRental({ rental }: { rental: RentalView }) {
  if (rental.role === 'owner') return rental.pendingExtension ? <AnswerExtension rental={rental} /> : null;
  if (rental.status !== 'upcoming' && rental.status !== 'active') return null;
  if (rental.pendingExtension) return <PendingExtension rental={rental} />;
  return <ExtendForm rental={rental} />;
}

/** The renter's extension waiting for the owner, holding the extra days: they may withdraw it. */
function PendingExtension({ rental }: { rental: RentalView }) {
  const withdraw = useWithdrawExtension(rental);
  const toast = useToast();
  const pending = rental.pendingExtension!;
  return (
    <div className="flex flex-col gap-2 rounded-md bg-violet-50 px-3 py-2 text-violet-950">
      <p>
        You asked to keep it until {formatDate(pending.endDate)}; the owner has not answered yet. The extra days are kept for you meanwhile.
      </p>
      {withdraw.isError && <FormAlert>{errorMessage(withdraw.error)}</FormAlert>}
      <button
        type="button"
        disabled={withdraw.isPending}
        onClick={() => withdraw.mutate(undefined, { onSuccess: () => toast.show('Extension withdrawn: nothing was charged') })}
        className="self-start rounded-md border border-red-700 bg-white px-4 py-2 font-medium text-red-800 hover:bg-red-50 disabled:opacity-60"
      >
        {withdraw.isPending ? 'Withdrawing...' : 'Withdraw extension'}
      </button>
    </div>
  );
}

interface ExtendValues extends CardValues {
  endDate: string;
  payWith: 'card' | 'balance';
}

const CARD_INPUTS = [
  ['number', 'Card number', 'cc-number'],
  ['expiry', 'Expiry (MM/YY)', 'cc-exp'],
  ['cvv', 'Security code', 'cc-csc'],
  ['name', 'Name on card', 'cc-name'],
] as const;

/** The extension's form: the new end date, the server's price for it, and how it is paid. */
function useExtendForm(rental: RentalView) {
  const [open, setOpen] = useState(false);
  const form = useCheckedForm<ExtendValues>({
    defaultValues: { endDate: addDays(rental.endDate, 1), payWith: 'card', ...EMPTY_CARD },
    check: ({ endDate, payWith, ...card }): FieldProblems<ExtendValues> => ({
      endDate: isIsoDate(endDate) ? undefined : 'Please choose the new end date.',
      // The rule of this render (react-hook-form takes each render's): the card only while its fields are drawn.
      ...(payWith === 'card' && cardShown ? cardProblems(card, todayInLondon()) : {}),
    }),
    idPrefix: useId(),
    hinted: ['endDate'],
  });
  const endDate = form.watch('endDate');
  const payWith = form.watch('payWith');
  const chosen = isIsoDate(endDate) ? endDate : null;
  const quote = useExtensionQuote(rental.id, open ? chosen : null);
  const extend = useExtendRental(rental);
  const toast = useToast();
  const answer = quote.data?.endDate === chosen ? quote.data : undefined;
  const price = answer?.price ?? null;
  // The card's fields are drawn (and checked) for a price above nothing paid by card.
  const cardShown: boolean = payWith === 'card' && (price?.totalPence ?? 0) > 0;
  const titleId = `${form.id('endDate')}-title`;

  const submit = form.submit(({ endDate, payWith, number, expiry, cvv, name }) => {
    if (!price || endDate !== chosen) return;
    return extend.mutateAsync({ endDate, payWith, ...(payWith === 'card' ? { card: { number, expiry, cvv, name } } : {}) }).then(
      ({ status }) => {
        setOpen(false);
        toast.show(status === 'pending' ? 'Extension asked: the owner will answer' : `Extended until ${formatDate(endDate)}`);
      },
      (error: unknown) => {
        const field = refusedCardField(error);
        if (field) form.setError(field.name, { type: 'server', message: field.message }, { shouldFocus: true });
        else form.serverError(error, ['endDate']);
      },
    );
  });

  return { open, setOpen, form, quote, extend, answer, price, cardShown, titleId, submit };
}

/** Card or balance, and the card's fields while they are needed. */
function Payment({ form, cardShown }: { form: CheckedForm<ExtendValues>; cardShown: boolean }) {
  return (
    <>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Pay with</legend>
        <div className="mt-1 flex gap-6">
          {(['card', 'balance'] as const).map((m) => (
            <label key={m} className="flex items-center gap-2">
              <input type="radio" value={m} {...form.register('payWith')} className="h-4 w-4 accent-emerald-700" />
              {m === 'card' ? 'Card' : 'Toolshed balance'}
            </label>
          ))}
        </div>
      </fieldset>
      {cardShown && (
        <div className="grid gap-3 sm:grid-cols-2">
          {CARD_INPUTS.map(([field, label, autoComplete]) => (
            <FormField key={field} id={form.id(field)} label={label} problem={form.problem(field)}>
              <input autoComplete={autoComplete} className={inputClass} {...form.field(field)} />
            </FormField>
          ))}
        </div>
      )}
    </>
  );
}

function ExtendForm({ rental }: { rental: RentalView }) {
  const { open, setOpen, form, quote, extend, answer, price, cardShown, titleId, submit } = useExtendForm(rental);
  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="self-start rounded-md border border-emerald-700 px-4 py-2 font-medium text-emerald-900 hover:bg-emerald-50"
      >
        Extend rental
      </button>
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby={titleId} className="flex flex-col gap-3 rounded-lg border border-slate-300 p-4">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        Extend your rental
      </h2>
      <FormField
        id={form.id('endDate')}
        label="New end date"
        problem={form.problem('endDate')}
        hint={`It ends on ${formatDate(rental.endDate)} now.`}
      >
        <input type="date" min={addDays(rental.endDate, 1)} className={inputClass} {...form.field('endDate')} />
      </FormField>
      <QuoteText
        rental={rental}
        quote={answer}
        loading={quote.isFetching && !answer}
        failed={quote.isError ? errorMessage(quote.error) : null}
      />
      {price && (
        <>
          <Payment form={form} cardShown={cardShown} />
          {form.failure && <FormAlert>{form.failure}</FormAlert>}
          <button type="submit" disabled={extend.isPending} className={`${primaryButtonClass} self-start`}>
            {extend.isPending
              ? 'Extending...'
              : answer?.needsOwner
                ? 'Ask the owner'
                : price.totalPence > 0
                  ? `Pay ${formatPence(price.totalPence)} and extend`
                  : 'Extend'}
          </button>
        </>
      )}
      <button type="button" onClick={() => setOpen(false)} className={`${linkClass} self-start`}>
        Keep the current dates
      </button>
    </form>
  );
}

function QuoteText({
  rental,
  quote,
  loading,
  failed,
}: {
  rental: RentalView;
  quote: ExtensionQuote | undefined;
  loading: boolean;
  failed: string | null;
}) {
  return (
    <div aria-live="polite" className="text-slate-800">
      {failed ? (
        <FormAlert>{failed}</FormAlert>
      ) : loading || !quote ? (
        <p>Checking those days...</p>
      ) : quote.problem ? (
        <div className="flex flex-col gap-2">
          <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
            {quote.problem}
          </p>
          {quote.suggestions.length > 0 && (
            <>
              <p>Similar items nearby, free on those days:</p>
              <ul className="list-disc pl-6">
                {quote.suggestions.map((s) => (
                  <li key={s.id}>
                    <Link to={`/category/all/item/${encodeURIComponent(s.id)}`} className={linkClass}>
                      {s.name}
                    </Link>{' '}
                    {formatPence(s.dailyRatePence)} per day{s.city ? `, ${s.city}` : ''}
                    {s.distanceMiles !== null ? ` (${s.distanceMiles} miles away)` : ''}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : quote.price ? (
        <div className="flex flex-col gap-1">
          <p>
            {`${formatDate(rental.startDate)} to ${formatDate(quote.endDate)}: ${formatLinePrice(rental.dailyRatePence, daysInclusive(rental.startDate, quote.endDate), rental.weeklyRatePence)}`}
          </p>
          <p>
            {quote.price.totalPence >= 0
              ? `The extra days cost ${formatPence(quote.price.totalPence)} (${formatPence(quote.price.linePence)} and ${formatPence(quote.price.feePence)} service fee).`
              : `With the weekly price the longer rental costs less: ${formatPence(-quote.price.totalPence)} goes back to your balance.`}
            {quote.needsOwner ? ' The owner accepts extensions of this item first; you pay once they accept.' : ''}
          </p>
        </div>
      ) : null}
    </div>
  );
}

function AnswerExtension({ rental }: { rental: RentalView }) {
  const answer = useAnswerExtension(rental);
  const toast = useToast();
  const [reason, setReason] = useState('');
  const id = useId();
  const pending = rental.pendingExtension!;
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-violet-300 bg-violet-50 p-4">
      <p className="text-violet-950">
        {rental.renter.name} asks to keep it until {formatDate(pending.endDate)} ({formatPence(pending.totalPence)}).
      </p>
      <label htmlFor={`${id}-reason`} className="text-sm font-medium text-slate-900">
        Reason, if you decline (sent to the renter)
      </label>
      <textarea id={`${id}-reason`} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} className={inputClass} />
      {answer.isError && <FormAlert>{errorMessage(answer.error)}</FormAlert>}
      <div className="flex gap-3">
        <button
          type="button"
          disabled={answer.isPending}
          className={primaryButtonClass}
          onClick={() => answer.mutate({ accept: true }, { onSuccess: () => toast.show('Extension accepted') })}
        >
          Accept extension
        </button>
        <button
          type="button"
          disabled={answer.isPending}
          className="rounded-md border border-red-700 px-4 py-2 font-medium text-red-800 hover:bg-red-50"
          onClick={() => answer.mutate({ accept: false, reason }, { onSuccess: () => toast.show('Extension declined') })}
        >
          Decline extension
        </button>
      </div>
    </div>
  );
}
