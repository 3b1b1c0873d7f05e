import { describe, expect, it } from 'vitest';
import { beforeDeadline, LATE } from './deadline.ts';

const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('beforeDeadline', () => {
  it('gives the work its value when it settles in time', async () => {
    await expect(beforeDeadline(after(5, 'done'), 200)).resolves.toBe('done');
  });
  it('says LATE when the work takes longer', async () => {
    await expect(beforeDeadline(after(200, 'done'), 10)).resolves.toBe(LATE);
  });
  it('passes on a failure that comes in time', async () => {
    await expect(beforeDeadline(Promise.reject(new Error('boom')), 200)).rejects.toThrow('boom');
  });
});
