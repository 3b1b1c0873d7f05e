import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ItemDialog } from './item-dialog.tsx';

afterEach(cleanup);

function renderDialog() {
  const onClose = vi.fn();
  const opener = document.createElement('button');
  opener.textContent = 'Open';
  document.body.append(opener);
  opener.focus();
  const result = render(
    <ItemDialog labelledBy="title" onClose={onClose}>
      <h2 id="title">Cordless Hedge Trimmer</h2>
      <p>Details</p>
    </ItemDialog>,
  );
  return { onClose, opener, ...result };
}

describe('ItemDialog', () => {
  it('is a modal dialog named by the item heading, with focus inside', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Cordless Hedge Trimmer' });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('asks to close on Escape', async () => {
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks to close from the Close button', async () => {
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks to close on a click on the backdrop, not on the content', async () => {
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    const dialog = screen.getByRole('dialog');
    await user.click(screen.getByText('Details'));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('locks page scrolling while open and returns focus to the opener when gone', () => {
    const { opener, unmount } = renderDialog();
    expect(document.body.style.overflow).toBe('hidden');
    unmount();
    expect(document.body.style.overflow).toBe('');
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});
