/** What `beforeDeadline` resolves to when the work took too long. */
export const LATE: unique symbol = Symbol('late');

/**
 * `work`'s outcome (its value, or its rejection) if it settles within `ms`, else `LATE`. The work is
 * not cancelled, only no longer waited for; the timer never outlives the race.
 */
export function beforeDeadline<T>(work: Promise<T>, ms: number): Promise<T | typeof LATE> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof LATE>((resolve) => {
    timer = setTimeout(() => resolve(LATE), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
