import type { ReactNode } from 'react';
import { ModalDialog } from './modal-dialog.tsx';

interface SheetProps {
  /** Id of the heading that names the sheet. */
  labelledBy: string;
  open: boolean;
  onClose(): void;
  children: ReactNode;
}

/**
 * A panel that slides up from the bottom of a phone screen: a modal dialog (ModalDialog), so the page
 * behind is inert and focus stays inside; Escape and a tap on the backdrop close it, and focus goes
 * back to whatever opened it. The sheet itself takes focus: its heading is read first, then Tab
 * reaches the fields.
 */
export function Sheet({ labelledBy, open, onClose, children }: SheetProps) {
  if (!open) return null;
  return (
    <ModalDialog
      aria-labelledby={labelledBy}
      onClose={onClose}
      lockScroll
      closeOnBackdrop
      className="fixed inset-x-0 top-auto bottom-0 m-0 max-h-[85dvh] w-full max-w-none overflow-y-auto overscroll-contain rounded-t-2xl bg-white p-0 text-slate-900 shadow-2xl outline-none backdrop:bg-slate-950/50"
    >
      {children}
    </ModalDialog>
  );
}
