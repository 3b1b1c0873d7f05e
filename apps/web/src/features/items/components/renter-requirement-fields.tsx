import { MAX_MIN_COMPLETED_RENTALS } from '@toolshed/core';
import { FormField, inputClass } from '../../../ui/form-parts.tsx';
import type { ItemFieldsProps } from './item-fields.tsx';

/** What the owner asks of renters before they can book: a verified phone number, and rentals completed. */
export function RenterRequirementFields({ form }: ItemFieldsProps) {
  const phone = form.id('requireVerifiedPhone');
  const rentals = form.id('minCompletedRentals');
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold text-slate-900">Who can rent it</legend>
      <div className="flex items-start gap-3">
        <input
          id={phone}
          type="checkbox"
          {...form.register('requireVerifiedPhone')}
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
          problem={form.problem('minCompletedRentals')}
          hint={`Rentals a renter has borrowed and returned, 0 to ${MAX_MIN_COMPLETED_RENTALS}. 0: anyone can book.`}
        >
          <input
            type="number"
            min={0}
            max={MAX_MIN_COMPLETED_RENTALS}
            step={1}
            inputMode="numeric"
            className={inputClass}
            {...form.field('minCompletedRentals')}
          />
        </FormField>
      </div>
    </fieldset>
  );
}
