import { describe, expect, it } from 'vitest';
import { createSemaphore } from './semaphore.ts';

describe('the image processing semaphore', () => {
  it('runs at most `limit` tasks at once and refuses beyond the waiting room', async () => {
    const slots = createSemaphore(2, 3);
    let running = 0;
    let peak = 0;
    const gates: Array<() => void> = [];
    const task = () =>
      slots.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => gates.push(resolve));
        running -= 1;
      });
    const accepted = Array.from({ length: 5 }, task);
    await expect(task()).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(slots.load).toEqual({ running: 2, waiting: 3 });
    while (gates.length > 0 || slots.load.running > 0) {
      gates.shift()?.();
      await new Promise((r) => setTimeout(r, 1));
    }
    await Promise.all(accepted);
    expect(peak).toBe(2);
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when a task fails', async () => {
    const slots = createSemaphore(1, 0);
    await expect(slots.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(slots.run(async () => 'ok')).resolves.toBe('ok');
  });
});
