/** The HTTP contract of web-vitals reports: what browsers measured, summed per day by the API. */
import { z } from 'zod';

export const VITAL_NAMES = ['LCP', 'INP', 'CLS'] as const;
export const VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
/** Kinds of page, not addresses: no item or user ids reach the summary. */
export const VITAL_PAGES = ['browse', 'item', 'owner', 'checkout', 'account', 'other'] as const;

export const vitalReportSchema = z.object({
  name: z.enum(VITAL_NAMES),
  // LCP and INP in milliseconds (a minute is already absurd); CLS is a unitless score.
  value: z.number().finite().min(0).max(60_000),
  rating: z.enum(VITAL_RATINGS),
  page: z.enum(VITAL_PAGES),
});

export const vitalsReportSchema = z.object({ metrics: z.array(vitalReportSchema).min(1).max(10) });

export const vitalsDaySchema = z.object({
  day: z.string(),
  metric: z.enum(VITAL_NAMES),
  page: z.enum(VITAL_PAGES),
  samples: z.number().int(),
  average: z.number(),
  good: z.number().int(),
  needsImprovement: z.number().int(),
  poor: z.number().int(),
});

export const vitalsSummarySchema = z.object({ days: z.array(vitalsDaySchema) });

export type VitalReport = z.infer<typeof vitalReportSchema>;
export type VitalPage = (typeof VITAL_PAGES)[number];
export type VitalsSummary = z.infer<typeof vitalsSummarySchema>;
