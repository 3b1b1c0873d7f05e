import { useEffect, useRef } from 'react';
import { useAuth } from '../data/auth-provider.tsx';
import { PENDING_SAVE_PARAM, useToggleSaved } from '../data/saved-items.ts';
import { errorMessage } from '../lib/api-error.ts';
import { useSearchParams } from '../lib/router/index.ts';
import { useToast } from '../lib/toast.tsx';

/**
 * Back from signing in on the page where a visitor pressed a heart: the save is made then, once,
 * and the parameter leaves the address (replaced, so Back does not ask again).
 */
export function usePendingSave(): void {
  const { status } = useAuth();
  const [params, setParams] = useSearchParams();
  const itemId = params.get(PENDING_SAVE_PARAM);
  const { mutate } = useToggleSaved();
  const toast = useToast();
  const done = useRef<string | null>(null);

  useEffect(() => {
    if (status !== 'signed-in' || !itemId || done.current === itemId) return;
    done.current = itemId;
    setParams(
      (current) => {
        current.delete(PENDING_SAVE_PARAM);
        return current;
      },
      { replace: true },
    );
    mutate(
      { itemId, save: true },
      {
        onSuccess: () => toast.show('Saved. You will find it on your Saved page.'),
        onError: (err) => toast.show(errorMessage(err)),
      },
    );
  }, [status, itemId, setParams, mutate, toast]);
}
