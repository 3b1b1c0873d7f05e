import type { CheckedLine } from '../../../data/checked-lines.ts';
import { WheelbarrowLineRow } from './wheelbarrow-line-row.tsx';

/** The open bar's line list: its own chunk, as most pages never open it. */
export default function WheelbarrowDetails({ lines }: { lines: CheckedLine[] }) {
  return (
    <ul className="mx-auto max-w-7xl divide-y divide-slate-200 px-4 sm:px-6">
      {lines.map((line) => (
        <WheelbarrowLineRow key={line.itemId} line={line} />
      ))}
    </ul>
  );
}
