import { AppError } from '@toolshed/core';

/**
 * At most `limit` tasks at once; up to `maxWaiting` more wait their turn, anything beyond is refused
 * at once (503) rather than queued without bound. Decoding a photo takes a core and tens of MB, so a
 * burst of uploads must queue, not run side by side.
 */
export function createSemaphore(limit: number, maxWaiting: number) {
  let running = 0;
  const waiting: Array<() => void> = [];

  async function acquire(): Promise<void> {
    if (running < limit) {
      running += 1;
      return;
    }
    if (waiting.length >= maxWaiting)
      throw new AppError('UNAVAILABLE', 'We are processing many photos right now. Please try again in a moment.');
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    /** For tests and metrics: tasks running and waiting now. */
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}
