/**
 * The sample catalogue: seeded into an empty database, and served read-only by the web app in
 * Mock Data mode. Keys are stable and double as ids in Mock Data mode.
 */
export type { SampleItem, SampleRental, SampleReview, SampleUser } from './types.ts';
export { SAMPLE_ITEMS } from './items.ts';
export { SAMPLE_USERS } from './users.ts';
export { SAMPLE_REVIEWS } from './reviews.ts';
export { SAMPLE_RENTALS } from './rentals.ts';
export { OWNER_HOMES } from './homes.ts';
export { sampleItem, sampleOwnerRating, sampleRentalRange, sampleUser, type SampleOwnerRating } from './lookups.ts';
export { SAMPLE_IMAGE_COUNT, sampleImageAlt, sampleImageDataUrl, sampleImageSvg } from './sample-images.ts';
export { mockCategories, mockItemDetail, mockItemsPage, mockMapPoints, mockSuggestions } from './mock-browse.ts';
export { mockOwnerItems, mockOwnerProfile } from './mock-owners.ts';
export { mockMyWantedPosts, mockSavedItems, mockSavedSearches, mockWantedPost, mockWantedPosts } from './mock-account.ts';
