/**
 * The app's router: routes as nested objects, the browser's history, links and the hooks pages use
 * to read and change the address. Written here instead of taking a router library, whose weight
 * the first page paid for features the app does not use (loaders, actions, fetchers).
 */
export type { Location } from './history.ts';
export { Link, Navigate, NavLink, type LinkProps, type NavLinkProps } from './link.tsx';
export type { Params, RouteObject } from './match-routes.ts';
export { useHref, useLocation, useNavigate, useParams, useRouteError, useSearchParams, type NavigateFunction } from './hooks.ts';
export { createBrowserRouter, createMemoryRouter, type Router } from './router.ts';
export { MemoryRouter, Outlet, RouterProvider } from './router-provider.tsx';
