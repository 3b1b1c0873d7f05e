import { expect, type Locator } from '@playwright/test';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function parts(iso: string): { year: number; month: number; day: number } {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

function monthTitle(iso: string): string {
  const { year, month } = parts(iso);
  return `${MONTHS[month - 1]} ${year}`;
}

/**
 * react-day-picker names each day button like 'Monday, 23 November 2026', with 'Today, ' before
 * and ', selected' or ', booked' after when they apply. Match the date part only.
 */
export function dayButtonName(iso: string): RegExp {
  const { year, month, day } = parts(iso);
  return new RegExp(`(^|\\s)${day} ${MONTHS[month - 1]} ${year}(,|$)`);
}

function monthIndex(title: string): number {
  const [name, year] = title.split(' ');
  return Number(year) * 12 + MONTHS.indexOf(name ?? '');
}

/** The month grid the calendar shows; its accessible name is the month title. */
async function shownMonth(scope: Locator): Promise<string> {
  return (await scope.getByRole('grid').first().getAttribute('aria-label')) ?? '';
}

/** Moves the calendar in `scope` to the month of `iso` with its previous/next month buttons. */
export async function showMonthOf(scope: Locator, iso: string): Promise<void> {
  const target = monthTitle(iso);
  for (let step = 0; step < 36; step++) {
    const current = await shownMonth(scope);
    if (current === target) return;
    const forward = monthIndex(current) < monthIndex(target);
    await scope.getByRole('button', { name: forward ? /next month/i : /previous month/i }).click();
    await expect(scope.getByRole('grid').first(), `the calendar to leave ${current}`).not.toHaveAttribute('aria-label', current);
  }
  throw new Error(`The calendar never showed ${target}`);
}

/** Clicks the day button of `iso`, moving to its month first. */
export async function clickDay(scope: Locator, iso: string): Promise<void> {
  await showMonthOf(scope, iso);
  await scope.getByRole('button', { name: dayButtonName(iso) }).click();
}
