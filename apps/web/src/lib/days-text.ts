/** '1 day', '3 days': a rental's length as every screen words it. */
export function daysText(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}
