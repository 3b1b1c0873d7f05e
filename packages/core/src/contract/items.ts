/**
 * The item form: one schema validates it in the browser (before sending) and on the server. Money is
 * pence here; the form shows pounds and converts with poundsToPence.
 */
import { z } from 'zod';
import { pageInfoShape } from './paging.ts';
import { CATEGORIES } from '../categories.ts';
import { ADDRESS_LIMITS, ADDRESS_MESSAGES } from '../address.ts';
import { isUkPostcode } from '../postcode.ts';
import { BOOKING_MODES, MAX_BUFFER_DAYS } from '../calendar-terms.ts';
import { DEPOSIT_MAX_PENCE } from '../deposits.ts';
import { MAX_MIN_COMPLETED_RENTALS } from '../renter-requirements.ts';
import { CANCELLATION_POLICIES, DEFAULT_CANCELLATION_POLICY } from '../cancellation-policy.ts';

export const LOCATION_FIELDS_MESSAGE = 'Please fill in all location fields (address, city, and postcode)';
export const MAX_ITEM_IMAGES = 8;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const categoryIds = CATEGORIES.map((c) => c.id) as [string, ...string[]];

export const itemInputSchema = z
  .object({
    name: z
      .string({ error: 'Please enter a name' })
      .trim()
      .min(1, 'Please enter a name')
      .max(100, 'The name can be at most 100 characters'),
    description: z
      .string({ error: 'Please enter a description' })
      .trim()
      .min(1, 'Please enter a description')
      .max(2000, 'The description can be at most 2000 characters'),
    dailyRatePence: z
      .number({ error: 'Please enter a daily rate' })
      .int('The daily rate can have at most two decimal places')
      .min(0, 'The daily rate cannot be negative')
      .max(10_000_000, 'The daily rate is too high'),
    depositPence: z
      .number({ error: 'Please enter a deposit, or 0 for none' })
      .int('The deposit can have at most two decimal places')
      .min(0, 'The deposit cannot be negative')
      .max(DEPOSIT_MAX_PENCE, 'The deposit can be at most £1,000')
      .default(0),
    categoryId: z.enum(categoryIds, { error: 'Please choose a category' }),
    minDays: z
      .number({ error: 'Please enter the minimum days' })
      .int('Use whole days')
      .min(1, 'Minimum days must be at least 1')
      .max(365, 'At most 365 days'),
    maxDays: z
      .number({ error: 'Please enter the maximum days' })
      .int('Use whole days')
      .min(1, 'Maximum days must be at least 1')
      .max(365, 'At most 365 days'),
    address: z.string().trim().max(ADDRESS_LIMITS.line, ADDRESS_MESSAGES.lineTooLong).default(''),
    city: z.string().trim().max(ADDRESS_LIMITS.city, ADDRESS_MESSAGES.cityTooLong).default(''),
    postcode: z.string().trim().max(10, ADDRESS_MESSAGES.postcode).default(''),
    available: z.boolean().default(true),
    /** Instant: booked and charged at checkout. Request: the owner accepts each booking first. */
    bookingMode: z.enum(BOOKING_MODES, { error: 'Please choose instant booking or request to book' }).default('instant'),
    /** What a renter's cancellation gets back, and until when (decision 037). */
    cancellationPolicy: z
      .enum(CANCELLATION_POLICIES, { error: 'Please choose a cancellation policy' })
      .default(DEFAULT_CANCELLATION_POLICY),
    /** Days kept free before and after each rental. */
    bufferDays: z
      .number({ error: 'Please enter the buffer days' })
      .int('Use whole days')
      .min(0, 'Buffer days cannot be negative')
      .max(MAX_BUFFER_DAYS, `At most ${MAX_BUFFER_DAYS} buffer days`)
      .default(0),
    /** The price of a full week of rental, if the owner sets one. */
    weeklyRatePence: z
      .number({ error: 'Please enter the weekly price in pounds, or leave it empty for none' })
      .int('The weekly price can have at most two decimal places')
      .min(0, 'The weekly price cannot be negative')
      .max(70_000_000, 'The weekly price is too high')
      .nullable()
      .default(null),
    /** The owner's requirements of renters: a verified phone; rentals completed as a renter. */
    requireVerifiedPhone: z.boolean({ error: 'Choose whether renters need a verified phone number' }).default(false),
    minCompletedRentals: z
      .number({ error: 'Please enter the minimum completed rentals, or 0 for none' })
      .int('Use a whole number of rentals')
      .min(0, 'The minimum completed rentals cannot be negative')
      .max(MAX_MIN_COMPLETED_RENTALS, `At most ${MAX_MIN_COMPLETED_RENTALS} completed rentals`)
      .default(0),
  })
  // `when`: these rules run even when other fields already failed, so an empty form lists every problem.
  .superRefine(
    (v, ctx) => {
      // Runs even when the body is not an object at all (null, a string): then there is nothing to add.
      if (typeof v !== 'object' || v === null) return;
      const text = (x: unknown) => (typeof x === 'string' ? x.trim() : '');
      const whole = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x);
      if (whole(v.minDays) && whole(v.maxDays) && v.maxDays < v.minDays) {
        ctx.addIssue({ code: 'custom', path: ['maxDays'], message: 'Maximum days must be at least the minimum days' });
      }
      const [address, city, postcode] = [text(v.address), text(v.city), text(v.postcode)];
      if (!address || !city || !postcode) ctx.addIssue({ code: 'custom', path: ['address'], message: LOCATION_FIELDS_MESSAGE });
      else if (!isUkPostcode(postcode)) ctx.addIssue({ code: 'custom', path: ['postcode'], message: ADDRESS_MESSAGES.postcode });
    },
    { when: () => true },
  );

