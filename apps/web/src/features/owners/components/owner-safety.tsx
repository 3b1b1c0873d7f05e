import { errorMessage } from '../../../lib/api-error.ts';
import { useIsBlocked, useReport, useSafetyActions, useSetBlocked } from '../../../data/safety.ts';
import { BlockButton } from '../../../ui/block-button.tsx';
import { ReportButton } from '../../../ui/report-button.tsx';

/** A member's page, to another signed-in member: report them, block or unblock them. */
export function OwnerSafety({ owner }: { owner: { id: string; name: string } }) {
  const { offered } = useSafetyActions(owner.id);
  const blockState = useIsBlocked(owner.id, offered);
  const report = useReport();
  const setBlocked = useSetBlocked();
  if (!offered) return null;
  const blocked = blockState.data?.blocked ?? false;
  return (
    <div className="flex flex-wrap items-center gap-4">
      {blocked && <p className="text-sm text-slate-700">{`You blocked ${owner.name}. Their listings are hidden from you.`}</p>}
      <BlockButton
        memberName={owner.name}
        blocked={blocked}
        describeError={errorMessage}
        onChange={(next) => setBlocked.mutateAsync({ memberId: owner.id, blocked: next })}
      />
      <ReportButton
        label={`Report ${owner.name}`}
        subject={owner.name}
        describeError={errorMessage}
        onReport={async (reason, details) => (await report.mutateAsync({ kind: 'member', id: owner.id, reason, details })).message}
      />
    </div>
  );
}
