/** A rental's deposit, late fee and claims, as its two parties see them on the rental page. */
import { z } from 'zod';
import { CLAIM_KINDS, CLAIM_NOTE_MAX, CLAIM_STATES, HOLD_STATES } from '../deposits.ts';
import { cardInputSchema } from './booking.ts';

const CLAIM_ACTIONS = ['accept', 'dispute', 'withdraw', 'lower', 'propose', 'agree'] as const;

const note = (what: string) =>
  z
    .string({ error: `Please describe ${what}` })
    .trim()
    .min(1, `Please describe ${what}`)
    .max(CLAIM_NOTE_MAX, `At most ${CLAIM_NOTE_MAX.toLocaleString('en-GB')} characters`);

export const claimInputSchema = z.object({
  kind: z.enum(CLAIM_KINDS, { error: 'Please choose what the problem is' }),
  amountPence: z.number({ error: 'Please enter an amount' }).int('The amount can have at most two decimal places'),
  note: note('the problem'),
});

export const claimReplySchema = z.object({ reply: note('why you disagree') });

/** A new amount for a claim: lowered by the claimant, proposed by either side after a dispute, or the proposal agreed to. */
export const claimAmountSchema = z.object({
  amountPence: z.number({ error: 'Please enter an amount' }).int('The amount can have at most two decimal places'),
});

export const claimSchema = z.object({
  id: z.string(),
  kind: z.enum(CLAIM_KINDS),
  byRole: z.enum(['owner', 'renter']),
  byName: z.string(),
  amountPence: z.number().int(),
  note: z.string(),
  state: z.enum(CLAIM_STATES),
  reply: z.string().nullable(),
  createdAt: z.string(),
  disputedAt: z.string().nullable(),
  escalatedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  loweredAt: z.string().nullable().describe('When the claimant last lowered the amount'),
  proposal: z
    .object({ amountPence: z.number().int(), byRole: z.enum(['owner', 'renter']), proposedAt: z.string() })
    .nullable()
    .describe('After a dispute: a new amount one side proposed, settled when the other agrees'),
  escalatesAt: z.string().nullable().describe('While disputed: when it goes to Toolshed support if still not agreed'),
  actions: z
    .array(z.enum(CLAIM_ACTIONS))
    .describe(
      'What the signed-in user may do with it now: accept or dispute (the other party), withdraw or lower (the claimant), propose a new amount (either, once disputed) or agree to the proposal of the other side',
    ),
  photos: z
    .array(
      z.object({
        id: z.string(),
        url: z.string(),
        thumbUrl: z.string(),
        addedBy: z.enum(['owner', 'renter']),
        takenAt: z.string().describe('When the server received it'),
      }),
    )
    .describe("The claim's evidence, oldest first; served to the rental's parties only"),
  canAddPhotos: z.boolean().describe('The signed-in user may add a photo now (the claimant, or the other party once they dispute)'),
});

export const depositViewSchema = z.object({
  role: z.enum(['renter', 'owner']),
  hold: z
    .object({
      amountPence: z.number().int(),
      state: z.enum(HOLD_STATES),
      capturedPence: z.number().int().nullable().describe('Once settled: what claims took (0 when released whole)'),
      settledAt: z.string().nullable(),
      holdsAt: z
        .string()
        .nullable()
        .describe('While scheduled: when the deposit is authorised on the saved card (24 hours before the start)'),
      cardNeededBy: z
        .string()
        .nullable()
        .describe(
          'While scheduled after a decline: the renter must give another card by then (12 hours before the start), else the rental is cancelled',
        ),
      note: z
        .string()
        .nullable()
        .describe('What is happening to the deposit, in a sentence for this party (a decline, a lapse); null when the state says it'),
      declined: z
        .string()
        .nullable()
        .describe("While scheduled after a decline: the processor's reason for it, in words (the renter is then asked for another card)"),
    })
    .nullable()
    .describe(
      "The deposit on the renter's card, if the item asked for one: held at checkout, or scheduled when the start is more than 24 hours away",
    ),
  lateDays: z.number().int(),
  lateFeePence: z.number().int().describe('The daily rate per late day so far: claimed from the deposit, never charged silently'),
  claimWindowClosesAt: z.string().nullable().describe('Reports close then; null while the item is not back'),
  canReport: z
    .array(z.object({ kind: z.enum(CLAIM_KINDS), maxPence: z.number().int() }))
    .describe('The problems the signed-in user may report now, each with the most it may name'),
  claims: z.array(claimSchema).describe('Oldest first: the timeline of reports and answers'),
});

export type ClaimInput = z.infer<typeof claimInputSchema>;
export type ClaimReply = z.infer<typeof claimReplySchema>;
export type ClaimAmount = z.infer<typeof claimAmountSchema>;
export type Claim = z.infer<typeof claimSchema>;
export type DepositView = z.infer<typeof depositViewSchema>;

/** Another card for a deposit that could not be held (PUT /api/rentals/:rentalId/deposit/card). */
export const depositCardInputSchema = z.object({ card: cardInputSchema });
export type DepositCardInput = z.infer<typeof depositCardInputSchema>;

/** PUT /api/rentals/:rentalId/deposit/card answers 202 with it when the card's bank asks for its 3-D Secure challenge. */
export const depositCardChallengeSchema = z.object({
  challengeId: z.uuid(),
  nextAction: z.object({
    type: z.literal('challenge'),
    url: z.string().describe("The bank's page (the same simulated issuer's page as at checkout)"),
  }),
});
export type DepositCardChallenge = z.infer<typeof depositCardChallengeSchema>;

/** Where a deposit card's 3-D Secure challenge stands (GET /api/deposit-challenges/:challengeId), for the bank's page. */
export const depositChallengeSchema = z.object({
  status: z.enum(['awaiting_challenge', 'succeeded', 'failed']),
  rentalId: z.uuid(),
  challenge: z.object({ amountPence: z.number().int(), brand: z.string(), last4: z.string() }).nullable(),
});
export type DepositChallenge = z.infer<typeof depositChallengeSchema>;
