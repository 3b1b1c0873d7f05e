import { readNear } from '@toolshed/core';
import { useParams, useSearchParams } from '../../lib/router/index.ts';
import { useItems } from '../../data/get-items.ts';
import { readFilters } from './filter-params.ts';

/**
 * The location box's text as a person reads it. A place typed is shown as typed; a point ("Use my
 * location", "Search this area") is carried in the address as coordinates, and is shown by the name
 * the results gave it ('a point near Headingley'), never as '54.059,1.406'. The results' query is
 * the category screen's own (the same key), so this asks nothing more of the server.
 */
export function useNearShown(): string {
  const [params] = useSearchParams();
  const { categoryId = 'all' } = useParams();
  const near = params.get('near') ?? '';
  const point = readNear(near)?.kind === 'point';
  const items = useItems(categoryId, readFilters(params), point);
  if (!point) return near;
  return items.data?.near?.label ?? 'the chosen point';
}
