import { lazy, Suspense } from 'react';
import { ErrorBoundary } from '../../../ui/error-boundary.tsx';
import { useWheelbarrow } from '../wheelbarrow-store.tsx';

const Bar = lazy(() => import('./wheelbarrow-bar.tsx').then((m) => ({ default: m.WheelbarrowBar })));

/**
 * The wheelbarrow bar, downloaded only once the wheelbarrow holds something: a first visit, with
 * nothing in it, does not pay for the bar's code. The bar is fixed at the bottom of the screen, so
 * arriving a moment later moves nothing on the page.
 */
export function WheelbarrowBar() {
  const { lines } = useWheelbarrow();
  if (lines.length === 0) return null;
  return (
    // A failed download (offline) costs the bar, not the page.
    <ErrorBoundary fallback={() => null}>
      <Suspense fallback={null}>
        <Bar />
      </Suspense>
    </ErrorBoundary>
  );
}
