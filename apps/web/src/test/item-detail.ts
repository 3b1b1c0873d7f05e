import type { ItemDetail } from '@toolshed/core/contract';

/** A complete item for component tests; override only what a test is about. */
export function testItem(overrides: Partial<ItemDetail> = {}): ItemDetail {
  return {
    id: 'item-1',
    name: 'Cordless Hedge Trimmer',
    description: 'Light trimmer with two batteries.',
    categoryId: 'garden-tools',
    categoryName: 'Garden Tools',
    dailyRatePence: 1250,
    minDays: 2,
    maxDays: 5,
    available: true,
    location: { address: '12 Elm Road', city: 'Leeds', postcode: 'LS6 2AB', latitude: 53.81, longitude: -1.57, approximate: false },
    owner: { id: 'owner-7', name: 'Priya Shah', picture: null, rating: 4.5, totalRatings: 12 },
    images: [
      { url: '/img/1.webp', thumbUrl: '/img/1-thumb.webp', alt: 'Hedge trimmer on a bench' },
      { url: '/img/2.webp', thumbUrl: '/img/2-thumb.webp', alt: 'Hedge trimmer battery' },
      { url: '/img/3.webp', thumbUrl: '/img/3-thumb.webp', alt: 'Hedge trimmer in use' },
    ],
    bookedRanges: [],
    ...overrides,
  };
}
