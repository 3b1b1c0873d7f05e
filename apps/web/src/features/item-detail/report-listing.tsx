import { errorMessage } from '../../lib/api-error.ts';
import { useReport, useSafetyActions } from '../../data/safety.ts';
import { ReportButton } from '../../ui/report-button.tsx';

/** 'Report this listing', for a signed-in member who does not own it. */
export function ReportListing({ item }: { item: { id: string; name: string; owner: { id: string } } }) {
  const { offered } = useSafetyActions(item.owner.id);
  const report = useReport();
  if (!offered) return null;
  return (
    <ReportButton
      label="Report this listing"
      subject={item.name}
      describeError={errorMessage}
      onReport={async (reason, details) => (await report.mutateAsync({ kind: 'item', id: item.id, reason, details })).message}
      className="self-start text-sm font-medium text-slate-700 underline underline-offset-4 hover:text-slate-950"
    />
  );
}
