import { useEffect, useRef, type ComponentPropsWithoutRef, type RefObject } from 'react';

type DialogAttributes = Omit<ComponentPropsWithoutRef<'dialog'>, 'open' | 'onKeyDown' | 'onCancel' | 'onClick' | 'onPointerDown'>;

export interface ModalDialogProps extends DialogAttributes {
  /** Asked to close: Escape, the browser's own close request (a phone's back gesture) and, if allowed, the backdrop. */
  onClose(): void;
  /** Focused on opening; without it the dialog itself takes focus, so its name is read first. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where focus goes on closing when the control that opened the dialog is gone (a deleted item's button). */
  fallbackFocusId?: string;
  /** The page behind does not scroll while the dialog is open. */
  lockScroll?: boolean;
  /** A click on the backdrop closes it; only one that also started there, so selecting text and releasing outside does not. */
  closeOnBackdrop?: boolean;
  /** Opened over another dialog: Escape closes this one only, the one underneath never sees the key. */
  nested?: boolean;
}

/**
 * Every modal of the app: a native <dialog> opened with showModal(), so focus stays inside and the page
 * behind is inert. Mounted only while open. Focus goes in on opening and back to the control that
 * opened it on closing. The dialog never closes itself: Escape and close requests are cancelled and
 * `onClose` asked instead, so the owner's state decides what is open (and nothing closes mid-request).
 */
export function ModalDialog({
  onClose,
  initialFocus,
  fallbackFocusId,
  lockScroll = false,
  closeOnBackdrop = false,
  nested = false,
  children,
  ...attributes
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const pressedOnBackdrop = useRef(false);
  // What the dialog was opened with; read once, when it opens.
  const opening = useRef({ initialFocus, fallbackFocusId, lockScroll });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const { initialFocus: focusFirst, fallbackFocusId: fallback, lockScroll: lock } = opening.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const previousOverflow = document.body.style.overflow;
    if (lock) document.body.style.overflow = 'hidden';
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    if (focusFirst) focusFirst.current?.focus();
    else dialog.focus();
    return () => {
      if (dialog.open) dialog.close();
      else dialog.removeAttribute('open');
      if (lock) document.body.style.overflow = previousOverflow;
      if (opener?.isConnected) opener.focus();
      else if (fallback) document.getElementById(fallback)?.focus();
    };
  }, []);

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape from anywhere inside closes the dialog, and so does a click on its backdrop (keyboard users have Escape)
    <dialog
      ref={ref}
      tabIndex={initialFocus ? undefined : -1}
      {...attributes}
      onKeyDown={(event) => {
        // Cancelling the key stops the browser closing the dialog itself; the owner closes it instead.
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        event.preventDefault();
        if (nested) event.stopPropagation();
        onClose();
      }}
      onCancel={(event) => {
        event.preventDefault();
        if (nested) event.stopPropagation();
        onClose();
      }}
      onPointerDown={(event) => {
        pressedOnBackdrop.current = closeOnBackdrop && event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget && pressedOnBackdrop.current) onClose();
        pressedOnBackdrop.current = false;
      }}
    >
      {children}
    </dialog>
  );
}
