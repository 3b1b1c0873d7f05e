const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'Europe/London' });

/** 'Member since March 2026', in London time like every date of the product. */
export function memberSince(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? 'Member' : `Member since ${monthYear.format(date)}`;
}
