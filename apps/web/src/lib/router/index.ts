/**
 * The app's router: routes as nested objects, the browser's history, links and the hooks pages use
 * to read and change the address. Written here instead of taking a router library, whose weight
 * the first page paid for features the app does not use (loaders, actions, fetchers).
 */
export { Link, Navigate, NavLink } from './link.tsx';
export type { RouteObject } from './match-routes.ts';
export { useLocation, useNavigate, useParams, useRouteError, useSearchParams } from './hooks.ts';
export { createBrowserRouter, createMemoryRouter } from './router.ts';
export { MemoryRouter, Outlet, RouterProvider } from './router-provider.tsx';
