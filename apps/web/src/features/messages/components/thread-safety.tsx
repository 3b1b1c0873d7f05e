import type { ReactNode } from 'react';
import type { Message } from '@toolshed/core/contract';
import { errorMessage } from '../../../lib/api-error.ts';
import { useIsBlocked, useReport, useSafetyActions, useSetBlocked } from '../../../data/safety.ts';
import { BlockButton } from '../../../ui/block-button.tsx';
import { ReportButton } from '../../../ui/report-button.tsx';

/** Above a conversation: block or unblock the other person. */
export function ThreadBlock({ other }: { other: { id: string; name: string } }) {
  const { offered } = useSafetyActions(other.id);
  const blockState = useIsBlocked(other.id, offered);
  const setBlocked = useSetBlocked();
  if (!offered) return null;
  return (
    <BlockButton
      memberName={other.name}
      blocked={blockState.data?.blocked ?? false}
      describeError={errorMessage}
      onChange={(next) => setBlocked.mutateAsync({ memberId: other.id, blocked: next })}
      className="self-start text-sm font-medium text-slate-700 underline underline-offset-4 hover:text-slate-950"
    />
  );
}

/** Under each message the other person sent: 'Report'. */
export function useMessageReports(): (message: Message, otherName: string) => ReactNode {
  const report = useReport();
  return (message, otherName) => (
    <ReportButton
      label="Report"
      subject={`a message from ${otherName}`}
      describeError={errorMessage}
      onReport={async (reason, details) => (await report.mutateAsync({ kind: 'message', id: message.id, reason, details })).message}
      className="text-xs text-slate-600 underline underline-offset-2 hover:text-slate-900"
    />
  );
}
