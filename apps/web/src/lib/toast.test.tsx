import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from './toast.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function AddButton() {
  const toast = useToast();
  return <button onClick={() => toast.show('Added to your wheelbarrow')}>Add</button>;
}

describe('toast', () => {
  it('announces a message in a polite status region that exists before the message, then clears it', async () => {
    // Time also runs on its own: React Testing Library waits a real tick after each user-event action.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <ToastProvider>
        <AddButton />
      </ToastProvider>,
    );
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');

    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(region.textContent).toBe('Added to your wheelbarrow');
    act(() => {
      vi.advanceTimersByTime(6_000);
    });
    expect(region.textContent).toBe('');
  });
});
