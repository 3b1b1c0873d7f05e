import { Navigate, Outlet, useLocation } from '../../lib/router/index.ts';
import { PageMain } from '../../ui/page-main.tsx';
import { StatusMessage } from '../../ui/status-views.tsx';
import { useAuth } from '../../data/auth-provider.tsx';
import { useDataSource } from '../../data/data-source.tsx';
import { loginPathFrom } from './safe-path.ts';

/** Layout route for pages that need an account: signed-out visitors sign in first, then come back. */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') {
    return (
      <PageMain className="mx-auto max-w-7xl px-4 sm:px-6">
        <StatusMessage>Loading...</StatusMessage>
      </PageMain>
    );
  }
  if (status === 'signed-out') return <Navigate to={loginPathFrom(location.pathname + location.search)} replace />;
  return <Outlet />;
}

/**
 * Layout route for account pages that Mock Data mode shows from sample data (the wanted board, a
 * wanted post, asking and your own posts, Saved, saved searches): with no server to sign in to, they show read-only; otherwise
 * they need an account like any other.
 */
export function RequireAuthOrSample() {
  const { mode } = useDataSource();
  return mode === 'mock' ? <Outlet /> : <RequireAuth />;
}
