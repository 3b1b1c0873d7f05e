import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from '../lib/router/index.ts';
import { ItemPopup } from './item-popup.tsx';

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
  return <ItemPopup itemId={itemId} onClose={onClose} />;
}
