/** A URL inside the app, split the way the router and `history` keep it. */
export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

/** What a link or navigation may point to: a string ('/a?b#c', '?page=2', '../x') or parts of one. */
export type To = string | Partial<Path>;

export function parsePath(path: string): Partial<Path> {
  const parts: Partial<Path> = {};
  let rest = path;
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) {
    parts.hash = rest.slice(hashAt);
    rest = rest.slice(0, hashAt);
  }
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) {
    parts.search = rest.slice(searchAt);
    rest = rest.slice(0, searchAt);
  }
  if (rest) parts.pathname = rest;
  return parts;
}

/** '?a' and '#a' keep their mark; a lone '?' or '#' means nothing and is dropped. */
export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  const s = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  const h = hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : '';
  return pathname + s + h;
}

function joinSegments(base: string, relative: string): string {
  const segments = base.split('/').filter(Boolean);
  for (const segment of relative.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '.' && segment !== '') segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/**
 * Where `to` leads from the route whose matched path is `routePathname`. As with links in plain
 * HTML, a relative path is read against the route's path, and a link that gives only a query
 * ('?page=2') or nothing at all stays on that path.
 */
export function resolveTo(to: To, routePathname: string): Path {
  const parts = typeof to === 'string' ? parsePath(to) : to;
  const target = parts.pathname;
  let pathname: string;
  if (target === undefined || target === '') pathname = routePathname;
  else if (target.startsWith('/')) pathname = target;
  else pathname = joinSegments(routePathname, target);
  const path = parsePath(createPath({ pathname, search: parts.search, hash: parts.hash }));
  return { pathname, search: path.search ?? '', hash: path.hash ?? '' };
}
