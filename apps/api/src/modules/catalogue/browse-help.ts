/**
 * What a browse that finds nothing says instead: the filters that keep its matches out (with how
 * many each would let in), or the nearest matches beyond its radius.
 */
import { METRES_PER_MILE, RADIUS_MILES_OPTIONS, roundedMiles, type BrowseFilters } from '@toolshed/core';
import type { BrowseRelaxation, NearAnswer, NearestMatches } from '@toolshed/core/contract';
import type { SearchPlan } from '@toolshed/core/search';
import type { BrowseScope, CatalogueRepository } from './catalogue-repository.ts';
import { COUNT_BOUND } from './browse-rules.ts';
import { hasRadius } from './browse-sql.ts';

/**
 * A search that matches nothing: each filter that keeps its matches out, with how many would match
 * without it (every other filter kept): the price limit, the rating, the dates, the category, and
 * the distance widened to the next that finds some (else any distance).
 */
export async function relaxationsOf(
  repo: CatalogueRepository,
  scope: BrowseScope,
  filters: BrowseFilters,
  plan: SearchPlan,
  near: NearAnswer | undefined,
) {
  const out: BrowseRelaxation[] = [];
  const add = async (filter: BrowseRelaxation['filter'], s: BrowseScope, f: BrowseFilters, extra: Partial<BrowseRelaxation> = {}) => {
    const matched = await repo.countMatches(s, f, plan);
    if (matched === 0) return false;
    out.push({ filter, ...extra, total: Math.min(matched, COUNT_BOUND), ...(matched > COUNT_BOUND ? { totalCapped: true } : {}) });
    return true;
  };
  if (filters.maxPricePence !== undefined) await add('maxPrice', scope, { ...filters, maxPricePence: undefined });
  if (filters.minRating !== undefined) await add('minRating', scope, { ...filters, minRating: undefined });
  if (filters.startDate !== undefined) await add('dates', scope, { ...filters, startDate: undefined, endDate: undefined });
  if (near && scope.near && filters.radiusMiles !== undefined) {
    const radius = filters.radiusMiles;
    for (const wider of [...RADIUS_MILES_OPTIONS.filter((r) => r > radius), undefined]) {
      const { radiusMetres: _, ...point } = scope.near;
      const widened = { ...scope, near: wider === undefined ? point : { ...point, radiusMetres: wider * METRES_PER_MILE } };
      if (await add('radius', widened, { ...filters, radiusMiles: wider }, { radiusMiles: wider ?? null })) break;
    }
  }
  if (scope.categoryId !== null && !scope.ownerId) await add('category', { ...scope, categoryId: null }, filters);
  return out;
}

/**
 * Nothing within the radius (and no words, whose relaxations widen it): the nearest matches beyond
 * it, named by the town of the nearest, with the radius that reaches it.
 */
export async function nearestOf(
  repo: CatalogueRepository,
  scope: BrowseScope,
  filters: BrowseFilters,
): Promise<NearestMatches | undefined> {
  if (!hasRadius(scope)) return undefined;
  const found = await repo.nearestBeyond(scope, filters);
  if (!found) return undefined;
  return {
    city: found.city,
    distanceMiles: roundedMiles(found.metres),
    radiusMiles: found.radiusMiles,
    total: Math.min(found.grouped, COUNT_BOUND),
    ...(found.grouped > COUNT_BOUND ? { totalCapped: true } : {}),
  };
}
