/** The HTTP contract of the wheelbarrow check, checkout, orders and rentals. */
import { z } from 'zod';
import { pageInfoShape } from './paging.ts';
import { isIsoDate } from '../dates.ts';
import { RENTAL_STATES } from '../rental-lifecycle.ts';
import { CANCELLATION_POLICIES } from '../cancellation-policy.ts';
import { rentalPartyFields } from './rentals.ts';
import { handoverChoiceFields } from './handover-times.ts';

/** A real calendar date 'YYYY-MM-DD' (2027-02-30 is refused): the one date check, from core. */
export const isoDateSchema = z.string().refine(isIsoDate, 'must be a real date in the form YYYY-MM-DD');

export const wheelbarrowLineInputSchema = z.object({
  itemId: z.uuid({ error: 'itemId must be an item id' }),
  startDate: isoDateSchema,
  endDate: isoDateSchema,
});

export const wheelbarrowCheckRequestSchema = z.object({
  lines: z.array(wheelbarrowLineInputSchema).max(50, 'at most 50 lines'),
});

export const wheelbarrowLineStateSchema = z.object({
  itemId: z.string(),
  state: z
    .enum(['ok', 'missing', 'unavailable', 'invalid'])
    .describe('missing: the item was deleted; unavailable: dates no longer free; invalid: breaks a rule'),
  message: z.string().nullable(),
  bookedByYou: z.boolean().optional().describe('The asker has booked this item on exactly these dates (in another tab, say)'),
  item: z
    .object({
      name: z.string(),
      dailyRatePence: z.number().int(),
      depositPence: z.number().int().optional().describe('Refundable deposit held on the card at checkout beside the charge, not charged'),
      weeklyRatePence: z.number().int().nullable().optional().describe('Price per full week; the remaining days at the daily rate'),
      bookingMode: z
        .enum(['instant', 'request'])
        .optional()
        .describe('request: the owner accepts first; the card is authorised, captured on accept'),
      cancellationPolicy: z.enum(CANCELLATION_POLICIES).optional().describe("What a renter's cancellation gets back, and until when"),
      minDays: z.number().int(),
      maxDays: z.number().int(),
      imageUrl: z.string().nullable(),
    })
    .nullable(),
  days: z.number().int(),
  lineTotalPence: z.number().int(),
});

export const wheelbarrowCheckResponseSchema = z.object({
  lines: z.array(wheelbarrowLineStateSchema),
  subtotalPence: z.number().int().describe('Of the lines that can be booked'),
  serviceFeePence: z.number().int(),
  totalPence: z.number().int(),
});

/** A card as typed on the payment page (checked by the server before the processor sees it). */
export const cardInputSchema = z.object({
  number: z.string().max(30),
  expiry: z.string().max(10),
  cvv: z.string().max(6),
  name: z.string().max(100),
});

export const checkoutRequestSchema = z.object({
  lines: z
    .array(wheelbarrowLineInputSchema.extend(handoverChoiceFields))
    .min(1, 'the wheelbarrow is empty')
    .max(20, 'at most 20 items per checkout'),
  card: cardInputSchema,
  idempotencyKey: z.string().min(8).max(100).describe('A random key made once per checkout; retries send the same key'),
  useBalance: z
    .boolean()
    .optional()
    .describe("Pay from the renter's Toolshed balance before the card (default true); requests and deposits are always held on the card"),
});

export const rentalViewSchema = z.object({
  id: z.string(),
  item: z.object({ id: z.string(), name: z.string(), imageUrl: z.string().nullable() }),
  owner: z.object({ id: z.string(), name: z.string() }),
  renter: z.object({ id: z.string(), name: z.string() }),
  startDate: z.string(),
  endDate: z.string(),
  days: z.number().int(),
  dailyRatePence: z.number().int(),
  weeklyRatePence: z.number().int().nullable().describe('The price per full week charged, frozen at booking; null: none'),
  totalPence: z.number().int().describe('This rental line: each full week at the weekly price (if any), the other days at the daily rate'),
  status: z.enum(RENTAL_STATES).describe('From the rental lifecycle (packages/core/src/rental-lifecycle.ts)'),
  overdue: z.boolean(),
  orderId: z.string().nullable(),
  orderReference: z.string().nullable().describe("The order's short reference ('TS-7K3Q-92'), for the renter; null for the owner"),
  createdAt: z.string(),
  ...rentalPartyFields,
});

export const orderSchema = z.object({
  id: z.string(),
  reference: z.string().describe("The short reference people read and quote: 'TS-7K3Q-92'"),
  rentals: z.array(rentalViewSchema),
  subtotalPence: z.number().int(),
  serviceFeePence: z.number().int(),
  totalPence: z.number().int(),
  balancePence: z.number().int().describe("What of the charge the renter's Toolshed balance paid; the card paid the rest"),
  card: z.object({ brand: z.string(), last4: z.string() }),
  createdAt: z.string(),
});

export const paymentConfigSchema = z.object({
  provider: z.string(),
  currency: z.literal('GBP'),
  testCards: z.record(z.string(), z.string()),
});

export const addressSchema = z.object({
  line: z.string(),
  city: z.string(),
  postcode: z.string(),
});

export type WheelbarrowCheckResponse = z.infer<typeof wheelbarrowCheckResponseSchema>;
export type WheelbarrowLineState = z.infer<typeof wheelbarrowLineStateSchema>;
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** POST /api/checkout when the card's bank asks for its 3-D Secure challenge first (202). */
export const checkoutChallengeSchema = z.object({
  attemptId: z.uuid(),
  nextAction: z.object({
    type: z.literal('challenge'),
    url: z.string().describe("The bank's page (the simulated issuer's, inside Toolshed)"),
  }),
});
export type CheckoutChallenge = z.infer<typeof checkoutChallengeSchema>;

/** Where a checkout attempt stands (GET /api/checkout/attempts/:attemptId): the bank's page and the payment page read it. */
export const checkoutAttemptSchema = z.object({
  status: z.enum(['processing', 'awaiting_challenge', 'succeeded', 'failed']),
  orderId: z.uuid().nullable(),
  challenge: z.object({ amountPence: z.number().int(), brand: z.string(), last4: z.string(), expiresAt: z.string() }).nullable(),
  failure: z.object({ code: z.string(), message: z.string(), field: z.string().optional() }).nullable(),
});
export type CheckoutAttempt = z.infer<typeof checkoutAttemptSchema>;
export type RentalView = z.infer<typeof rentalViewSchema>;

/** A page of a party's rentals, newest start first (GET /api/me/rentals, /api/me/lent-rentals). */
export const rentalsPageSchema = z.object({ rentals: z.array(rentalViewSchema), ...pageInfoShape });
export type RentalsPage = z.infer<typeof rentalsPageSchema>;
export type Order = z.infer<typeof orderSchema>;
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;
export type Address = z.infer<typeof addressSchema>;
