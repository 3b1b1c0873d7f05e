import { useCallback, useContext, useMemo } from 'react';
import { LocationContext, RouteContext, RouteErrorContext, RouterContext } from './context.ts';
import type { Location } from './history.ts';
import type { Params } from './match-routes.ts';
import { createPath, resolveTo, type To } from './path.ts';
import type { NavigateOptions, Router } from './router.ts';

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Router hooks and links must be used inside a RouterProvider or MemoryRouter');
  return router;
}

export function useLocation(): Location {
  useRouter();
  return useContext(LocationContext)!;
}

/** The parameters of the route being rendered and of the routes around it. */
export function useParams(): Params {
  return useContext(RouteContext).match?.params ?? {};
}

/** The route's own matched path, which relative links ('?page=2', 'items') are read against. */
function useRoutePathname(): string {
  const { match } = useContext(RouteContext);
  const location = useLocation();
  return match?.pathname ?? location.pathname;
}

/** The address `to` leads to from the route being rendered, as an href. */
export function useHref(to: To): string {
  return createPath(resolveTo(to, useRoutePathname()));
}

export type NavigateFunction = (to: To | number, options?: NavigateOptions) => Promise<void>;

export function useNavigate(): NavigateFunction {
  const router = useRouter();
  const base = useRoutePathname();
  return useCallback(
    (to, options) => (typeof to === 'number' ? router.navigate(to) : router.navigate(resolveTo(to, base), options)),
    [router, base],
  );
}

type SearchInit = URLSearchParams | string | Record<string, string>;
export type SetSearchParams = (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void;

/** The current query, and a setter that replaces it on the same path (the hash is dropped). */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const router = useRouter();
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      // Read the latest address, not the one of the last render: two updates in a row both count.
      const current = new URLSearchParams(router.state.location.search);
      const value = new URLSearchParams(typeof next === 'function' ? next(current) : next).toString();
      void router.navigate({ pathname: router.state.location.pathname, search: value ? `?${value}` : '' }, options);
    },
    [router],
  );
  return [params, setParams];
}

/** Inside a route's `errorElement`: what was thrown. */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}
