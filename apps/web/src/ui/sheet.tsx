import { useEffect, useRef, type ReactNode } from 'react';

interface SheetProps {
  /** Id of the heading that names the sheet. */
  labelledBy: string;
  open: boolean;
  onClose(): void;
  children: ReactNode;
}

/**
 * A panel that slides up from the bottom of a phone screen: a native modal <dialog>, so the page
 * behind is inert and focus stays inside; Escape and a tap on the backdrop close it, and focus goes
 * back to whatever opened it.
 */
export function Sheet({ labelledBy, open, onClose, children }: SheetProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    // Focus the sheet itself: its heading is read first, then Tab reaches the fields.
    dialog.focus();
    return () => {
      if (dialog.open) dialog.close();
      else dialog.removeAttribute('open');
      document.body.style.overflow = previousOverflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      tabIndex={-1}
      onKeyDown={(event) => {
        // Handled here rather than left to the browser, so the owner's state decides what is open.
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        event.preventDefault();
        onClose();
      }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="fixed inset-x-0 top-auto bottom-0 m-0 max-h-[85dvh] w-full max-w-none overflow-y-auto overscroll-contain rounded-t-2xl bg-white p-0 text-slate-900 shadow-2xl outline-none backdrop:bg-slate-950/50"
    >
      {children}
    </dialog>
  );
}
