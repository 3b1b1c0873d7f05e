import { sql, type SQL } from 'drizzle-orm';
import { METRES_PER_MILE, NEAREST_GROUP_MILES, RADIUS_MILES_OPTIONS, type BrowseFilters } from '@toolshed/core';
import { COUNT_BOUND } from './browse-rules.ts';
import { whereFor, type BrowseScope } from './browse-sql.ts';
import { chordFrom, chordOfMetres, originOf, publicPointOf, type Near } from './near-sql.ts';
import { rowCount } from './page-sql.ts';

/**
 * A browse within a radius that found nothing: the nearest match beyond it, the smallest radius that
 * reaches it and how many matches lie within NEAREST_GROUP_MILES of it inside that radius, in one
 * statement. The nearest is the first entry of a walk of the GiST index in distance order from the
 * origin (`<->`, as nearest first walks it: `items_near_all_idx` across all categories,
 * `items_near_idx` within one), with the other filters checked on each entry; the group is the
 * cube around it in the same index, checked on the chord, as a radius is (`withinRadius`), counted
 * up to the bound. The radius is chosen on chords: the smallest whose chord (`chordOfMetres`) is at
 * least the nearest's.
 */
export function nearestBeyond(scope: BrowseScope & { near: Near & { radiusMetres: number } }, f: BrowseFilters): SQL {
  const { near, ...anywhere } = scope;
  const located = sql`i.public_latitude is not null and i.public_longitude is not null`;
  const radii = sql.raw(RADIUS_MILES_OPTIONS.map((r) => `(${r}, ${chordOfMetres(r * METRES_PER_MILE)}::float8)`).join(', '));
  const groupMetres = NEAREST_GROUP_MILES * METRES_PER_MILE;
  const around = sql`earth_point(f.lat, f.lon)`;
  const grouped = [
    sql`earth_box(${around}, ${groupMetres}::float8) @> ${publicPointOf('i')}`,
    sql`cube_distance(${around}, ${publicPointOf('i')}) <= ${chordOfMetres(groupMetres)}::float8`,
    sql`(r.chord is null or cube_distance(${originOf(near)}, ${publicPointOf('i')}) <= r.chord)`,
  ];
  return sql`with f as materialized (
      select i.public_latitude as lat, i.public_longitude as lon, i.city, ${chordFrom(near, 'i')} as chord_m from items i
      where ${whereFor(anywhere, f, undefined, [located])}
      order by ${publicPointOf('i')} <-> ${originOf(near)} limit 1)
    select f.city, f.chord_m, r.miles as radius_miles,
      (select count(*)::int from (select 1 from items i where ${whereFor(anywhere, f, undefined, grouped)}
        limit ${rowCount(COUNT_BOUND + 1)}) g) as grouped
    from f left join lateral (
      select c.miles, c.chord from (values ${radii}) c(miles, chord) where c.chord >= f.chord_m order by c.chord limit 1
    ) r on true`;
}
