import pg from 'pg';
import { seededRandom } from './generated-mix.ts';
import { figures, serialRun, type KindFigures, type SerialResult } from './serial-run.ts';

export interface ItemDetailResult {
  requests: number;
  api: KindFigures;
  floor: KindFigures;
  /** API p50 over floor p50; the target is at most 3. */
  ratio: number;
  non2xx: number;
}

/** `count` distinct listed item ids in a seeded random order. */
export async function sampleItemIds(databaseUrl: string, count: number, seed: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const res = await client.query<{ id: string }>('select id from items where deleted_at is null order by id');
    const ids = res.rows.map((r) => r.id);
    const random = seededRandom(seed);
    for (let i = ids.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    }
    return ids.slice(0, count);
  } finally {
    await client.end();
  }
}

/**
 * `GET /api/items/{id}` against the floor (a bare server doing one primary-key lookup), one
 * connection each, interleaved in blocks so both see the same machine; each id asked once of each.
 */
export async function measureItemDetail(apiUrl: string, floorUrl: string, ids: string[]): Promise<ItemDetailResult> {
  const apiRuns: SerialResult[] = [];
  const floorRuns: SerialResult[] = [];
  const block = 100;
  for (let at = 0; at < ids.length; at += block) {
    const part = ids.slice(at, at + block);
    floorRuns.push(
      await serialRun(
        floorUrl,
        part.map((id) => ({ path: `/floor/items/${id}`, kind: 'floor' })),
      ),
    );
    apiRuns.push(
      await serialRun(
        apiUrl,
        part.map((id) => ({ path: `/api/items/${id}`, kind: 'api' })),
      ),
    );
  }
  const merge = (runs: SerialResult[]) => figures(runs.flatMap((r) => r.samples));
  const api = merge(apiRuns);
  const floor = merge(floorRuns);
  return {
    requests: ids.length,
    api,
    floor,
    ratio: floor.p50 > 0 ? Math.round((api.p50 / floor.p50) * 100) / 100 : Infinity,
    non2xx: [...apiRuns, ...floorRuns].reduce((n, r) => n + r.non2xx, 0),
  };
}
