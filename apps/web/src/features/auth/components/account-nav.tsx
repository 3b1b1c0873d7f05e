import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from '../../../lib/router/index.ts';
import { useAuth } from '../../../data/auth-provider.tsx';
import { NAV_ITEM } from './nav-item.ts';

// A signed-in user's links and menu are a chunk of their own: most first pages are a visitor's, and
// for a member the session is read over the network first anyway (the area is empty until then).
const SignedIn = lazy(() => import('./signed-in-nav.tsx').then((m) => ({ default: m.SignedIn })));

function SignedOut() {
  return (
    <nav aria-label="Account">
      <ul className="flex items-center gap-0.5 sm:gap-2">
        <li>
          <Link to="/login" className={`${NAV_ITEM} px-2 sm:px-3`}>
            Log In
          </Link>
        </li>
        <li>
          <Link
            to="/login?mode=signup"
            className="rounded-md bg-emerald-700 px-2.5 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-emerald-800 sm:px-3"
          >
            Sign Up
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/**
 * The header's account area. Nothing while the session is read, so no wrong state flashes.
 * `bell`: what a signed-in user sees first (the notifications link, which the header brings).
 */
export function AccountNav({ bell }: { bell: ReactNode }) {
  const { status, user } = useAuth();
  if (status === 'loading') return null;
  if (status === 'signed-out' || !user) return <SignedOut />;
  return (
    <Suspense fallback={null}>
      <SignedIn user={user} bell={bell} />
    </Suspense>
  );
}
