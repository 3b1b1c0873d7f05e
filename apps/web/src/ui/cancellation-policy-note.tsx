import { policyHeading, refundScheduleLines, type CancellationPolicy } from '@toolshed/core';

interface Props {
  policy: CancellationPolicy;
  startDate: string;
  /** Steps over by then are left out (a rental page); absent: every step (before booking). */
  now?: Date;
  className?: string;
}

/**
 * A booking's cancellation policy step by step, each with the exact London time it ends, as the popup,
 * the wheelbarrow, checkout, the receipt and the rental show it (core `refundScheduleLines`).
 */
export function CancellationPolicyNote({ policy, startDate, now, className = '' }: Props) {
  const lines = refundScheduleLines(policy, startDate, now);
  return (
    <div className={`text-sm text-slate-700 ${className}`}>
      <p className="font-medium text-slate-900">{policyHeading(policy)}</p>
      <ul className="mt-0.5 list-disc pl-5">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
