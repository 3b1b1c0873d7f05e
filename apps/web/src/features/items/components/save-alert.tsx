import type { Ref } from 'react';
import type { SaveOutcome } from '../use-save-item.ts';

interface Props {
  ref: Ref<HTMLDivElement>;
  outcome: SaveOutcome;
  onFinish(): void;
  busy: boolean;
}

/** What went wrong with a save, announced and focused; after a photo failure, a way to finish. */
export function SaveAlert({ ref, outcome, onFinish, busy }: Props) {
  if (outcome.kind === 'idle') return null;
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="space-y-2 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900 outline-none focus-visible:ring-2 focus-visible:ring-red-700">
      {outcome.kind === 'failed' ? (
        <>
          <p className="font-semibold">{outcome.lead}</p>
          <p>{outcome.detail}</p>
        </>
      ) : (
        <>
          <p className="font-semibold">Your item is saved.</p>
          <p>{outcome.detail}</p>
          <button type="button" onClick={onFinish} disabled={busy}
            className="rounded-md border border-red-300 bg-white px-3 py-1.5 font-medium text-red-900 hover:bg-red-100 disabled:opacity-60">
            Finish without them
          </button>
        </>
      )}
    </div>
  );
}
