import { formatPence } from '@toolshed/core';
import { lazy, Suspense, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ErrorBoundary } from '../../../ui/error-boundary.tsx';
import { useAuth } from '../../auth/auth-provider.tsx';
import { useCheckedWheelbarrow } from '../use-checked-wheelbarrow.ts';
import { useHeight } from '../use-height.ts';

const WheelbarrowDetails = lazy(() => import('./wheelbarrow-details.tsx'));

const checkoutLinkClass =
  'rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-emerald-800 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-900';

const noteClass = 'mx-auto max-w-7xl px-4 py-3 text-slate-700 sm:px-6';

export function itemCount(n: number): string {
  return `${n} ${n === 1 ? 'item' : 'items'}`;
}

/**
 * The wheelbarrow, fixed at the bottom of every page while it holds something. A spacer of the
 * bar's own height follows the page so the bar never covers the end of it.
 */
export function WheelbarrowBar() {
  const wheelbarrow = useCheckedWheelbarrow();
  const { status } = useAuth();
  // The details belong to the page they were opened on: moving on (to checkout, say) closes them.
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const [barRef, height] = useHeight<HTMLElement>();
  const detailsId = useId();
  const { lines, flagged, price } = wheelbarrow;

  if (lines.length === 0) return null;
  const signedOut = status === 'signed-out';

  return (
    <>
      <div aria-hidden="true" style={{ height }} />
      <section
        ref={barRef}
        aria-label="Wheelbarrow"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-300 bg-white shadow-[0_-4px_16px_rgba(15,23,42,0.12)]"
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
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <p className="flex flex-wrap items-baseline gap-x-2 text-slate-900">
            <span className="font-semibold">{itemCount(lines.length)}</span>
            <span aria-hidden="true">·</span>
            <span>
              Total <span className="font-semibold">{formatPence(price.subtotalPence)}</span>
            </span>
            <span className="text-sm text-slate-600">plus 10% service fee at checkout</span>
          </p>
          {flagged.length > 0 && (
            <p className="text-sm font-medium text-amber-900">
              {flagged.length === 1 ? '1 item needs' : `${flagged.length} items need`} your attention
            </p>
          )}
          <div className="ml-auto flex items-center gap-2">
            <button
              type="button"
              aria-expanded={open}
              aria-controls={open ? detailsId : undefined}
              onClick={() => setOpenOn(open ? null : pathname)}
              className="rounded-md border border-slate-400 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
            >
              {open ? 'Hide details' : 'Show details'}
            </button>
            {/* Signed out: sign in first and come straight back to checkout. */}
            <Link to={signedOut ? '/login?from=/checkout' : '/checkout'} className={checkoutLinkClass}>
              {signedOut ? 'Sign in to Checkout' : 'Proceed to Checkout'}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
