import { cardBrand, cardDigits, type CardField } from '@toolshed/core';
import { fieldA11y, FormField, inputClass } from './form-parts.tsx';
import { brandName, formatCardNumber, formatExpiry } from '../lib/card-format.ts';

export const CARD_FIELDS: readonly CardField[] = ['number', 'expiry', 'cvv', 'name'];
export type CardProblems = Partial<Record<CardField, string>>;
export type CardValues = Record<CardField, string>;

/**
 * The card's four fields (number, expiry, security code, name), formatted as typed, each with its
 * problem beside it. The form around them owns the values and clears the number and code once sent.
 */
export function CardFields({
  values,
  problems,
  onChange,
}: {
  values: CardValues;
  problems: CardProblems;
  onChange: (field: CardField, value: string) => void;
}) {
  const brand = brandName(cardBrand(cardDigits(values.number)));
  return (
    <>
      <FormField id="card-number" label="Card number" problem={problems.number} hint={brand ? `Card type: ${brand}` : undefined}>
        <input
          id="card-number"
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
          value={values.number}
          onChange={(e) => onChange('number', formatCardNumber(e.target.value))}
          className={inputClass}
          {...fieldA11y('card-number', problems.number, Boolean(brand))}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField id="card-expiry" label="Expiry date (MM/YY)" problem={problems.expiry}>
          <input
            id="card-expiry"
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp"
            maxLength={5}
            placeholder="MM/YY"
            value={values.expiry}
            onChange={(e) => onChange('expiry', formatExpiry(e.target.value))}
            className={inputClass}
            {...fieldA11y('card-expiry', problems.expiry)}
          />
        </FormField>
        <FormField id="card-cvv" label="Security code (CVV)" problem={problems.cvv}>
          <input
            id="card-cvv"
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            value={values.cvv}
            onChange={(e) => onChange('cvv', e.target.value.replace(/\D/g, ''))}
            className={inputClass}
            {...fieldA11y('card-cvv', problems.cvv)}
          />
        </FormField>
      </div>
      <FormField id="card-name" label="Name on card" problem={problems.name}>
        <input
          id="card-name"
          type="text"
          autoComplete="cc-name"
          maxLength={100}
          value={values.name}
          onChange={(e) => onChange('name', e.target.value)}
          className={inputClass}
          {...fieldA11y('card-name', problems.name)}
        />
      </FormField>
    </>
  );
}
