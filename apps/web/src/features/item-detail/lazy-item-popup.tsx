import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { POPUP_FIRST_PAINT_ELEMENT_ID } from '@toolshed/core';
import { ErrorBoundary } from '../../ui/error-boundary.tsx';
import { StatusMessage } from '../../ui/status-views.tsx';
import type { DateRange } from '@toolshed/core';

// Its own chunk: the popup brings the calendar and the map, which the pages behind it do not need.
const ItemDetailPopup = lazy(() => import('./item-detail-popup.tsx'));

function Overlay({ children }: { children: ReactNode }) {
  return <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4">{children}</div>;
}

function PopupFailed({ onClose }: { onClose: () => void }) {
  // The deep link's drawing of the popup (see item-detail-popup.tsx) must not hide this message.
  useEffect(() => document.getElementById(POPUP_FIRST_PAINT_ELEMENT_ID)?.remove(), []);
  return (
    <Overlay>
      <div role="alert" className="max-w-sm rounded-xl bg-white p-6 shadow-xl">
        <p className="font-semibold text-slate-900">This item could not be opened.</p>
        <p className="mt-1 text-sm text-slate-700">Check your connection, then reload the page.</p>
        <button
          type="button"
          onClick={onClose}
          className="mt-4 rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800"
        >
          Close
        </button>
      </div>
    </Overlay>
  );
}

export interface LazyItemPopupProps {
  itemId: string;
  onClose: () => void;
  initialRange?: DateRange | undefined;
  /** Called once as the popup opens (see ItemDetailPopup). */
  onOpen?: () => void;
  /** The browse's place, for the item's distance (see ItemDetailPopup). */
  near?: string | undefined;
}

/** The item popup loaded on demand, with a loading overlay and a way out if its chunk fails to load. */
export function LazyItemPopup({ itemId, onClose, initialRange, onOpen, near }: LazyItemPopupProps) {
  return (
    <ErrorBoundary key={itemId} fallback={() => <PopupFailed onClose={onClose} />}>
      <Suspense
        fallback={
          <Overlay>
            <div className="rounded-xl bg-white px-6 shadow-xl">
              <StatusMessage>Opening item...</StatusMessage>
            </div>
          </Overlay>
        }
      >
        <ItemDetailPopup
          key={itemId}
          itemId={itemId}
          onClose={onClose}
          {...(initialRange ? { initialRange } : {})}
          {...(onOpen ? { onOpen } : {})}
          {...(near ? { near } : {})}
        />
      </Suspense>
    </ErrorBoundary>
  );
}
