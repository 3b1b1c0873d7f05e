import { CANCELLATION_POLICIES, CANCELLATION_POLICY_RULES } from '@toolshed/core';
import { Choice } from './calendar-fields.tsx';
import type { ItemFieldsProps } from './item-fields.tsx';

/** The owner's cancellation policy: each one explained, as renters will read it before booking. */
export function CancellationPolicyFields({ form }: ItemFieldsProps) {
  const id = form.id('cancellationPolicy');
  const problem = form.problem('cancellationPolicy');
  return (
    <fieldset className="space-y-2" aria-describedby={`${id}-intro`}>
      <legend className="text-lg font-semibold text-slate-900">Cancellation policy</legend>
      <p id={`${id}-intro`} className="text-sm text-slate-600">
        What a renter gets back if they cancel. If you cancel a booking, the renter always gets everything back, and it shows on your track
        record. Bookings keep the policy they were made under.
      </p>
      {CANCELLATION_POLICIES.map((policy, i) => (
        <Choice
          key={policy}
          id={i === 0 ? id : `${id}-${policy}`}
          value={policy}
          registration={form.register('cancellationPolicy')}
          label={CANCELLATION_POLICY_RULES[policy].label}
          hint={CANCELLATION_POLICY_RULES[policy].summary}
        />
      ))}
      {problem && (
        <p id={`${id}-error`} className="text-sm text-red-700" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
