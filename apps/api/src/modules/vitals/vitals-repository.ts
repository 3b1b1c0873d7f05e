import { desc, gte, sql } from 'drizzle-orm';
import type { VitalReport } from '@toolshed/core/contract';
import type { Db } from '../../db/database.ts';
import { vitalsDaily } from '../../db/schema.ts';

/** The only SQL of the vitals summary: one row per day, metric and page kind, added to atomically. */
export function createVitalsRepository(db: Db) {
  return {
    async add(day: string, reports: VitalReport[]): Promise<void> {
      for (const r of reports) {
        await db
          .insert(vitalsDaily)
          .values({
            day,
            metric: r.name,
            page: r.page,
            samples: 1,
            total: r.value,
            good: r.rating === 'good' ? 1 : 0,
            needsImprovement: r.rating === 'needs-improvement' ? 1 : 0,
            poor: r.rating === 'poor' ? 1 : 0,
          })
          .onConflictDoUpdate({
            target: [vitalsDaily.day, vitalsDaily.metric, vitalsDaily.page],
            set: {
              samples: sql`${vitalsDaily.samples} + 1`,
              total: sql`${vitalsDaily.total} + excluded.total`,
              good: sql`${vitalsDaily.good} + excluded.good`,
              needsImprovement: sql`${vitalsDaily.needsImprovement} + excluded.needs_improvement`,
              poor: sql`${vitalsDaily.poor} + excluded.poor`,
            },
          });
      }
    },

    async since(day: string) {
      return db
        .select()
        .from(vitalsDaily)
        .where(gte(vitalsDaily.day, day))
        .orderBy(desc(vitalsDaily.day), vitalsDaily.metric, vitalsDaily.page);
    },
  };
}

export type VitalsRepository = ReturnType<typeof createVitalsRepository>;
