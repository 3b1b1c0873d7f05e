import type { ReactNode } from 'react';

/**
 * One route of the tree. `path` is relative to the parent's ('category/:categoryId'); segments may
 * be ':name' (one segment), ':name?' (optional) or a final '*' (the rest, as params['*']). A route
 * without `path` is a layout that matches only through its children; an `index` route matches when
 * nothing of the address is left. `errorElement` replaces the route's element when it, or anything
 * below it, throws while rendering.
 */
export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  errorElement?: ReactNode;
  children?: RouteObject[];
}

export type Params = Readonly<Record<string, string | undefined>>;

export interface RouteMatch {
  route: RouteObject;
  /** Every parameter matched so far, from the root down to this route. */
  params: Params;
  /** The part of the address this route and its parents matched, e.g. '/category/all'. */
  pathname: string;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** How many of `segments` the pattern takes and what it binds, or null when it does not fit. */
function matchPattern(pattern: string, segments: string[]): { used: number; params: Record<string, string> } | null {
  const params: Record<string, string> = {};
  let used = 0;
  for (const part of pattern.split('/').filter(Boolean)) {
    if (part === '*') {
      params['*'] = segments.slice(used).map(decode).join('/');
      return { used: segments.length, params };
    }
    const segment = segments[used];
    if (part.startsWith(':')) {
      const optional = part.endsWith('?');
      const name = part.slice(1, optional ? -1 : undefined);
      if (segment === undefined) {
        if (optional) continue;
        return null;
      }
      params[name] = decode(segment);
    } else if (segment === undefined || decode(segment).toLowerCase() !== part.toLowerCase()) {
      return null;
    }
    used += 1;
  }
  return { used, params };
}

function matchBranch(routes: RouteObject[], segments: string[], used: number, params: Params): RouteMatch[] | null {
  for (const route of routes) {
    const here = route.index ? { used: 0, params: {} } : matchPattern(route.path ?? '', segments.slice(used));
    if (!here) continue;
    if (route.index && used < segments.length) continue;
    const taken = used + here.used;
    const match: RouteMatch = {
      route,
      params: { ...params, ...here.params },
      pathname: `/${segments.slice(0, taken).join('/')}`,
    };
    if (route.children) {
      const below = matchBranch(route.children, segments, taken, match.params);
      if (below) return [match, ...below];
    }
    // A layout route without a path is only a wrapper: it needs a child to match.
    if (taken === segments.length && (route.path !== undefined || route.index)) return [match];
  }
  return null;
}

/**
 * The routes, root first, that render `pathname`, or null. Routes are tried in the order they are
 * declared and the first that fits wins, so a catch-all '*' goes last. Static segments ignore case.
 */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  return matchBranch(routes, pathname.split('/').filter(Boolean), 0, {});
}
