import { lazy, Suspense, useState, type ComponentType } from 'react';
import { ErrorBoundary } from '../../../ui/error-boundary.tsx';
import { useWheelbarrow } from '../../../data/wheelbarrow-store.tsx';

let loaded: ComponentType | undefined;
let loading: Promise<{ default: ComponentType }> | undefined;

/**
 * Starts downloading the bar's code, once. The item popup calls it when it opens, so the bar is
 * ready by the time something is added: it then appears in the same render as the 'Added' toast,
 * which sits above it, instead of a moment later under a toast already placed at the bottom.
 */
export function preloadWheelbarrowBar(): Promise<{ default: ComponentType }> {
  loading ??= import('./wheelbarrow-bar.tsx').then(
    (m) => {
      loaded = m.WheelbarrowBar;
      return { default: m.WheelbarrowBar };
    },
    (err: unknown) => {
      // Offline for now: the next call tries again.
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

const LazyBar = lazy(preloadWheelbarrowBar);

/** The bar itself if its code is here already, else through Suspense; chosen once per mount. */
function LoadedBar() {
  const [Bar] = useState<ComponentType>(() => loaded ?? LazyBar);
  return <Bar />;
}

/**
 * The wheelbarrow bar, downloaded only once the wheelbarrow holds something (or an item popup
 * opens): a first visit, with nothing in it, does not pay for the bar's code. The bar is fixed at
 * the bottom of the screen, so arriving a moment later moves nothing on the page.
 */
export function WheelbarrowBar() {
  const { lines } = useWheelbarrow();
  if (lines.length === 0) return null;
  return (
    // A failed download (offline) costs the bar, not the page.
    <ErrorBoundary fallback={() => null}>
      <Suspense fallback={null}>
        <LoadedBar />
      </Suspense>
    </ErrorBoundary>
  );
}
