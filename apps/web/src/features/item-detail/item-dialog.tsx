import { useEffect, useRef, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';

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
  const ref = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const pressedOnBackdrop = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    closeButton.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      document.body.style.overflow = previousOverflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    // Cancelling the key stops the browser closing the dialog itself; the route closes it instead.
    event.preventDefault();
    onClose();
  }

  function onCancel(event: SyntheticEvent<HTMLDialogElement>) {
    // Other close requests (e.g. a phone's back gesture) arrive as 'cancel' without a key press.
    event.preventDefault();
    onClose();
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
      // A click counts as on the backdrop only if it also started there, so selecting text and
      // releasing outside the panel does not close the popup.
      onPointerDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && pressedOnBackdrop.current) onClose();
        pressedOnBackdrop.current = false;
      }}
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
    </dialog>
  );
}
