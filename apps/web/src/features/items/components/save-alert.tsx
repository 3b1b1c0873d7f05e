import type { Ref } from 'react';
import type { SaveOutcome } from '../use-save-item.ts';

interface Props {
  ref: Ref<HTMLDivElement>;
  outcome: SaveOutcome;
  onRetry(): void;
  onFinish(): void;
  busy: boolean;
}

const buttonClass = 'rounded-md border px-3 py-1.5 font-medium disabled:opacity-60';

/**
 * What happened to a save, announced and focused. A failed save is an error (red); a saved item
 * whose photos did not all arrive is not: it says so plainly, names each photo with its reason,
 * and offers to try again or to finish without them.
 */
export function SaveAlert({ ref, outcome, onRetry, onFinish, busy }: Props) {
  if (outcome.kind === 'idle') return null;
  if (outcome.kind === 'failed') {
    return (
      <div
        ref={ref}
        tabIndex={-1}
        role="alert"
        className="space-y-2 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900 outline-none focus-visible:ring-2 focus-visible:ring-red-700"
      >
        <p className="font-semibold">{outcome.lead}</p>
        <p>{outcome.detail}</p>
      </div>
    );
  }
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 outline-none focus-visible:ring-2 focus-visible:ring-amber-700"
    >
      <p className="font-semibold">Your item is saved.</p>
      <p>{outcome.detail}</p>
      {outcome.failures.length > 0 && (
        <ul className="list-disc space-y-1 pl-5">
          {outcome.failures.map((f) => (
            <li key={f.key}>
              <span className="font-medium break-all">{f.name}</span>: {f.problem}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2 pt-1">
        {outcome.failures.length > 0 && (
          <button
            type="button"
            onClick={onRetry}
            disabled={busy}
            className={`${buttonClass} border-amber-700 bg-amber-700 text-white hover:bg-amber-800`}
          >
            Try again
          </button>
        )}
        <button
          type="button"
          onClick={onFinish}
          disabled={busy}
          className={`${buttonClass} border-amber-400 bg-white text-amber-950 hover:bg-amber-100`}
        >
          Finish without them
        </button>
      </div>
    </div>
  );
}
