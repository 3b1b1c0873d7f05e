import { CATEGORIES } from '@toolshed/core';
import type { InputHTMLAttributes } from 'react';
import { LOCATION_FIELDS_MESSAGE } from '@toolshed/core/contract';
import { fieldA11y, FormField, inputClass } from '../../../ui/form-parts.tsx';
import type { FieldErrors, ItemField, ItemFormValues } from '../item-form-values.ts';

export const fieldId = (field: ItemField) => `item-${field}`;

interface Props {
  values: ItemFormValues;
  errors: FieldErrors;
  onChange<F extends ItemField>(field: F, value: ItemFormValues[F]): void;
}

type TextField = Exclude<ItemField, 'available' | 'requireVerifiedPhone'>;

/** One text-like input with its label and message; `extra` sets the input type and limits. */
function Text({
  field,
  label,
  hint,
  extra,
  ...props
}: Props & { field: TextField; label: string; hint?: string; extra?: InputHTMLAttributes<HTMLInputElement> }) {
  const id = fieldId(field);
  const problem = props.errors[field];
  return (
    <FormField id={id} label={label} problem={problem} hint={hint}>
      <input
        id={id}
        name={field}
        value={props.values[field]}
        onChange={(e) => props.onChange(field, e.target.value)}
        className={inputClass}
        {...extra}
        {...fieldA11y(id, problem, Boolean(hint))}
      />
    </FormField>
  );
}

/** Name, description, rate, category and rental lengths. */
export function DetailFields(props: Props) {
  const { values, errors, onChange } = props;
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold text-slate-900">Item details</legend>
      <Text {...props} field="name" label="Name" extra={{ type: 'text', maxLength: 100, autoComplete: 'off' }} />
      <FormField id={fieldId('description')} label="Description" problem={errors.description}>
        <textarea
          id={fieldId('description')}
          name="description"
          rows={5}
          maxLength={2000}
          value={values.description}
          onChange={(e) => onChange('description', e.target.value)}
          className={inputClass}
          {...fieldA11y(fieldId('description'), errors.description)}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <Text {...props} field="dailyRate" label="Daily rate (£)" extra={{ type: 'number', min: 0, step: 0.01, inputMode: 'decimal' }} />
        <Text
          {...props}
          field="deposit"
          label="Refundable deposit (£)"
          hint="Held on the renter's card, not charged; £0 for none, at most £1,000"
          extra={{ type: 'number', min: 0, max: 1000, step: 0.01, inputMode: 'decimal' }}
        />
        <FormField id={fieldId('categoryId')} label="Category" problem={errors.categoryId}>
          <select
            id={fieldId('categoryId')}
            name="categoryId"
            value={values.categoryId}
            onChange={(e) => onChange('categoryId', e.target.value)}
            className={inputClass}
            {...fieldA11y(fieldId('categoryId'), errors.categoryId)}
          >
            <option value="">Choose a category</option>
            {CATEGORIES.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </FormField>
        <Text {...props} field="minDays" label="Minimum days" extra={{ type: 'number', min: 1, step: 1, inputMode: 'numeric' }} />
        <Text
          {...props}
          field="maxDays"
          label="Maximum days"
          extra={{ type: 'number', min: Math.max(1, Number(values.minDays) || 1), step: 1, inputMode: 'numeric' }}
        />
      </div>
    </fieldset>
  );
}

/**
 * Address, city and postcode. The shared rule 'fill in all three' is reported on the address; the
 * empty ones among city and postcode are marked invalid and point at that message too.
 */
export function LocationFields(props: Props) {
  const locationRule = props.errors.address === LOCATION_FIELDS_MESSAGE;
  const blankMark = (field: 'city' | 'postcode') =>
    locationRule && !props.values[field].trim() && !props.errors[field]
      ? ({ 'aria-invalid': true, 'aria-describedby': `${fieldId('address')}-error` } as const)
      : {};
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold text-slate-900">Location</legend>
      <p className="text-sm text-slate-600">Renters see the city and an approximate map; the address helps them find you once booked.</p>
      <Text {...props} field="address" label="Address" extra={{ type: 'text', maxLength: 200, autoComplete: 'street-address' }} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Text
          {...props}
          field="city"
          label="City"
          extra={{ type: 'text', maxLength: 100, autoComplete: 'address-level2', ...blankMark('city') }}
        />
        <Text
          {...props}
          field="postcode"
          label="Postcode"
          extra={{ type: 'text', maxLength: 10, autoComplete: 'postal-code', ...blankMark('postcode') }}
        />
      </div>
    </fieldset>
  );
}

export function AvailableField({ values, onChange }: Props) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={fieldId('available')}
        type="checkbox"
        checked={values.available}
        onChange={(e) => onChange('available', e.target.checked)}
        aria-describedby={`${fieldId('available')}-hint`}
        className="mt-1 h-5 w-5 accent-emerald-700"
      />
      <div>
        <label htmlFor={fieldId('available')} className="font-medium text-slate-900">
          Available for rent
        </label>
        <p id={`${fieldId('available')}-hint`} className="text-sm text-slate-600">
          When unticked the item stays in My Items but renters cannot find or book it.
        </p>
      </div>
    </div>
  );
}
