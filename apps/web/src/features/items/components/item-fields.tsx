import { CATEGORIES } from '@toolshed/core';
import type { InputHTMLAttributes } from 'react';
import { LOCATION_FIELDS_MESSAGE } from '@toolshed/core/contract';
import { FormField, inputClass } from '../../../ui/form-parts.tsx';
import type { CheckedForm } from '../../../ui/use-checked-form.ts';
import type { ItemField, ItemFormValues } from '../item-form-values.ts';

/** The fields' form: one `useCheckedForm` over the item's values, its ids `item-${field}`. */
export interface ItemFieldsProps {
  form: CheckedForm<ItemFormValues>;
}

type TextField = Exclude<ItemField, 'available' | 'requireVerifiedPhone' | 'bookingMode' | 'cancellationPolicy'>;

/** One text-like input with its label and message; `extra` sets the input type and limits. */
function Text({
  form,
  field,
  label,
  hint,
  extra,
}: ItemFieldsProps & { field: TextField; label: string; hint?: string; extra?: InputHTMLAttributes<HTMLInputElement> }) {
  return (
    <FormField id={form.id(field)} label={label} problem={form.problem(field)} hint={hint}>
      <input className={inputClass} {...extra} {...form.field(field)} />
    </FormField>
  );
}

/** Name, description, rate, category and rental lengths. */
export function DetailFields({ form }: ItemFieldsProps) {
  const minDays = form.watch('minDays');
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold text-slate-900">Item details</legend>
      <Text form={form} field="name" label="Name" extra={{ type: 'text', maxLength: 100, autoComplete: 'off' }} />
      <FormField id={form.id('description')} label="Description" problem={form.problem('description')}>
        <textarea rows={5} maxLength={2000} className={inputClass} {...form.field('description')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <Text form={form} field="dailyRate" label="Daily rate (£)" extra={{ type: 'number', min: 0, step: 0.01, inputMode: 'decimal' }} />
        <Text
          form={form}
          field="deposit"
          label="Refundable deposit (£)"
          hint="Held on the renter's card, not charged; £0 for none, at most £1,000"
          extra={{ type: 'number', min: 0, max: 1000, step: 0.01, inputMode: 'decimal' }}
        />
        <FormField id={form.id('categoryId')} label="Category" problem={form.problem('categoryId')}>
          <select className={inputClass} {...form.field('categoryId')}>
            <option value="">Choose a category</option>
            {CATEGORIES.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </FormField>
        <Text form={form} field="minDays" label="Minimum days" extra={{ type: 'number', min: 1, step: 1, inputMode: 'numeric' }} />
        <Text
          form={form}
          field="maxDays"
          label="Maximum days"
          extra={{ type: 'number', min: Math.max(1, Number(minDays) || 1), step: 1, inputMode: 'numeric' }}
        />
      </div>
    </fieldset>
  );
}

/** City or postcode: a text input whose `mark` (set while the shared location rule fails) goes after the form's own attributes. */
function AddressPart({
  form,
  field,
  label,
  maxLength,
  autoComplete,
  mark,
}: ItemFieldsProps & {
  field: 'city' | 'postcode';
  label: string;
  maxLength: number;
  autoComplete: string;
  mark: InputHTMLAttributes<HTMLInputElement>;
}) {
  return (
    <FormField id={form.id(field)} label={label} problem={form.problem(field)}>
      <input type="text" maxLength={maxLength} autoComplete={autoComplete} className={inputClass} {...form.field(field)} {...mark} />
    </FormField>
  );
}

/**
 * Address, city and postcode. The shared rule 'fill in all three' is reported on the address; the
 * empty ones among city and postcode are marked invalid and point at that message too.
 */
export function LocationFields({ form }: ItemFieldsProps) {
  const locationRule = form.problem('address') === LOCATION_FIELDS_MESSAGE;
  const [city, postcode] = form.watch(['city', 'postcode']);
  const typed = { city, postcode };
  const blankMark = (field: 'city' | 'postcode') =>
    locationRule && !typed[field].trim() && !form.problem(field)
      ? ({ 'aria-invalid': true, 'aria-describedby': `${form.id('address')}-error` } as const)
      : {};
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold text-slate-900">Location</legend>
      <p className="text-sm text-slate-600">Renters see the city and an approximate map; the address helps them find you once booked.</p>
      <Text form={form} field="address" label="Address" extra={{ type: 'text', maxLength: 200, autoComplete: 'street-address' }} />
      <div className="grid gap-4 sm:grid-cols-2">
        <AddressPart form={form} field="city" label="City" maxLength={100} autoComplete="address-level2" mark={blankMark('city')} />
        <AddressPart form={form} field="postcode" label="Postcode" maxLength={10} autoComplete="postal-code" mark={blankMark('postcode')} />
      </div>
    </fieldset>
  );
}

export function AvailableField({ form }: ItemFieldsProps) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={form.id('available')}
        type="checkbox"
        {...form.register('available')}
        aria-describedby={`${form.id('available')}-hint`}
        className="mt-1 h-5 w-5 accent-emerald-700"
      />
      <div>
        <label htmlFor={form.id('available')} className="font-medium text-slate-900">
          Available for rent
        </label>
        <p id={`${form.id('available')}-hint`} className="text-sm text-slate-600">
          When unticked the item stays in My Items but renters cannot find or book it.
        </p>
      </div>
    </div>
  );
}
