import { useId, useRef, type ReactNode } from 'react';
import { ModalDialog } from './modal-dialog.tsx';

interface Props {
  /** The question, e.g. 'Delete Hedge Trimmer?'; it names the dialog. */
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Why the last attempt failed, announced inside the dialog. */
  error?: string;
  onConfirm(): void;
  onCancel(): void;
  /** Red for what cannot be undone (delete), green otherwise. */
  tone?: 'danger' | 'primary';
}

/**
 * A modal confirmation on the native <dialog> (focus stays inside, the page behind is inert).
 * Mounted only while open. Focus starts on Cancel, the harmless choice, and goes back to the
 * control that opened it, or to the page's main area when that control is gone (a deleted item).
 */
export function ConfirmDialog({ title, children, confirmLabel, busyLabel, busy, error, onConfirm, onCancel, tone = 'danger' }: Props) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const headingId = useId();

  return (
    <ModalDialog
      aria-labelledby={headingId}
      initialFocus={cancelRef}
      fallbackFocusId="main-content"
      // Escape leaves the choice to the parent, and nothing closes mid-request.
      onClose={() => {
        if (!busy) onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl bg-white p-6 text-slate-900 shadow-2xl backdrop:bg-slate-950/60"
    >
      <h2 id={headingId} className="text-xl font-bold">
        {title}
      </h2>
      {children && <div className="mt-2 text-slate-700">{children}</div>}
      {error && (
        <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      )}
      <div className="mt-6 flex justify-end gap-3">
        <button
          ref={cancelRef}
          type="button"
          onClick={onCancel}
          disabled={busy}
          className="rounded-md border border-slate-400 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60"
        >
          Cancel
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={busy}
          className={`rounded-md px-4 py-2 font-semibold text-white disabled:cursor-wait disabled:opacity-60 ${
            tone === 'danger' ? 'bg-red-700 hover:bg-red-800' : 'bg-emerald-700 hover:bg-emerald-800'
          }`}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
