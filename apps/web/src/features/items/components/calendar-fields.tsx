import { MAX_BUFFER_DAYS } from '@toolshed/core';
import { fieldA11y, FormField, inputClass } from '../../../ui/form-parts.tsx';
import type { FieldErrors, ItemField, ItemFormValues } from '../item-form-values.ts';
import { fieldId } from './item-fields.tsx';

interface Props {
  values: ItemFormValues;
  errors: FieldErrors;
  onChange<F extends ItemField>(field: F, value: ItemFormValues[F]): void;
}

const BUFFER_CHOICES = Array.from({ length: MAX_BUFFER_DAYS + 1 }, (_, i) => i);

/** How the item is booked: instant or on request, the days kept free around rentals, a weekly price. */
export function CalendarFields({ values, errors, onChange }: Props) {
  const weekly = fieldId('weeklyRate');
  const buffer = fieldId('bufferDays');
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold text-slate-900">Booking and calendar</legend>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">How renters book it</legend>
        <div className="mt-2 space-y-2">
          <Choice
            id={fieldId('bookingMode')}
            checked={values.bookingMode === 'instant'}
            onSelect={() => onChange('bookingMode', 'instant')}
            label="Instant booking"
            hint="Renters book and pay at checkout."
          />
          <Choice
            id={`${fieldId('bookingMode')}-request`}
            checked={values.bookingMode === 'request'}
            onSelect={() => onChange('bookingMode', 'request')}
            label="Request to book"
            hint="You accept or decline each request within 24 hours; the card is charged only when you accept."
          />
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={weekly}
          label="Weekly price (£, optional)"
          problem={errors.weeklyRate}
          hint="Charged per full week; the other days at the daily rate."
        >
          <input
            id={weekly}
            name="weeklyRate"
            type="number"
            min={0}
            step={0.01}
            inputMode="decimal"
            value={values.weeklyRate}
            onChange={(e) => onChange('weeklyRate', e.target.value)}
            className={inputClass}
            {...fieldA11y(weekly, errors.weeklyRate, true)}
          />
        </FormField>
        <FormField id={buffer} label="Buffer days" problem={errors.bufferDays} hint="Days kept free before and after each rental.">
          <select
            id={buffer}
            name="bufferDays"
            value={values.bufferDays}
            onChange={(e) => onChange('bufferDays', e.target.value)}
            className={inputClass}
            {...fieldA11y(buffer, errors.bufferDays, true)}
          >
            {BUFFER_CHOICES.map((n) => (
              <option key={n} value={String(n)}>
                {n === 0 ? 'None' : n === 1 ? '1 day' : `${n} days`}
              </option>
            ))}
          </select>
        </FormField>
      </div>
    </fieldset>
  );
}

/** One radio of a group, its hint read with it. */
export function Choice({
  id,
  name = 'bookingMode',
  checked,
  onSelect,
  label,
  hint,
}: {
  id: string;
  name?: string;
  checked: boolean;
  onSelect: () => void;
  label: string;
  hint: string;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="radio"
        name={name}
        checked={checked}
        onChange={onSelect}
        aria-describedby={`${id}-hint`}
        className="mt-1 h-5 w-5 accent-emerald-700"
      />
      <div>
        <label htmlFor={id} className="font-medium text-slate-900">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      </div>
    </div>
  );
}
