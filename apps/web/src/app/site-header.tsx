import { lazy, useEffect } from 'react';
import { Link } from '../lib/router/index.ts';
import { useAuth } from '../data/auth-provider.tsx';
import { useDataSource } from '../data/data-source.tsx';
import { AccountNav } from '../features/auth/components/account-nav.tsx';

// Only a signed-in member sees the notifications link: it comes with their account links (a chunk of
// its own too, see account-nav.tsx), not with a visitor's first page.
const loadBell = () => import('../features/notifications/components/notifications-link.tsx');
const NotificationsLink = lazy(() => loadBell().then((m) => ({ default: m.NotificationsLink })));

function BrandMark() {
  return (
    <svg viewBox="0 0 24 24" className="h-7 w-7" aria-hidden="true">
      <rect width="24" height="24" rx="6" className="fill-emerald-700" />
      <path d="M5 11.5 12 6l7 5.5V18a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1z" className="fill-white" />
      <path d="M10 19v-4.5h4V19" className="fill-emerald-700" />
    </svg>
  );
}

/** Shown whenever the app serves the built-in sample catalogue instead of the live API. */
function MockDataBadge() {
  const explanation = 'The Toolshed server cannot be reached, so you are browsing a built-in sample catalogue. Nothing can be booked.';
  return (
    <div className="flex items-center gap-2" title={explanation}>
      <span className="rounded-full border border-amber-300 bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900 sm:px-2.5">
        Mock Data
      </span>
      <span className="hidden text-xs text-slate-600 lg:inline">Sample catalogue, read-only</span>
      <span className="sr-only">{explanation}</span>
    </div>
  );
}

export function SiteHeader() {
  const { mode } = useDataSource();
  const { status } = useAuth();
  // Fetched alongside the account links rather than after them; both show together (one Suspense).
  useEffect(() => {
    if (status === 'signed-in') void loadBell().catch(() => undefined);
  }, [status]);
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6">
        <div className="flex min-w-0 items-center gap-2 sm:gap-3">
          <Link
            to="/category/all"
            className="flex items-center gap-2 rounded-md text-base font-bold tracking-tight whitespace-nowrap text-slate-900 sm:text-lg"
          >
            <BrandMark />
            Toolshed
          </Link>
          {mode === 'mock' && <MockDataBadge />}
        </div>
        <AccountNav bell={<NotificationsLink />} />
      </div>
    </header>
  );
}
