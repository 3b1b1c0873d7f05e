/** What a party of a rental sees of it beyond the booking: actions, money back, address, contact, reviews. */
import { z } from 'zod';
import { pageInfoShape } from './paging.ts';
import { CANCELLATION_POLICIES } from '../cancellation-policy.ts';
import { CANCEL_REASON_MAX, RENTAL_TRANSITIONS, REVIEW_COMMENT_MAX, type RentalTransition } from '../rental-lifecycle.ts';

const transitionNames = Object.keys(RENTAL_TRANSITIONS) as [RentalTransition, ...RentalTransition[]];

export const reviewBriefSchema = z.object({
  rating: z.number().describe('0.5 to 5 in halves'),
  comment: z.string(),
  date: z.string(),
});

export const rentalPartyFields = {
  role: z.enum(['renter', 'owner']).describe("The signed-in user's side of this rental"),
  actions: z.array(z.enum(transitionNames)).describe('Transitions the signed-in user may take now'),
  paidPence: z.number().int().describe('The line total plus its share of the checkout service fee: what a cancellation gives back'),
  cancellationPolicy: z
    .enum(CANCELLATION_POLICIES)
    .describe("The item's cancellation policy when it was booked: what a renter's cancellation gets back, and until when"),
  requestAccepted: z.boolean().describe('A request to book its owner accepted: the owner cancels it (it is no longer theirs to decline)'),
  pendingExtension: z
    .object({
      endDate: z.string(),
      totalPence: z.number().int(),
      expiresAt: z.string().optional().describe('ISO instant: when it stops holding the extra days unless the owner answers'),
    })
    .nullable()
    .optional()
    .describe("An extension of a request-to-book item waiting for the owner's answer, holding its extra days"),
  depositHeldPence: z
    .number()
    .int()
    .optional()
    .describe(
      "The renter's refundable deposit still held on the card for this rental, or to be held a day before the start (scheduled), not charged (0: none, released, captured, lapsed)",
    ),
  request: z
    .object({
      expiresAt: z.string().describe('ISO instant: the owner must answer by then, or the request expires and the hold is released'),
      heldPence: z.number().int().describe('Held on the card for this line and its fee share, not charged until the owner accepts'),
    })
    .nullable()
    .optional()
    .describe("The renter's pending request: its answer deadline and what is held; null once answered"),
  cancellation: z
    .object({
      by: z.enum(['renter', 'owner', 'system']),
      reason: z.string().nullable(),
      refundPence: z.number().int(),
      toCards: z
        .array(
          z.object({
            amountPence: z.number().int(),
            card: z
              .object({ brand: z.string(), last4: z.string() })
              .nullable()
              .describe('null: a card not recorded (an extension paid by card before extensions kept their card)'),
            status: z.enum(['pending', 'succeeded']).describe('pending until the processor confirms the refund'),
          }),
        )
        .describe("The renter's view: what of the refund goes back to each card it was paid with (empty for the owner)"),
      toBalancePence: z.number().int().describe("The renter's view: what of the refund went to their Toolshed balance"),
      date: z.string(),
    })
    .nullable(),
  pickup: z
    .object({ address: z.string().nullable(), city: z.string().nullable(), postcode: z.string().nullable() })
    .nullable()
    .describe('The full address, for the renter once booked and for the owner'),
  contact: z
    .object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() })
    .nullable()
    .describe('The other party: the owner for the renter, the renter for the owner'),
  myReview: reviewBriefSchema.nullable(),
  theirReview: reviewBriefSchema.nullable().describe('Only once visible'),
  theirReviewHidden: z.boolean().describe('The other side has reviewed; it shows once you review too or when the blind period ends'),
  reviewsVisibleFrom: z.string().nullable().describe('When hidden reviews of this rental show at the latest'),
};

export const cancelRentalSchema = z.object({
  reason: z.string().trim().max(CANCEL_REASON_MAX, `The reason can be at most ${CANCEL_REASON_MAX} characters`).optional(),
});

export const reviewInputSchema = z.object({
  rating: z
    .number({ error: 'Please choose a rating from half a star to five stars' })
    .min(0.5, 'Please choose a rating from half a star to five stars')
    .max(5, 'Please choose a rating from half a star to five stars')
    .refine((n) => Number.isInteger(n * 2), 'Ratings go in half stars'),
  comment: z
    .string()
    .trim()
    .max(REVIEW_COMMENT_MAX, `A review can be at most ${REVIEW_COMMENT_MAX.toLocaleString('en-GB')} characters`)
    .default(''),
});

export const reviewSchema = z.object({
  id: z.string(),
  rating: z.number(),
  comment: z.string(),
  reviewerId: z.string(),
  reviewerName: z.string(),
  revieweeId: z.string(),
  revieweeName: z.string(),
  reviewerRole: z.enum(['renter', 'owner']),
  itemId: z.string().nullable(),
  itemName: z.string().nullable(),
  rentalId: z.string().nullable(),
  date: z.string(),
  visible: z.boolean(),
});

export const reviewToWriteSchema = z.object({
  rentalId: z.string(),
  itemId: z.string(),
  itemName: z.string(),
  role: z.enum(['renter', 'owner']),
  otherPartyName: z.string(),
  endDate: z.string(),
});

export const myReviewsSchema = z.object({
  received: z.array(reviewSchema).describe('Visible reviews of you, the first page (newest first)'),
  written: z.array(reviewSchema).describe('Your reviews, visible or still hidden, the first page (newest first)'),
  toWrite: z.array(reviewToWriteSchema).describe('Returned rentals you have not reviewed yet, the first page (latest returns first)'),
  totals: z
    .object({ received: z.number().int(), written: z.number().int(), toWrite: z.number().int() })
    .describe('How long each whole list is: the rest is paged from /api/me/reviews/received, /written and /to-write'),
  pageSize: z.number().int().describe('The most entries each first page holds'),
});

/** One page of the reviews you received or wrote. */
export const reviewsPageSchema = z.object({ reviews: z.array(reviewSchema), ...pageInfoShape });
/** One page of the returned rentals you have still to review. */
export const reviewsToWritePageSchema = z.object({ rentals: z.array(reviewToWriteSchema), ...pageInfoShape });

export type ReviewBrief = z.infer<typeof reviewBriefSchema>;
export type ReviewInput = z.infer<typeof reviewInputSchema>;
export type Review = z.infer<typeof reviewSchema>;
export type ReviewToWrite = z.infer<typeof reviewToWriteSchema>;
export type MyReviews = z.infer<typeof myReviewsSchema>;
export type ReviewsPage = z.infer<typeof reviewsPageSchema>;
export type ReviewsToWritePage = z.infer<typeof reviewsToWritePageSchema>;
