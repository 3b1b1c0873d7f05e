import { MAX_BUFFER_DAYS } from '@toolshed/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, inputClass } from '../../../ui/form-parts.tsx';
import type { ItemFieldsProps } from './item-fields.tsx';

const BUFFER_CHOICES = Array.from({ length: MAX_BUFFER_DAYS + 1 }, (_, i) => i);

/** How the item is booked: instant or on request, the days kept free around rentals, a weekly price. */
export function CalendarFields({ form }: ItemFieldsProps) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold text-slate-900">Booking and calendar</legend>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">How renters book it</legend>
        <div className="mt-2 space-y-2">
          <Choice
            id={form.id('bookingMode')}
            value="instant"
            registration={form.register('bookingMode')}
            label="Instant booking"
            hint="Renters book and pay at checkout."
          />
          <Choice
            id={`${form.id('bookingMode')}-request`}
            value="request"
            registration={form.register('bookingMode')}
            label="Request to book"
            hint="You accept or decline each request within 24 hours; the card is charged only when you accept."
          />
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={form.id('weeklyRate')}
          label="Weekly price (£, optional)"
          problem={form.problem('weeklyRate')}
          hint="Charged per full week; the other days at the daily rate."
        >
          <input type="number" min={0} step={0.01} inputMode="decimal" className={inputClass} {...form.field('weeklyRate')} />
        </FormField>
        <FormField
          id={form.id('bufferDays')}
          label="Buffer days"
          problem={form.problem('bufferDays')}
          hint="Days kept free before and after each rental."
        >
          <select className={inputClass} {...form.field('bufferDays')}>
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
  value,
  registration,
  label,
  hint,
}: {
  id: string;
  value: string;
  registration: UseFormRegisterReturn;
  label: string;
  hint: string;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="radio"
        value={value}
        {...registration}
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
