import { cardBrand, cardDigits, type CardField } from '@toolshed/core';
import { ApiError } from '../lib/api-error.ts';
import { fieldA11y, FormField, inputClass } from './form-parts.tsx';
import type { CheckedForm, FieldProps } from './use-checked-form.ts';
import { brandName, formatCardNumber, formatExpiry } from '../lib/card-format.ts';

export const CARD_FIELDS: readonly CardField[] = ['number', 'expiry', 'cvv', 'name'];
export type CardValues = Record<CardField, string>;
export const EMPTY_CARD: CardValues = { number: '', expiry: '', cvv: '', name: '' };

/** The card's field a server's refusal names (it says `card.number`), with its words; null for any other refusal. */
export function refusedCardField(error: unknown): { name: CardField; message: string } | null {
  const field = error instanceof ApiError && error.status === 400 && error.field?.startsWith('card.') ? error.field.slice(5) : null;
  const name = CARD_FIELDS.find((f) => f === field);
  return name ? { name, message: (error as ApiError).message } : null;
}

/** The input's registration with what is typed reformatted first (`4242424242424242` -> `4242 4242 4242 4242`). */
function formatted(props: FieldProps<CardValues>, format: (typed: string) => string): FieldProps<CardValues> {
  return {
    ...props,
    onChange: (event: { target: HTMLInputElement; type?: unknown }) => {
      event.target.value = format(event.target.value);
      return props.onChange(event);
    },
  };
}

const digitsOnly = (typed: string) => typed.replace(/\D/g, '');

/**
 * The card's four fields (number, expiry, security code, name) of a form on the one pattern, formatted
 * as typed, each with its problem beside it. The form around them clears the number and code once sent.
 */
export function CardFields({ form, labels = {} }: { form: CheckedForm<CardValues>; labels?: Partial<Record<CardField, string>> }) {
  const brand = brandName(cardBrand(cardDigits(form.watch('number'))));
  const id = (field: CardField) => form.id(field);
  return (
    <>
      <FormField
        id={id('number')}
        label={labels.number ?? 'Card number'}
        problem={form.problem('number')}
        hint={brand ? `Card type: ${brand}` : undefined}
      >
        <input
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
          className={inputClass}
          {...formatted(form.field('number'), formatCardNumber)}
          {...fieldA11y(id('number'), form.problem('number'), Boolean(brand))}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField id={id('expiry')} label={labels.expiry ?? 'Expiry date (MM/YY)'} problem={form.problem('expiry')}>
          <input
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp"
            maxLength={5}
            placeholder="MM/YY"
            className={inputClass}
            {...formatted(form.field('expiry'), formatExpiry)}
          />
        </FormField>
        <FormField id={id('cvv')} label={labels.cvv ?? 'Security code (CVV)'} problem={form.problem('cvv')}>
          <input
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            className={inputClass}
            {...formatted(form.field('cvv'), digitsOnly)}
          />
        </FormField>
      </div>
      <FormField id={id('name')} label={labels.name ?? 'Name on card'} problem={form.problem('name')}>
        <input type="text" autoComplete="cc-name" maxLength={100} className={inputClass} {...form.field('name')} />
      </FormField>
    </>
  );
}
