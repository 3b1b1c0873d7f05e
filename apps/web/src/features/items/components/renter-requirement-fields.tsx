import { MAX_MIN_COMPLETED_RENTALS } from '@toolshed/core';
import { fieldA11y, FormField, inputClass } from '../../../ui/form-parts.tsx';
import type { FieldErrors, ItemField, ItemFormValues } from '../item-form-values.ts';
import { fieldId } from './item-fields.tsx';

interface Props {
  values: ItemFormValues;
  errors: FieldErrors;
  onChange<F extends ItemField>(field: F, value: ItemFormValues[F]): void;
}

/** What the owner asks of renters before they can book: a verified phone number, and rentals completed. */
export function RenterRequirementFields({ values, errors, onChange }: Props) {
  const phone = fieldId('requireVerifiedPhone');
  const rentals = fieldId('minCompletedRentals');
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold text-slate-900">Who can rent it</legend>
      <div className="flex items-start gap-3">
        <input
          id={phone}
          name="requireVerifiedPhone"
          type="checkbox"
          checked={values.requireVerifiedPhone}
          onChange={(e) => onChange('requireVerifiedPhone', e.target.checked)}
          aria-describedby={`${phone}-hint`}
          className="mt-1 h-5 w-5 accent-emerald-700"
        />
        <div>
          <label htmlFor={phone} className="font-medium text-slate-900">
            Require a verified phone number
          </label>
          <p id={`${phone}-hint`} className="text-sm text-slate-600">
            Renters verify theirs in their profile with a code by text message.
          </p>
        </div>
      </div>
      <div className="sm:w-1/2">
        <FormField
          id={rentals}
          label="Minimum completed rentals"
          problem={errors.minCompletedRentals}
          hint={`Rentals a renter has borrowed and returned, 0 to ${MAX_MIN_COMPLETED_RENTALS}. 0: anyone can book.`}
        >
          <input
            id={rentals}
            name="minCompletedRentals"
            type="number"
            min={0}
            max={MAX_MIN_COMPLETED_RENTALS}
            step={1}
            inputMode="numeric"
            value={values.minCompletedRentals}
            onChange={(e) => onChange('minCompletedRentals', e.target.value)}
            className={inputClass}
            {...fieldA11y(rentals, errors.minCompletedRentals, true)}
          />
        </FormField>
      </div>
    </fieldset>
  );
}
