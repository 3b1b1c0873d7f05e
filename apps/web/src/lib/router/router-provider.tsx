import { startTransition, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import { LocationContext, RouteContext, RouterContext } from './context.ts';
import type { RouteMatch } from './match-routes.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { createMemoryRouter, type Router, type RouterState } from './router.ts';
import type { Location } from './history.ts';

/** Nests the matched routes' elements, root outermost; each Outlet shows the next one down. */
function renderMatches(matches: RouteMatch[], location: Location): ReactNode {
  let outlet: ReactNode = null;
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i]!;
    const { element, errorElement } = match.route;
    let rendered: ReactNode = <RouteContext value={{ match, outlet }}>{element === undefined ? <Outlet /> : element}</RouteContext>;
    if (errorElement !== undefined) {
      rendered = (
        <RouteErrorBoundary location={location} errorElement={<RouteContext value={{ match, outlet: null }}>{errorElement}</RouteContext>}>
          {rendered}
        </RouteErrorBoundary>
      );
    }
    outlet = rendered;
  }
  return outlet;
}

/**
 * Navigations render as transitions: a page whose lazy chunk is still loading leaves the current
 * page on screen until it is ready, instead of hiding it behind a loading message.
 */
function useRouterState(router: Router): RouterState {
  const [state, setState] = useState(router.state);
  useLayoutEffect(() => {
    const follow = () => startTransition(() => setState(router.state));
    const unsubscribe = router.subscribe(follow);
    // A navigation between the first render and this subscription (a redirect) is not lost.
    follow();
    return unsubscribe;
  }, [router]);
  return state;
}

/** Renders the page for the router's address and re-renders on every navigation. */
export function RouterProvider({ router }: { router: Router }) {
  const state = useRouterState(router);
  return (
    <RouterContext value={router}>
      <LocationContext value={state.location}>{renderMatches(state.matches, state.location)}</LocationContext>
    </RouterContext>
  );
}

/** For tests of components that hold links: a router in memory with no routes around `children`. */
export function MemoryRouter({ children, initialEntries }: { children: ReactNode; initialEntries?: string[] }) {
  const [router] = useState(() => createMemoryRouter([], { initialEntries }));
  const state = useRouterState(router);
  return (
    <RouterContext value={router}>
      <LocationContext value={state.location}>{children}</LocationContext>
    </RouterContext>
  );
}

/** Where a route's element shows its child route (nothing when no child matched). */
export function Outlet() {
  return useContext(RouteContext).outlet;
}
