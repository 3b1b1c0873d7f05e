import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createBrowserRouter,
  createMemoryRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  RouterProvider,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
  type RouteObject,
} from './index.ts';

afterEach(cleanup);

function Where() {
  const location = useLocation();
  return <output aria-label="where">{location.pathname + location.search + location.hash}</output>;
}

/** A parent with its own state, to tell whether a child route's change remounted it. */
function Category() {
  const { categoryId } = useParams();
  const [clicks, setClicks] = useState(0);
  return (
    <section>
      <h1>Category {categoryId}</h1>
      <button type="button" onClick={() => setClicks((c) => c + 1)}>
        Clicked {clicks}
      </button>
      <Link to={`/category/${categoryId}/item/i-1`} state={{ openedFromList: true }}>
        Open i-1
      </Link>
      <Link to="?page=2">Page 2</Link>
      <Outlet />
    </section>
  );
}

function Popup() {
  const { categoryId, itemId } = useParams();
  const { state } = useLocation();
  const navigate = useNavigate();
  return (
    <div role="dialog" aria-label={`Item ${itemId} in ${categoryId}`}>
      {(state as { openedFromList?: boolean } | null)?.openedFromList ? 'from the list' : 'deep link'}
      <button type="button" onClick={() => void navigate(-1)}>
        Close
      </button>
    </div>
  );
}

function Tabs() {
  const [params, setParams] = useSearchParams();
  return (
    <button type="button" onClick={() => setParams((p) => ({ tab: p.get('tab') === 'b' ? 'a' : 'b' }), { replace: true })}>
      Tab {params.get('tab') ?? 'none'}
    </button>
  );
}

function Broken(): never {
  throw new Error('page broke');
}

function Failure() {
  return <p role="alert">Failed: {(useRouteError() as Error).message}</p>;
}

function Layout() {
  return (
    <>
      <nav>
        <NavLink to="/category/all">All</NavLink>
        <NavLink to="/owner/u1" end>
          Overview
        </NavLink>
        <NavLink to="/owner/u1/items" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Items
        </NavLink>
        <Link to="/broken">Broken</Link>
      </nav>
      <Where />
      <Outlet />
    </>
  );
}

const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        errorElement: <Failure />,
        children: [
          { index: true, element: <Navigate to="/category/all" replace /> },
          { path: 'category/:categoryId', element: <Category />, children: [{ path: 'item/:itemId', element: <Popup /> }] },
          { path: 'owner/:ownerId', element: <p>Owner overview</p> },
          { path: 'owner/:ownerId/items', element: <p>Owner items</p> },
          { path: 'tabs', element: <Tabs /> },
          { path: 'broken', element: <Broken /> },
          { path: '*', element: <p>Not found</p> },
        ],
      },
    ],
  },
];

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const where = () => screen.getByRole('status', { name: 'where' }).textContent;

describe('router', () => {
  it('redirects the index route, replacing the entry', async () => {
    const router = renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Category all' })).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('opens a child route over its parent without remounting it, with the link state, and Back closes it', async () => {
    const user = userEvent.setup();
    const router = renderAt('/category/tools');
    await user.click(screen.getByRole('button', { name: 'Clicked 0' }));
    await user.click(screen.getByRole('link', { name: 'Open i-1' }));
    expect(screen.getByRole('dialog', { name: 'Item i-1 in tools' }).textContent).toContain('from the list');
    expect(router.state.historyAction).toBe('PUSH');
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(where()).toBe('/category/tools');
    expect(router.state.historyAction).toBe('POP');
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeInTheDocument();
  });

  it('reads a query-only link against the route it is in', async () => {
    const user = userEvent.setup();
    renderAt('/category/tools/item/i-1');
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe('/category/tools?page=2');
    expect(screen.getByRole('dialog').textContent).toContain('deep link');
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    expect(where()).toBe('/category/tools?page=2');
  });

  it('leaves modified clicks and other targets to the browser', async () => {
    const user = userEvent.setup();
    const router = renderAt('/category/tools');
    const link = screen.getByRole('link', { name: 'Open i-1' });
    // happy-dom would try to open the page itself; only whether the app navigated matters here.
    link.addEventListener('click', (e) => e.preventDefault());
    await user.keyboard('{Control>}');
    await user.click(link);
    await user.keyboard('{/Control}');
    expect(router.state.location.pathname).toBe('/category/tools');
    cleanup();
    render(
      <MemoryRouter initialEntries={['/here']}>
        <Link to="/there" target="_blank">
          New tab
        </Link>
        <Where />
      </MemoryRouter>,
    );
    const newTab = screen.getByRole('link', { name: 'New tab' });
    newTab.addEventListener('click', (e) => e.preventDefault());
    await user.click(newTab);
    expect(where()).toBe('/here');
  });

  it('does not add a second entry for a link to where the user already is', async () => {
    const user = userEvent.setup();
    const router = renderAt('/category/all');
    await user.click(screen.getByRole('link', { name: 'All' }));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('marks the current page on NavLinks, below it unless `end`', () => {
    renderAt('/owner/u1/items');
    expect(screen.getByRole('link', { name: 'Items' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Items' }).className).toBe('on');
    expect(screen.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBeNull();
    cleanup();
    renderAt('/category/all/item/i-1');
    expect(screen.getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'All' }).className).toBe('active');
  });

  it('sets the query from the latest one, replacing the entry when asked', async () => {
    const user = userEvent.setup();
    const router = renderAt('/tabs?tab=a#top');
    await user.click(screen.getByRole('button', { name: 'Tab a' }));
    expect(where()).toBe('/tabs?tab=b');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("shows the route's error element when a page throws, and clears it on the next navigation", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/category/all');
    await user.click(screen.getByRole('link', { name: 'Broken' }));
    expect(screen.getByRole('alert').textContent).toBe('Failed: page broke');
    // The layout around the boundary still works.
    await user.click(screen.getByRole('link', { name: 'All' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Category all' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('renders the catch-all for an unknown address', () => {
    renderAt('/nowhere/at/all');
    expect(screen.getByText('Not found')).toBeInTheDocument();
  });
});

describe('browser router', () => {
  it('keeps state in the history entry and follows Back and Forward', async () => {
    window.history.replaceState(null, '', '/category/all');
    const router = createBrowserRouter(routes);
    render(<RouterProvider router={router} />);
    expect(router.state.location.key).toBe('default');
    await act(() => router.navigate('/category/all/item/i-1', { state: { openedFromList: true } }));
    expect(window.location.pathname).toBe('/category/all/item/i-1');
    expect(window.history.state).toMatchObject({ usr: { openedFromList: true }, idx: 1 });
    expect(screen.getByRole('dialog').textContent).toContain('from the list');

    // A popstate as the browser sends it after Back.
    window.history.replaceState({ usr: null, key: 'default', idx: 0 }, '', '/category/all');
    await act(async () => window.dispatchEvent(new PopStateEvent('popstate')));
    expect(router.state.historyAction).toBe('POP');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(where()).toBe('/category/all');
  });
});
