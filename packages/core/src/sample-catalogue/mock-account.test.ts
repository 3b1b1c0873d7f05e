import { describe, expect, it } from 'vitest';
import { savedItemSchema } from '../contract/saved-items.ts';
import { savedSearchSchema } from '../contract/saved-searches.ts';
import { wantedPostSchema } from '../contract/wanted.ts';
import { compareDates } from '../dates.ts';
import { mockMyWantedPosts, mockSavedItems, mockSavedSearches, mockWantedPost, mockWantedPosts } from './mock-account.ts';

const today = '2030-03-10';

describe("Mock Data's sample account screens", () => {
  it('are shaped exactly like the API answers', () => {
    for (const post of [...mockWantedPosts(today), ...mockMyWantedPosts(today)])
      expect(wantedPostSchema.strict().parse(post)).toEqual(post);
    for (const item of mockSavedItems(today)) expect(savedItemSchema.strict().parse(item)).toEqual(item);
    for (const search of mockSavedSearches(today)) expect(savedSearchSchema.strict().parse(search)).toEqual(search);
  });

  it('ask for dates ahead of today, name a district and never an address, and belong to nobody signed in', () => {
    for (const post of mockWantedPosts(today)) {
      expect(compareDates(post.startDate, today)).toBeGreaterThan(0);
      expect(compareDates(post.endDate, post.startDate)).toBeGreaterThanOrEqual(0);
      expect(post.placeLabel).toMatch(/^[A-Z]{1,2}\d[A-Z\d]?$/);
      expect(post.mine).toBe(false);
    }
  });

  it("shows the own posts' screen an open post with offers and one that ended, each marked as the visitor's", () => {
    const own = mockMyWantedPosts(today);
    expect(own.map((p) => [p.status, p.offerCount, p.mine])).toEqual([
      ['open', 2, true],
      ['expired', 0, true],
    ]);
    expect(compareDates(own[0]!.startDate, today)).toBeGreaterThan(0);
    expect(compareDates(own[1]!.endDate, today)).toBeLessThan(0);
    for (const post of own) expect(compareDates(post.createdAt.slice(0, 10), post.startDate)).toBeLessThan(0);
  });

  it('finds a sample post by its id, and nothing for another', () => {
    expect(mockWantedPost('sample-wanted-2', today)?.title).toBe('Gazebo for a garden party');
    expect(mockWantedPost('sample-my-wanted-1', today)?.mine).toBe(true);
    expect(mockWantedPost('wanted-1', today)).toBeNull();
  });
});
