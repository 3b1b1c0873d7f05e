import { Outlet } from '../lib/router/index.ts';
import { WheelbarrowBar } from '../features/wheelbarrow/components/lazy-wheelbarrow-bar.tsx';
import { useWheelbarrowSync } from '../features/wheelbarrow/use-wheelbarrow-sync.ts';
import { usePendingSave } from './pending-save.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Header, page, footer and the wheelbarrow bar. Each page renders its own <main id="main-content">, the skip link's target. */
export function AppLayout() {
  useWheelbarrowSync();
  usePendingSave();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only rounded-md bg-white px-4 py-2 font-medium text-emerald-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70]"
      >
        Skip to main content
      </a>
      <SiteHeader />
      <div className="flex-1">
        <Outlet />
      </div>
      <SiteFooter />
      <WheelbarrowBar />
    </div>
  );
}
