/** The HTTP contract of reports and blocks (issue 45). */
import { z } from 'zod';
import { pageInfoShape } from './paging.ts';
import { REPORT_KINDS } from '../safety.ts';

/** POST /api/reports. The reason and the words are checked by the service, for the dialog's own messages. */
export const reportInputSchema = z.object({
  kind: z.enum(REPORT_KINDS).describe('What is reported: a listing (item), a member or a message'),
  id: z.string().max(100).describe("The item's, member's or message's id"),
  reason: z.string().max(40).describe('One of the reason codes: misleading, prohibited, offensive, scam, harassment, other'),
  details: z.string().max(10_000).optional().describe('Optional words, at most 1,000 characters'),
});

export const reportReceiptSchema = z.object({
  received: z.literal(true),
  alreadyReported: z.boolean().describe('True when this member had already reported it: still one report'),
  message: z.string(),
});

export const blockedMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  blockedAt: z.string().describe('When it was blocked (ISO 8601)'),
});

export const blockedMembersSchema = z.object({ members: z.array(blockedMemberSchema), ...pageInfoShape });

/** Whether the signed-in member blocked this member. */
export const blockLookupSchema = z.object({ memberId: z.string(), blocked: z.boolean() });

export const blockStateSchema = z.object({ memberId: z.string(), blocked: z.literal(true), blockedAt: z.string() });

export type ReportInput = z.infer<typeof reportInputSchema>;
export type ReportReceipt = z.infer<typeof reportReceiptSchema>;
export type BlockedMember = z.infer<typeof blockedMemberSchema>;
export type BlockedMembers = z.infer<typeof blockedMembersSchema>;
export type BlockState = z.infer<typeof blockStateSchema>;
export type BlockLookup = z.infer<typeof blockLookupSchema>;
