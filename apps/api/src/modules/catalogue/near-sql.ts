import { sql, type SQL } from 'drizzle-orm';
import type { GeoPoint } from '@toolshed/core';

/**
 * Places in browse statements (decision 022): the origin and the items' public points on
 * earthdistance's sphere, the circle of a radius checked on the chord through the Earth, and the box
 * of latitudes and longitudes that holds it.
 */

export interface Near extends GeoPoint {
  /** Only items whose public point is within this many metres; unset: any distance. */
  radiusMetres?: number;
}

/**
 * The browse's origin as a point on earthdistance's sphere, computed once per statement: written
 * inline, a generic plan (the parameters unknown when it is planned) computed it again for every
 * candidate checked against the circle.
 */
export const originOf = (near: GeoPoint) => sql`(select earth_point(${near.latitude}::float8, ${near.longitude}::float8))`;
/** An item's public point on the same sphere: the expression `items_near_idx` indexes (migration 0029). */
export const publicPointOf = (alias: string) => sql.raw(`earth_point(${alias}.public_latitude, ${alias}.public_longitude)`);

/** The Earth's radius in metres, as earthdistance's `earth()` gives it. */
const EARTH_RADIUS_METRES = 6378168;

/**
 * The straight line through the Earth between two points `metres` apart along its surface: what
 * cube's `cube_distance` (and `<->`) measures between two earth points, as earthdistance's
 * `gc_to_sec` computes it. The circle is checked on this chord, computed once here: the same points
 * as `earth_distance(origin, point) <= metres` (the great-circle distance grows with the chord), but
 * `earth_distance` calls `sec_to_gc`, a SQL function PostgreSQL cannot inline when its argument is
 * an expression (it is used three times), so each row ran it through the SQL function executor:
 * 1.7 microseconds a row against 0.2 for `cube_distance`, on every entry a radius reads.
 */
export function chordOfMetres(metres: number): number {
  if (metres <= 0) return 0;
  if (metres / EARTH_RADIUS_METRES > Math.PI) return 2 * EARTH_RADIUS_METRES;
  return 2 * EARTH_RADIUS_METRES * Math.sin(metres / (2 * EARTH_RADIUS_METRES));
}

/** The great-circle metres of a chord (`chordOfMetres`'s inverse), as earthdistance's `sec_to_gc` computes them. */
export function metresOfChord(chord: number): number {
  if (chord <= 0) return 0;
  if (chord / (2 * EARTH_RADIUS_METRES) > 1) return Math.PI * EARTH_RADIUS_METRES;
  return 2 * EARTH_RADIUS_METRES * Math.asin(chord / (2 * EARTH_RADIUS_METRES));
}

/**
 * Inside the circle, on `alias`'s public point: its chord to the origin (`chordOfMetres`), after a
 * cheaper test that only ever says yes for a point inside (`surelyInside`). The chord costs some
 * 0.3 microseconds a row (the point's trigonometry and three cubes built), the test a few
 * multiplications; most points a radius reads are inside it. Counting 1,001 matches within 5 miles of
 * York rated 3.5 with dates: 1.27 ms with the chord alone, 0.97 with the test first, 0.93 with no
 * circle at all.
 */
export function insideCircle(near: Near & { radiusMetres: number }, alias = 'i'): SQL {
  const chord = sql`cube_distance(${originOf(near)}, ${publicPointOf(alias)}) <= ${chordOfMetres(near.radiusMetres)}::float8`;
  return sql`(${surelyInside(near, alias)} or ${chord})`;
}

/**
 * A test on latitude and longitude in degrees that holds only for points inside the circle: with
 * the angle between two points written by the haversine formula, hav(angle) = hav(dLat) +
 * cos(lat0) cos(lat) hav(dLon), and hav(x) <= x^2 / 4 for every x, so dLat^2 + k dLon^2 <=
 * 4 sin^2(radius / 2R) (radians) puts a point inside, with k = cos(lat0) times the largest
 * cos(lat) the test can let through (its latitudes are within the radius of the origin). It reads
 * nothing but the two columns; the chord decides the rest (the points outside, and inside near the
 * edge), so the answer is the chord's. Longitudes are not wrapped: past the antimeridian the
 * difference only grows, and the test says no.
 */
