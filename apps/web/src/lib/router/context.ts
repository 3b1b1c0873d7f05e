import { createContext, type ReactNode } from 'react';
import type { Location } from './history.ts';
import type { RouteMatch } from './match-routes.ts';
import type { Router } from './router.ts';

export const RouterContext = createContext<Router | null>(null);
export const LocationContext = createContext<Location | null>(null);

/** The route being rendered (null above every route) and what its Outlet shows. */
export interface RouteContextValue {
  match: RouteMatch | null;
  outlet: ReactNode;
}
export const RouteContext = createContext<RouteContextValue>({ match: null, outlet: null });

/** What the nearest route error boundary caught. */
export const RouteErrorContext = createContext<unknown>(undefined);
