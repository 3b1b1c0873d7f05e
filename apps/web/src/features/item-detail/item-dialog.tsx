import { useRef, type ReactNode } from 'react';
import { ModalDialog } from '../../ui/modal-dialog.tsx';

export interface ItemDialogProps {
  /** Id of the heading that names the dialog. */
  labelledBy: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The popup's modal frame: a native <dialog> opened with showModal(), so focus stays inside and
 * the page behind is inert. Escape, the Close button and a click on the backdrop all ask the owner
 * to close (the route decides whether the popup stays mounted). Focus goes back to whatever opened
 * the popup, and the page behind does not scroll while it is open.
 */
export function ItemDialog({ labelledBy, onClose, children }: ItemDialogProps) {
  const closeButton = useRef<HTMLButtonElement>(null);

  return (
    <ModalDialog
      aria-labelledby={labelledBy}
      onClose={onClose}
      initialFocus={closeButton}
      lockScroll
      closeOnBackdrop
      className="m-0 h-dvh max-h-none w-full max-w-none overflow-y-auto overscroll-contain bg-white p-0 text-slate-900 backdrop:bg-slate-950/60 md:m-auto md:h-auto md:max-h-[calc(100dvh-3rem)] md:w-[min(72rem,calc(100vw-3rem))] md:rounded-xl md:shadow-2xl"
    >
      <div className="sticky top-0 z-10 flex justify-end border-b border-slate-200 bg-white/95 px-4 py-2">
        <button
          ref={closeButton}
          type="button"
          onClick={() => onClose()}
          className="rounded-md border border-slate-400 bg-white px-4 py-1.5 font-medium text-slate-900 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
        >
          Close
        </button>
      </div>
      <div className="px-4 pb-6 pt-4 md:px-8 md:pb-8">{children}</div>
    </ModalDialog>
  );
}
