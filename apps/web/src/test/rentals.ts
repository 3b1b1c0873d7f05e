import type { RentalView } from '@toolshed/core/contract';
import { testUser } from './fake-server.ts';
import { mower } from './wheelbarrow.ts';

/** A rental of the test mower by the test user, as the API shows it. */
export function rental(overrides: Partial<RentalView> = {}): RentalView {
  return {
    id: 'rental-1',
    item: { id: mower.itemId, name: mower.name, imageUrl: null },
    owner: { id: 'owner-1', name: 'Sam Okafor' },
    renter: { id: testUser.id, name: testUser.name },
    startDate: mower.startDate,
    endDate: mower.endDate,
    days: 3,
    dailyRatePence: 1250,
    weeklyRatePence: null,
    totalPence: 3750,
    status: 'upcoming',
    overdue: false,
    orderId: 'order-1',
    orderReference: 'TS-7K3Q-92',
    createdAt: '2030-05-01T10:00:00.000Z',
    role: 'renter',
    actions: [],
    paidPence: 4125,
    cancellationPolicy: 'flexible',
    requestAccepted: false,
    cancellation: null,
    pickup: { address: '4 Orchard Way', city: 'Leeds', postcode: 'LS6 2AB' },
    contact: { name: 'Sam Okafor', email: 'sam@example.com', phone: null },
    myReview: null,
    theirReview: null,
    theirReviewHidden: false,
    reviewsVisibleFrom: null,
    ...overrides,
  };
}