export type ItemInput = z.infer<typeof itemInputSchema>;

export const ownerItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  categoryId: z.string(),
  dailyRatePence: z.number().int(),
  available: z.boolean(),
  underReview: z.boolean().describe('Reported by several members: hidden from browsing, search and the owner page until an operator looks'),
  imageUrl: z.string().nullable(),
  rentalState: z.enum(['available', 'out', 'overdue']),
  savedBy: z.number().int().describe('How many members have saved it (a count: never who)'),
  periods: z.array(
    z.object({
      rentalId: z.string(),
      renterName: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      state: z.enum(['requested', 'upcoming', 'out', 'overdue']).describe("requested: a request to book waiting for the owner's answer"),
    }),
  ),
});

/** A visible review of a member, as their public page shows it. */
export const publicReviewSchema = z.object({
  id: z.string(),
  rating: z.number().describe('0.5 to 5 in halves'),
  comment: z.string(),
  reviewerId: z.string(),
  reviewerName: z.string(),
  itemId: z.string().nullable(),
  itemName: z.string().nullable(),
  date: z.string(),
});

export const ownerProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  rating: z.number().nullable(),
  totalRatings: z.number().int(),
  memberSince: z.string(),
  record: z
    .object({
      emailVerified: z.boolean(),
      phoneVerified: z.boolean(),
      rentalsCompleted: z.number().int().describe('Rentals they borrowed and returned'),
      returnedOnTime: z.number().int().describe('Of those, returned on or before the end date (London)'),
      lendingsCompleted: z.number().int().describe('Rentals of their items that were returned'),
      claimsUpheldAgainst: z
        .number()
        .int()
        .describe(
          'Claims the other party of their rentals made against them that were accepted (open, disputed or escalated claims, and their own, do not count)',
        ),
    })
    .describe('Their track record: what is verified, and how their rentals went'),
  cancellations: z
    .object({
      ownerCancelled: z.number().int().describe('Bookings of their items they cancelled as the owner (declined requests do not count)'),
      ownerBooked: z.number().int().describe('Bookings of their items in all: instant ones and accepted requests'),
      renterLate: z.number().int().describe('Their cancellations as a renter that the policy refunded less than in full'),
    })
    .optional()
    .describe('How they cancelled, beside the track record (absent in the built-in sample data)'),
  reviews: z.array(publicReviewSchema).describe('The first page of the reviews they received, newest first'),
  reviewsTotal: z.number().int().describe('How many reviews they received in all: the rest from /api/owners/{ownerId}/reviews'),
});

/** A page of the reviews a member received, as anyone may read them. */
export const ownerReviewsPageSchema = z.object({ reviews: z.array(publicReviewSchema), ...pageInfoShape });

export type OwnerItem = z.infer<typeof ownerItemSchema>;
export type OwnerReviewsPage = z.infer<typeof ownerReviewsPageSchema>;
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** A page of an owner's own items (GET /api/me/items). */
export const ownerItemsPageSchema = z.object({ items: z.array(ownerItemSchema), ...pageInfoShape });
export type OwnerItemsPage = z.infer<typeof ownerItemsPageSchema>;
export type OwnerProfile = z.infer<typeof ownerProfileSchema>;
