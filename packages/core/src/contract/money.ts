import { z } from 'zod';
import { pageInfoShape } from './paging.ts';

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

export const transactionTypeSchema = z.enum([
  'sent',
  'received',
  'refund',
  'withdrawal',
  'released',
  'reversed',
  'deposit',
  'claim',
  'correction',
]);
export const transactionStatusSchema = z.enum(['completed', 'pending', 'cancelled', 'failed']);
export const transactionPaymentMethodSchema = z.enum(['card', 'bank', 'balance']);

const movementsSchema = z
  .object({
    cardPence: z.number().int().describe('Paid from (negative) or back to (positive) your card'),
    availablePence: z.number().int().describe('Into (positive) or out of (negative) your available balance'),
    pendingPence: z.number().int().describe('Earnings pending until the item is back'),
    depositHeldPence: z.number().int().describe('A deposit held on your card (authorised, not charged)'),
    payoutPendingPence: z.number().int().describe('A withdrawal being paid out'),
    paidOutPence: z.number().int().describe('Paid out to your bank account'),
  })
  .describe("How this line moved each of your accounts: summed over every line, each equals the ledger's balance of that account");

export const transactionSchema = z.object({
  id: z.string().describe('The ledger posting, with the rental when one posting covers several (postingId:rentalId)'),
  postingId: z.string().describe('The ledger posting this line shows (a posting touching you appears in your lines once)'),
  rentalId: z.string().nullable(),
  withdrawalId: z.string().nullable(),
  date: z.string().describe('ISO instant: when the money moved'),
  type: transactionTypeSchema.describe(
    'sent: paid as renter; received: earned as owner; refund: money back; withdrawal: paid out to a bank account; released: earnings moved to the available balance after the return; reversed: earnings taken back (a cancellation); deposit: a deposit held or released; claim: money of a claim; correction: anything else',
  ),
  description: z.string().describe('What happened, in words: "Paid by Visa ending 4242", "Refunded to Visa ending 4242"...'),
  item: z.object({ id: z.string(), name: z.string() }).nullable(),
  counterparty: z.object({ id: z.string(), name: z.string() }).nullable(),
  amountPence: z.number().int().describe('The money to (positive) or from (negative) you, without the service fee'),
  serviceFeePence: z.number().int().describe('The service fee in it: negative when you paid it, positive when it came back'),
  totalPence: z
    .number()
    .int()
    .describe(
      'amountPence + serviceFeePence: what you gained (positive) or paid (negative); a hold or a move between your own accounts is 0',
    ),
  movements: movementsSchema,
  balanceAfterPence: z.number().int().describe('Your available balance after this line (a running balance)'),
  status: transactionStatusSchema,
  paymentMethod: transactionPaymentMethodSchema.describe(
    'Where the money came from or went: card (paid by or back to a card, or a withdrawal to a card before bank payouts); bank (a withdrawal paid out to a bank account, its last four digits in card with brand bank); balance (in or out of your Toolshed balance)',
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
  idempotencyKey: z.string().min(8).max(100).describe('A random key made once per submission; a retry sends the same key'),
});

export const withdrawalStatusSchema = z
  .enum(['pending', 'paid', 'failed', 'returned', 'cancelled'])
  .describe(
    'pending: being paid out; paid: sent to the bank account; failed: refused, the money is back in the balance; returned: paid, then sent back by the bank, the money is back in the balance; cancelled: a request to a card from before bank payouts, never sent, the money is back in the balance',
  );

export const withdrawalSchema = z.object({
  id: z.string(),
  amountPence: z.number().int(),
  status: withdrawalStatusSchema,
  destination: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('bank'), name: z.string(), sortCode: z.string().describe('12-34-56'), last4: z.string() }),
      z.object({ kind: z.literal('card'), brand: z.string(), last4: z.string() }),
    ])
    .describe('Where it is paid: a bank account, or for withdrawals from before bank payouts, a card'),
  createdAt: z.string(),
  finishedAt: z.string().nullable().describe('When it was paid, refused or cancelled'),
  returnedAt: z.string().nullable().describe('When the bank sent it back'),
  failureReason: z.string().nullable(),
});

export const withdrawalsPageSchema = z.object({ withdrawals: z.array(withdrawalSchema), ...pageInfoShape });

export const bankAccountRequestSchema = z.object({
  name: z.string().max(200),
  sortCode: z.string().max(20),
  accountNumber: z.string().max(20),
});

export const bankAccountSchema = z.object({
  name: z.string(),
  sortCode: z.string().describe('Shown as 12-34-56'),
  last4: z.string().describe('The last four digits of the account number: the rest is never kept'),
  addedAt: z.string(),
});

export const bankAccountAnswerSchema = z.object({ bankAccount: bankAccountSchema.nullable() });

export type Balance = z.infer<typeof balanceSchema>;
export type Transaction = z.infer<typeof transactionSchema>;
export type TransactionType = z.infer<typeof transactionTypeSchema>;
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;
export type TransactionMovements = z.infer<typeof movementsSchema>;
export type TransactionPaymentMethod = z.infer<typeof transactionPaymentMethodSchema>;
export type TransactionsPage = z.infer<typeof transactionsPageSchema>;
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export type WithdrawalsPage = z.infer<typeof withdrawalsPageSchema>;
export type WithdrawalStatus = z.infer<typeof withdrawalStatusSchema>;
export type BankAccount = z.infer<typeof bankAccountSchema>;
export type BankAccountRequest = z.infer<typeof bankAccountRequestSchema>;
