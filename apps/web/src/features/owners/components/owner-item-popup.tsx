import { lazy, Suspense, useCallback, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorBoundary } from '../../../ui/error-boundary.tsx';
import { StatusMessage } from '../../../ui/status-views.tsx';

// Its own chunk, shared with the category page: it brings the calendar and the map.
const ItemDetailPopup = lazy(() => import('../../item-detail/item-detail-popup.tsx'));

function Overlay({ children }: { children: ReactNode }) {
  return <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4">{children}</div>;
}

/**
 * The item popup over an owner's page, open while the URL has ?item={id}. Closing goes back when
 * a card opened it (so Back and Close agree), else it drops the parameter.
 */
export function OwnerItemPopup() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const itemId = params.get('item');
  const openedFromList = (location.state as { openedFromList?: boolean } | null)?.openedFromList === true;

  const onClose = useCallback(() => {
    if (openedFromList) {
      void navigate(-1);
      return;
    }
    const next = new URLSearchParams(params);
    next.delete('item');
    const search = next.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
  }, [openedFromList, navigate, params, location.pathname]);

  if (!itemId) return null;
  return (
    <ErrorBoundary
      key={itemId}
      fallback={() => (
        <Overlay>
          <div role="alert" className="max-w-sm rounded-xl bg-white p-6 shadow-xl">
            <p className="font-semibold text-slate-900">This item could not be opened.</p>
            <p className="mt-1 text-sm text-slate-700">Check your connection, then reload the page.</p>
            <button type="button" onClick={onClose} className="mt-4 rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800">
              Close
            </button>
          </div>
        </Overlay>
      )}
    >
      <Suspense
        fallback={
          <Overlay>
            <div className="rounded-xl bg-white px-6 shadow-xl">
              <StatusMessage>Opening item...</StatusMessage>
            </div>
          </Overlay>
        }
      >
        <ItemDetailPopup key={itemId} itemId={itemId} onClose={onClose} />
      </Suspense>
    </ErrorBoundary>
  );
}
