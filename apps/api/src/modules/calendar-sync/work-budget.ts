/** Thrown by WorkBudget.spend once a calendar has used up its budget. */
export class WorkBudgetExceeded extends Error {}

/**
 * The work reading one calendar may take, in steps: each occurrence produced and each month walked
 * to count the occurrences a COUNT had before the window. Counted, not timed, so a calendar is read
 * or refused the same way on any machine.
 */
export class WorkBudget {
  used = 0;
  readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  spend(steps = 1): void {
    this.used += steps;
    if (this.used > this.limit) throw new WorkBudgetExceeded(`more than ${this.limit} steps`);
  }
}
