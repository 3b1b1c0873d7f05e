import { dateSpan, distanceLabel } from '@toolshed/core';
import type { WantedPost } from '@toolshed/core/contract';

/** 'Near LS6, within 5 miles · 5-7 December': where and when, never more exact than the district. */
export function wantedWhereWhen(post: Pick<WantedPost, 'placeLabel' | 'radiusMiles' | 'startDate' | 'endDate'>): string {
  return `Near ${post.placeLabel}, within ${post.radiusMiles} ${post.radiusMiles === 1 ? 'mile' : 'miles'} · ${dateSpan(post.startDate, post.endDate)}`;
}

export const STATUS_WORDS: Record<WantedPost['status'], string> = {
  open: 'Open',
  closed: 'Closed',
  expired: 'Ended: its dates have passed',
};

export const awayWords = (miles: number | null | undefined) => (miles === null || miles === undefined ? null : distanceLabel(miles));
