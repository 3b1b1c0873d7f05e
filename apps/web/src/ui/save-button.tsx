import { saveButtonLabel } from '@toolshed/core';

export interface SaveButtonProps {
  itemName: string;
  saved: boolean;
  onToggle(): void;
  /** Where it sits: over a card's photo (above the card's stretched link), or beside a heading. */
  placement?: 'card' | 'inline';
}

const PLACEMENT = {
  card: 'absolute top-2 right-2 z-10 bg-white/95 shadow-sm',
  inline: 'shrink-0 border border-slate-300 bg-white',
} as const;

/** The heart: a toggle button named for what pressing it does ("Save Cordless drill" / "Remove Cordless drill from saved"). */
export function SaveButton({ itemName, saved, onToggle, placement = 'card' }: SaveButtonProps) {
  const label = saveButtonLabel(itemName, saved);
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={label}
      title={label}
      onClick={onToggle}
      className={`flex h-10 w-10 items-center justify-center rounded-full hover:bg-rose-50 focus-visible:ring-3 focus-visible:ring-emerald-700 focus-visible:outline-none ${PLACEMENT[placement]}`}
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
        <path
          d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 7.9 3.6 4.5 7.1 4.5c2 0 3.4 1.1 4.9 2.9 1.5-1.8 2.9-2.9 4.9-2.9 3.5 0 5.7 3.4 4.4 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
          className={saved ? 'fill-rose-600 stroke-rose-700' : 'fill-white/70 stroke-slate-800'}
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
