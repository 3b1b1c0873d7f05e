// eslint-disable-next-line no-restricted-imports -- a close request ('cancel') comes from the browser, not from a key or pointer user-event can press
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalDialog, type ModalDialogProps } from './modal-dialog.tsx';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

function opener() {
  const button = document.createElement('button');
  button.textContent = 'Open';
  document.body.append(button);
  button.focus();
  return button;
}

function WithFirstField(props: Partial<ModalDialogProps>) {
  const field = useRef<HTMLInputElement>(null);
  return (
    <ModalDialog aria-label="Rename" onClose={() => undefined} initialFocus={field} {...props}>
      <input ref={field} aria-label="Name" />
    </ModalDialog>
  );
}

describe('ModalDialog', () => {
  it('opens modal and takes focus itself, or gives it to the element asked for', () => {
    const { unmount } = render(
      <ModalDialog aria-label="Filters" onClose={() => undefined}>
        <p>Fields</p>
      </ModalDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveFocus();
    unmount();

    render(<WithFirstField />);
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it('gives focus back to the opener when it closes, or to the fallback when the opener is gone', () => {
    const button = opener();
    const first = render(<WithFirstField />);
    first.unmount();
    expect(button).toHaveFocus();

    const main = document.createElement('main');
    main.id = 'main-content';
    main.tabIndex = -1;
    document.body.append(main);
    opener().focus();
    const second = render(<WithFirstField fallbackFocusId="main-content" />);
    document.body.querySelectorAll('body > button').forEach((b) => b.remove());
    second.unmount();
    expect(main).toHaveFocus();
  });

  it('asks to close on Escape and on a close request, and never closes itself', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<WithFirstField onClose={onClose} />);
    const dialog = screen.getByRole('dialog');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.keyboard('{Escape}');
    // The browser's close request (a back gesture, say): no key or pointer user-event can press sends it.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(dialog).toHaveAttribute('open');
  });

  it('keeps Escape from the dialog underneath when nested', async () => {
    const user = userEvent.setup();
    const outer = vi.fn();
    const inner = vi.fn();
    render(
      <ModalDialog aria-label="Item" onClose={outer}>
        <ModalDialog aria-label="Zoom" onClose={inner} nested>
          <p>Photo</p>
        </ModalDialog>
      </ModalDialog>,
    );
    await user.click(screen.getByText('Photo'));
    expect(screen.getByRole('dialog', { name: 'Zoom' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });

  it('locks page scrolling while open, when asked', () => {
    const { unmount } = render(<WithFirstField lockScroll />);
    expect(document.body.style.overflow).toBe('hidden');
    unmount();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on the backdrop only when asked and only for a press that started there', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { rerender } = render(<WithFirstField onClose={onClose} />);
    const dialog = screen.getByRole('dialog');
    await user.click(dialog);
    expect(onClose).not.toHaveBeenCalled();

    rerender(<WithFirstField onClose={onClose} closeOnBackdrop />);
    // Pressed in the field, released on the backdrop: the click lands on the dialog.
    await user.pointer([{ keys: '[MouseLeft>]', target: screen.getByLabelText('Name') }, { target: dialog }, { keys: '[/MouseLeft]' }]);
    expect(onClose).not.toHaveBeenCalled();
    await user.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