function surelyInside(near: Near & { radiusMetres: number }, alias: string): SQL {
  const a = sql.raw(alias);
  const angle = near.radiusMetres / EARTH_RADIUS_METRES;
  const radian = Math.PI / 180;
  const lowestLatitude = Math.max(0, Math.abs(near.latitude) - angle / radian);
  const k = Math.cos(near.latitude * radian) * Math.cos(lowestLatitude * radian);
  // In squared degrees, a hair under the exact bound, so that rounding cannot let an edge point in.
  const bound = ((4 * Math.sin(angle / 2) ** 2) / radian ** 2) * (1 - 1e-9);
  const dLat = sql`(${a}.public_latitude - ${near.latitude}::float8)`;
  const dLon = sql`(${a}.public_longitude - ${near.longitude}::float8)`;
  return sql`${dLat} * ${dLat} + ${k}::float8 * (${dLon} * ${dLon}) <= ${bound}::float8`;
}

/**
 * The latitudes and longitudes that hold the circle, on `alias`'s public point: a cheap check before
 * the chord's (`insideCircle`), for rows that carry the point as columns (the search postings). The
 * longitudes are left open where the circle reaches a pole or crosses the antimeridian.
 */
export function inBox(near: Near & { radiusMetres: number }, alias: string): SQL[] {
  const a = sql.raw(alias);
  const angle = near.radiusMetres / EARTH_RADIUS_METRES;
  const degrees = (radians: number) => (radians * 180) / Math.PI;
  // A hair wider than exact, so that rounding cannot drop a point on the edge; the chord decides.
  const margin = 1e-9;
  const latitude = sql`${a}.public_latitude between ${near.latitude - degrees(angle) - margin}::float8 and ${near.latitude + degrees(angle) + margin}::float8`;
  const ratio = Math.sin(angle) / Math.cos((near.latitude * Math.PI) / 180);
  if (!(ratio < 1)) return [latitude];
  const spread = degrees(Math.asin(ratio)) + margin;
  if (near.longitude - spread < -180 || near.longitude + spread > 180) return [latitude];
  return [latitude, sql`${a}.public_longitude between ${near.longitude - spread}::float8 and ${near.longitude + spread}::float8`];
}

/**
 * Within the radius, on `items i`: the GiST index finds the points inside the cube around the
 * circle (`earth_box`), and the chord to the origin keeps those inside the circle itself.
 */
export function withinRadius(near: Near & { radiusMetres: number }): SQL {
  return sql`earth_box(${originOf(near)}, ${near.radiusMetres}::float8) @> ${publicPointOf('i')} and ${insideCircle(near)}`;
}

/** Bands of latitude per degree in the bands' indexes (migrations 0045, 0047): 0.02 degrees, about 2.2 km. */
const BANDS_PER_DEGREE = 50;

/**
 * Within the radius, on `items i`, read by bands of latitude (`items_band_keys_idx`, migration 0047,
 * the only bands' index since the one carrying the search text went, migration 0057): the
 * bands the circle crosses, each read over the longitudes of the box that holds the circle (`inBox`),
 * then the chord. A btree reads one range per band, about 0.25 microseconds an entry, where the GiST
 * index's cube around the circle held some 2.5 times the entries at 0.65 each: every item within 25
 * miles of Sheffield under 15 pounds rated 4.5 or more (962 of about 7,000 there) counted in 1.6 ms
 * against 12.5. Across all categories only: within one, the GiST index keyed by category reads only its
 * share. Nearest first still walks the GiST index in distance order (`withinRadius`).
 */
export function withinRadiusByBands(near: Near & { radiusMetres: number }): SQL {
  const angle = near.radiusMetres / EARTH_RADIUS_METRES;
  const degrees = (angle * 180) / Math.PI;
  // A hair wider than exact, as `inBox` is: the chord decides.
  const first = Math.floor((near.latitude - degrees - 1e-9) * BANDS_PER_DEGREE);
  const last = Math.floor((near.latitude + degrees + 1e-9) * BANDS_PER_DEGREE);
  const [, longitudes] = inBox(near, 'i');
  return sql.join(
    [
      sql`floor(i.public_latitude * ${sql.raw(String(BANDS_PER_DEGREE))})::int = any(array(select generate_series(${first}::int, ${last}::int)))`,
      ...(longitudes ? [longitudes] : []),
      insideCircle(near),
    ],
    sql` and `,
  );
}

/**
 * The chord from the browse's origin to `alias`'s public point (null without one), in metres through
 * the Earth: `metresOfChord` makes it the great-circle metres cards say, in JavaScript rather than
 * through `earth_distance` (see `chordOfMetres`).
 */
export function chordFrom(near: GeoPoint, alias: string): SQL {
  return sql`cube_distance(${originOf(near)}, ${publicPointOf(alias)})`;
}
