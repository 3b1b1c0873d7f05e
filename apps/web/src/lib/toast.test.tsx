import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
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
  it('announces a message in a polite status region that exists before the message, then clears it', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <AddButton />
      </ToastProvider>,
    );
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(region.textContent).toBe('Added to your wheelbarrow');
    act(() => vi.advanceTimersByTime(6_000));
    expect(region.textContent).toBe('');
  });
});
