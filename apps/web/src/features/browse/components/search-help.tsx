import { ALL_CATEGORY_ID, formatPence, parseBrowseFilters, todayInLondon } from '@toolshed/core';
import type { BrowseRelaxation, NearAnswer, NearestMatches } from '@toolshed/core/contract';
import { Link, useSearchParams } from '../../../lib/router/index.ts';
import { readFilters, toSearch, withRelaxation, withSearchAsTyped } from '../filter-params.ts';
import { RESULTS_HEADING_ID } from './browse-welcome.tsx';

const linkClass = 'font-medium text-emerald-800 underline underline-offset-4 hover:text-emerald-950';

/** The link's own text goes with the results it replaces: the focus waits on the heading above them. */
function focusResultsHeading() {
  document.getElementById(RESULTS_HEADING_ID)?.focus();
}

/**
 * 'Showing results for pressure washer': a word of the search matched nothing and was read as a
 * near spelling. The link asks again for the words as typed (asTyped=true in the address).
 */
export function CorrectedSearch({ corrected }: { corrected: string }) {
  const [params] = useSearchParams();
  const typed = (params.get('search') ?? '').trim();
  return (
    <p className="mb-3 text-slate-800">
      Showing results for <strong className="font-semibold text-slate-900">{corrected}</strong>.{' '}
      <Link to={toSearch(withSearchAsTyped(params))} onClick={focusResultsHeading} className={linkClass}>
        Search for <span className="italic">{typed}</span> instead
      </Link>
    </p>
  );
}

/** '3 items match', '1 item matches', '1,000+ items match'. */
function matching(relaxation: BrowseRelaxation): string {
  const capped = relaxation.totalCapped === true;
  const count = `${relaxation.total.toLocaleString('en-GB')}${capped ? '+' : ''}`;
  return `${count} ${relaxation.total === 1 && !capped ? 'item matches' : 'items match'}`;
}

/** What is different in the browse that finds them: '...without the £5.00 limit', '...within 10 miles'. */
function difference(relaxation: BrowseRelaxation, maxPricePence: number | undefined): string {
  switch (relaxation.filter) {
    case 'maxPrice':
      return maxPricePence === undefined ? 'without the price limit' : `without the ${formatPence(maxPricePence)} limit`;
    case 'minRating':
      return 'without the minimum rating';
    case 'dates':
      return 'on other dates';
    case 'radius': {
      const miles = relaxation.radiusMiles ?? null;
      return miles === null ? 'at any distance' : `within ${miles} ${miles === 1 ? 'mile' : 'miles'}`;
    }
    case 'category':
      return 'in All Items';
  }
}

/**
 * Nothing matches a search, and a filter is why: for each one that keeps matches out, how many
 * there would be without it (or further away, or in All Items), as a link to that browse.
 */
export function NoMatchHelp({ relaxations }: { relaxations: BrowseRelaxation[] }) {
  const [params] = useSearchParams();
  const parsed = parseBrowseFilters(readFilters(params), todayInLondon());
  const search = parsed.ok ? parsed.value.search : undefined;
  if (!search || relaxations.length === 0) return null;
  const maxPricePence = parsed.ok ? parsed.value.maxPricePence : undefined;
  return (
    <ul className="mt-4 space-y-2">
      {relaxations.map((relaxation) => {
        const query = toSearch(withRelaxation(params, relaxation));
        const to = relaxation.filter === 'category' ? `/category/${ALL_CATEGORY_ID}${query}` : query;
        return (
          <li key={relaxation.filter}>
            <Link to={to} onClick={focusResultsHeading} className={linkClass}>
              {`${matching(relaxation)} '${search}' ${difference(relaxation, maxPricePence)}`}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

const miles = (n: number) => `${n} ${n === 1 ? 'mile' : 'miles'}`;

/**
 * Nothing within the radius: 'Nothing within 5 miles of OX2. The nearest: 3 items in Reading, 24
 * miles', with a link to the browse at the smallest radius that reaches them (or at any distance).
 */
export function NearestMatchesHelp({ near, nearest }: { near: NearAnswer & { radiusMiles: number }; nearest: NearestMatches }) {
  const [params] = useSearchParams();
  const count = `${nearest.total.toLocaleString('en-GB')}${nearest.totalCapped ? '+' : ''}`;
  const things = nearest.total === 1 && !nearest.totalCapped ? 'item' : 'items';
  const where = nearest.city ? ` in ${nearest.city}` : '';
  const to = toSearch(withRelaxation(params, { filter: 'radius', radiusMiles: nearest.radiusMiles, total: nearest.total }));
  return (
    <div className="space-y-3">
      <p>
        Nothing within {miles(near.radiusMiles)} of {near.label}. The nearest: {count} {things}
        {where}, {miles(nearest.distanceMiles)}.
      </p>
      <Link to={to} onClick={focusResultsHeading} className={`inline-block ${linkClass}`}>
        {nearest.radiusMiles === null ? 'Show all' : `Show items within ${miles(nearest.radiusMiles)}`}
      </Link>
    </div>
  );
}
