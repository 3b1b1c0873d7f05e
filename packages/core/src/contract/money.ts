import { z } from 'zod';

export const balanceSchema = z.object({
  availablePence: z.number().int().describe('What the user may withdraw'),
  pendingCreditsPence: z.number().int().describe('Earnings of rentals not yet completed'),
  pendingDebitsPence: z.number().int().describe('Withdrawals being paid out'),
  lastUpdated: z.string().nullable().describe('When the balance last moved (ISO instant); null if never'),
  earnings: z.object({
    receivedPence: z.number().int().describe("Sum of received transactions (rentals of the user's items, not cancelled)"),
    pendingPence: z.number().int().describe('Of those, the ones not yet completed (returned)'),
  }),
});

export const transactionTypeSchema = z.enum(['sent', 'received', 'refund', 'withdrawal']);
export const transactionStatusSchema = z.enum(['completed', 'pending', 'cancelled', 'failed']);
export const transactionPaymentMethodSchema = z.enum(['card', 'balance']);

export const transactionSchema = z.object({
  id: z.string().describe('The rental id (sent, received, refund) or the withdrawal id'),
  date: z.string().describe('ISO instant: when booked, refunded or requested'),
  type: transactionTypeSchema.describe(
    'sent: paid as renter; received: earned as owner; refund: back to the balance; withdrawal: paid out to a card',
  ),
  item: z.object({ id: z.string(), name: z.string() }).nullable(),
  counterparty: z.object({ id: z.string(), name: z.string() }).nullable(),
  amountPence: z.number().int(),
  serviceFeePence: z.number().int().describe("The renter's share of the checkout's 10% fee (0 for the other types)"),
  totalPence: z.number().int(),
  status: transactionStatusSchema,
  paymentMethod: transactionPaymentMethodSchema.describe(
    "Where the money came from or went: card (a rental paid by card, a withdrawal paid out to a card); balance (earnings and refunds credited to the user's Toolshed balance)",
  ),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable().describe('The card, when the method is card and it is known'),
});

export const transactionsPageSchema = z.object({
  transactions: z.array(transactionSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

export const transactionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const withdrawalRequestSchema = z.object({
  amountPence: z
    .number()
    .int('Please enter a valid amount')
    .positive('Please enter a valid amount')
    .max(100_000_000, 'Please enter a valid amount'),
  card: z.object({
    number: z.string().max(30),
    expiry: z.string().max(10),
    cvv: z.string().max(6),
  }),
  idempotencyKey: z.string().min(8).max(100).describe('A random key made once per submission; a retry sends the same key'),
});

export const withdrawalSchema = z.object({
  id: z.string(),
  amountPence: z.number().int(),
  status: z.enum(['pending', 'paid', 'failed']),
  card: z.object({ brand: z.string(), last4: z.string() }),
  createdAt: z.string(),
  failureReason: z.string().nullable(),
});

export type Balance = z.infer<typeof balanceSchema>;
export type Transaction = z.infer<typeof transactionSchema>;
export type TransactionType = z.infer<typeof transactionTypeSchema>;
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;
export type TransactionPaymentMethod = z.infer<typeof transactionPaymentMethodSchema>;
export type TransactionsPage = z.infer<typeof transactionsPageSchema>;
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;
export type Withdrawal = z.infer<typeof withdrawalSchema>;
