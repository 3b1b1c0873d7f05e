import { formatPence } from '@toolshed/core';
import type { SavedSearch } from '@toolshed/core/contract';

const miles = (n: number) => `${n} ${n === 1 ? 'mile' : 'miles'}`;

/**
 * What a saved search looks for, in words, one phrase per part: '“ladder”', 'in DIY & Hand Tools',
 * 'up to £8.00 a day', 'owners rated 4+ stars', 'within 5 miles of LS6 2AB'.
 */
export function searchSummary(s: SavedSearch): string[] {
  const parts = [s.search ? `“${s.search}”` : 'Anything', s.categoryName ? `in ${s.categoryName}` : 'in every category'];
  if (s.maxPricePence !== null) parts.push(`up to ${formatPence(s.maxPricePence)} a day`);
  if (s.minRating !== null) parts.push(s.minRating >= 5 ? 'owners rated 5 stars' : `owners rated ${s.minRating}+ stars`);
  const place = s.placeLabel ?? s.near;
  if (place) parts.push(s.radiusMiles === null ? `near ${place}` : `within ${miles(s.radiusMiles)} of ${place}`);
  return parts;
}

/** 'Paused', or for a daily search how many new matches wait for the morning's email (an instant one sends each at once). */
export function searchState(s: SavedSearch): string {
  if (s.paused) return 'Paused: no alerts are sent';
  if (s.newMatches > 0) return `${s.newMatches} new ${s.newMatches === 1 ? 'match' : 'matches'} waiting for the morning's email`;
  return s.frequency === 'daily' ? 'No new matches since the last email' : 'Alerts are on';
}
