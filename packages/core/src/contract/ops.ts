/** The HTTP contract of the operator's desk (issue 45). */
import { z } from 'zod';
import { OPERATOR_ACTIONS } from '../operator-desk.ts';
import { REPORT_KINDS } from '../safety.ts';

const reason = z.string().max(10_000).describe('Why, for the audit log: 1 to 1,000 characters (checked by the service)');

export const opsStatusSchema = z.object({
  operator: z.literal(true),
  email: z.string(),
  verified: z.boolean().describe('Whether this session has entered the emailed code'),
});

export const opsCodeSentSchema = z.object({ sent: z.literal(true), message: z.string(), expiresAt: z.string() });
export const opsCodeInputSchema = z.object({ code: z.string().max(20) });
export const opsReasonInputSchema = z.object({ reason });
export const opsRulingInputSchema = z.object({
  amountPence: z.number().int().describe('What the claimant gets, in pence: 0 up to the claim (and, for an owner, the deposit)'),
  reason,
});

export const opsReportSchema = z.object({
  id: z.string(),
  kind: z.enum(REPORT_KINDS),
  subjectId: z.string(),
  member: z.object({ id: z.string(), name: z.string(), suspended: z.boolean() }).describe('Whose the reported thing is'),
  reporterName: z.string(),
  reason: z.string(),
  details: z.string().nullable(),
  snapshot: z.record(z.string(), z.unknown()).describe('What was reported, as it was when it was reported'),
  listingHidden: z.boolean().nullable().describe('For a listing: whether it is hidden from browsing now'),
  createdAt: z.string(),
});
export const opsReportsSchema = z.object({ reports: z.array(opsReportSchema) });

export const opsAuditEntrySchema = z.object({
  id: z.string(),
  operatorName: z.string(),
  action: z.enum(OPERATOR_ACTIONS),
  subjectKind: z.string(),
  subjectId: z.string(),
  reason: z.string(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export const opsAuditLogSchema = z.object({ entries: z.array(opsAuditEntrySchema) });
export const opsDoneSchema = z.object({ done: z.literal(true), auditId: z.string() });

const party = z.object({ id: z.string(), name: z.string() });
const photo = z.object({ url: z.string(), by: z.enum(['owner', 'renter']), what: z.string(), takenAt: z.string() });

export const opsClaimSchema = z.object({
  id: z.string(),
  rentalId: z.string(),
  itemName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  kind: z.string(),
  byRole: z.enum(['owner', 'renter']),
  amountPence: z.number().int(),
  depositPence: z.number().int().describe('The deposit held for the rental (0 when none is held)'),
  maxRulingPence: z.number().int().describe('The most a ruling may give the claimant'),
  note: z.string(),
  reply: z.string().nullable(),
  escalatedAt: z.string().nullable(),
  owner: party,
  renter: party,
  photos: z.array(photo).describe("Both sides' claim photos and the handover record's photos"),
  handoverNotes: z.array(z.object({ side: z.string(), note: z.string() })),
  messages: z.array(z.object({ by: z.enum(['owner', 'renter']), body: z.string(), sentAt: z.string() })),
});
export const opsClaimsSchema = z.object({ claims: z.array(opsClaimSchema) });

export type OpsStatus = z.infer<typeof opsStatusSchema>;
export type OpsCodeSent = z.infer<typeof opsCodeSentSchema>;
export type OpsReport = z.infer<typeof opsReportSchema>;
export type OpsReports = z.infer<typeof opsReportsSchema>;
export type OpsAuditEntry = z.infer<typeof opsAuditEntrySchema>;
export type OpsAuditLog = z.infer<typeof opsAuditLogSchema>;
export type OpsDone = z.infer<typeof opsDoneSchema>;
export type OpsClaim = z.infer<typeof opsClaimSchema>;
export type OpsClaims = z.infer<typeof opsClaimsSchema>;
