import type { ItemDetailResult } from './item-detail.ts';
import type { SerialResult } from './serial-run.ts';
import type { LoadSummary } from './stats.ts';

/** The browse targets of docs/PERFORMANCE.md, judged on the generated mix with the cache off. */
export const MIX_TARGETS = { requestsPerSecond: 1000, kindP95Ms: 5, sidebarMs: 1, itemDetailRatio: 3 } as const;

export interface MixVerdict {
  throughput: { target: string; actual: number; met: boolean };
  kindP95: { target: string; worstKind: string; worstP95: number; kindsMissed: string[]; met: boolean };
  sidebar: { target: string; dbBestMs: number | null; httpP50: number; met: boolean };
  itemDetail: { target: string; ratio: number; met: boolean };
}

export function judgeMix(
  load: LoadSummary,
  serial: SerialResult,
  sidebar: SerialResult,
  sidebarDbMs: number | null,
  item: ItemDetailResult,
): MixVerdict {
  const clean = load.non2xx === 0 && load.errors === 0 && serial.non2xx === 0;
  const kinds = Object.entries(serial.perKind).sort(([, a], [, b]) => b.p95 - a.p95);
  const missed = kinds.filter(([, f]) => f.p95 >= MIX_TARGETS.kindP95Ms).map(([k]) => k);
  // The sidebar target is the database's work for the counts; the HTTP figure is shown beside it.
  const sidebarMs = sidebarDbMs ?? sidebar.overall.p50;
  return {
    throughput: {
      target: `>= ${MIX_TARGETS.requestsPerSecond} req/s at 50 connections`,
      actual: load.requestsPerSecond,
      met: clean && load.requestsPerSecond >= MIX_TARGETS.requestsPerSecond,
    },
    kindP95: {
      target: `p95 < ${MIX_TARGETS.kindP95Ms} ms for every kind at 1 connection`,
      worstKind: kinds[0]?.[0] ?? '',
      worstP95: kinds[0]?.[1].p95 ?? 0,
      kindsMissed: missed,
      met: clean && missed.length === 0,
    },
    sidebar: {
      target: `< ${MIX_TARGETS.sidebarMs} ms`,
      dbBestMs: sidebarDbMs,
      httpP50: sidebar.overall.p50,
      met: sidebarMs < MIX_TARGETS.sidebarMs,
    },
    itemDetail: {
      target: `p50 <= ${MIX_TARGETS.itemDetailRatio}x the floor`,
      ratio: item.ratio,
      met: item.non2xx === 0 && item.ratio <= MIX_TARGETS.itemDetailRatio,
    },
  };
}

export function printMixVerdict(v: MixVerdict): void {
  const mark = (met: boolean) => (met ? 'MET' : 'MISSED');
  console.log(`\nTarget throughput ${v.throughput.target}: ${v.throughput.actual} -> ${mark(v.throughput.met)}`);
  console.log(
    `Target ${v.kindP95.target}: worst ${v.kindP95.worstKind} ${v.kindP95.worstP95} ms; ${v.kindP95.kindsMissed.length} kinds over -> ${mark(v.kindP95.met)}`,
  );
  console.log(
    `Target sidebar counts ${v.sidebar.target}: database ${v.sidebar.dbBestMs ?? 'n/a'} ms, over HTTP p50 ${v.sidebar.httpP50} ms -> ${mark(v.sidebar.met)}`,
  );
  console.log(`Target item detail ${v.itemDetail.target}: ${v.itemDetail.ratio}x -> ${mark(v.itemDetail.met)}`);
}
