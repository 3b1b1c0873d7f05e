import { formatPence } from '@toolshed/core';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, useLocation } from '../../../lib/router/index.ts';
import { ErrorBoundary } from '../../../ui/error-boundary.tsx';
import { useAuth } from '../../../data/auth-provider.tsx';
import { useCheckedWheelbarrow } from '../../../data/use-checked-wheelbarrow.ts';
import { useHeight } from '../use-height.ts';

const WheelbarrowDetails = lazy(() => import('./wheelbarrow-details.tsx'));

const checkoutLinkClass =
  'rounded-md bg-emerald-700 px-3 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-emerald-800 sm:px-4 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-900';

const noteClass = 'mx-auto max-w-7xl px-4 py-3 text-slate-700 sm:px-6';

/** Pages that show the wheelbarrow themselves, with the fee: a second total and button would only confuse. */
const PAGES_WITHOUT_BAR = ['/checkout', '/payment-selection', '/payment/', '/payment-success'];

/** Other fixed things (the toast) sit above the bar by reading this CSS variable. */
export const BAR_HEIGHT_VARIABLE = '--wheelbarrow-bar-height';

export function itemCount(n: number): string {
  return `${n} ${n === 1 ? 'item' : 'items'}`;
}

function flaggedText(n: number): string {
  return `not counting ${n === 1 ? '1 item that needs' : `${n} items that need`} your attention`;
}

export function barHiddenOn(pathname: string): boolean {
  return PAGES_WITHOUT_BAR.some(
    (page) => pathname === page || (page.endsWith('/') ? pathname.startsWith(page) : pathname.startsWith(`${page}/`)),
  );
}

/**
 * The wheelbarrow, fixed at the bottom of every page while it holds something (but not on checkout
 * and payment pages). A spacer of the bar's own height follows the page so the bar never covers the
 * end of it. On a phone it is one compact row.
 */
export function WheelbarrowBar() {
  const { pathname } = useLocation();
  if (barHiddenOn(pathname)) return null;
  return <Bar pathname={pathname} />;
}

function Bar({ pathname }: { pathname: string }) {
  const wheelbarrow = useCheckedWheelbarrow();
  const { status } = useAuth();
  // The details belong to the page they were opened on: moving on closes them.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const [barRef, height] = useHeight<HTMLElement>();
  const detailsId = useId();
  const { lines, flagged, price } = wheelbarrow;
  const shown = lines.length > 0;

  useEffect(() => {
    if (!shown) return;
    const root = document.documentElement;
    root.style.setProperty(BAR_HEIGHT_VARIABLE, `${height}px`);
    return () => {
      root.style.removeProperty(BAR_HEIGHT_VARIABLE);
    };
  }, [shown, height]);

  if (!shown) return null;
  const signedOut = status === 'signed-out';
  const checkoutLabel = signedOut ? 'Sign in to Checkout' : 'Proceed to Checkout';

  return (
    <>
      <div aria-hidden="true" style={{ height }} />
      <section
        ref={barRef}
        aria-label="Wheelbarrow"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-300 bg-white/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_16px_rgba(15,23,42,0.12)] backdrop-blur"
      >
        {open && (
          <div id={detailsId} className="max-h-[50vh] overflow-y-auto border-b border-slate-200">
            {/* A failed chunk download stays inside the bar instead of taking the page down. */}
            <ErrorBoundary fallback={() => <p className={noteClass}>The details could not be opened. Please reload the page.</p>}>
              <Suspense fallback={<p className={noteClass}>Loading...</p>}>
                <WheelbarrowDetails lines={lines} />
              </Suspense>
            </ErrorBoundary>
          </div>
        )}
        <div className="mx-auto flex max-w-7xl items-center gap-x-3 gap-y-1 px-3 py-2 sm:flex-wrap sm:gap-x-4 sm:px-6 sm:py-3">
          <div className="min-w-0 flex-1 text-sm sm:text-base">
            <p className="flex flex-wrap items-baseline gap-x-2 text-slate-900">
              <span className="font-semibold">{itemCount(lines.length)}</span>
              <span aria-hidden="true">·</span>
              <span>
                Total <span className="font-semibold">{formatPence(price.subtotalPence)}</span>
              </span>
              <span className="hidden text-sm text-slate-600 sm:inline">plus 10% service fee at checkout</span>
            </p>
            {flagged.length > 0 && <p className="text-xs font-medium text-amber-900 sm:text-sm">{flaggedText(flagged.length)}</p>}
          </div>
          <div className="ml-auto flex shrink-0 items-center gap-2">
            <button
              type="button"
              aria-expanded={open}
              aria-controls={open ? detailsId : undefined}
              aria-label={open ? 'Hide details' : 'Show details'}
              onClick={() => setOpenOn(open ? null : pathname)}
              className="rounded-md border border-slate-400 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
            >
              <span className="sm:hidden">{open ? 'Hide' : 'Details'}</span>
              <span className="hidden sm:inline">{open ? 'Hide details' : 'Show details'}</span>
            </button>
            {/* Signed out: sign in first and come straight back to checkout. */}
            <Link to={signedOut ? '/login?from=/checkout' : '/checkout'} aria-label={checkoutLabel} className={checkoutLinkClass}>
              <span className="sm:hidden">{signedOut ? 'Sign in' : 'Checkout'}</span>
              <span className="hidden sm:inline">{checkoutLabel}</span>
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
