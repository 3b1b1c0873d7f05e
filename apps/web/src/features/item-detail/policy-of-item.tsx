import { CANCELLATION_POLICY_RULES, type CancellationPolicy } from '@toolshed/core';
import { CancellationPolicyNote } from '../../ui/cancellation-policy-note.tsx';

/** The item's cancellation policy: in one line until a start date is picked, then step by step with its times. */
export function PolicyOfItem({ policy, startDate }: { policy: CancellationPolicy; startDate: string | undefined }) {
  if (startDate) return <CancellationPolicyNote policy={policy} startDate={startDate} />;
  const rule = CANCELLATION_POLICY_RULES[policy];
  return (
    <p className="text-sm text-slate-700">
      <span className="font-medium text-slate-900">{rule.label} cancellation policy:</span> {rule.summary}
    </p>
  );
}
