import { addDays, todayInLondon } from '@toolshed/core';
import type { VitalReport, VitalsSummary } from '@toolshed/core/contract';
import type { VitalsRepository } from './vitals-repository.ts';

/** How many London days the summary covers. */
export const SUMMARY_DAYS = 14;

/** Web vitals measured in visitors' browsers, kept only as daily sums per metric and page kind. */
export function createVitalsService(repo: VitalsRepository, now: () => Date) {
  return {
    add: (metrics: VitalReport[]) => repo.add(todayInLondon(now()), metrics),

    async summary(): Promise<VitalsSummary> {
      const rows = await repo.since(addDays(todayInLondon(now()), -(SUMMARY_DAYS - 1)));
      return {
        days: rows.map((r) => ({
          day: r.day,
          metric: r.metric as VitalsSummary['days'][number]['metric'],
          page: r.page as VitalsSummary['days'][number]['page'],
          samples: r.samples,
          average: r.samples > 0 ? Math.round((r.total / r.samples) * 1000) / 1000 : 0,
          good: r.good,
          needsImprovement: r.needsImprovement,
          poor: r.poor,
        })),
      };
    },
  };
}

export type VitalsService = ReturnType<typeof createVitalsService>;
