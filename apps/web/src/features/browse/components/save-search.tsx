import { ALL_CATEGORY_ID } from '@toolshed/core';
import type { SavedSearchInput } from '@toolshed/core/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useAuth } from '../../../data/auth-provider.tsx';
import { useDataSource } from '../../../data/data-source.tsx';
import { loginPathFrom } from '../../../lib/login-path.ts';
import { useLocation, useNavigate, useParams, useSearchParams } from '../../../lib/router/index.ts';

// The dialog brings the contract's rules (and zod) with it: its own chunk, loaded when first opened, keeps them off the first screen.
const SaveSearchDialog = lazy(() => import('./save-search-dialog.tsx'));

/** The address's parameter of a visitor who pressed 'Save this search' before signing in: the dialog opens on their return. */
export const PENDING_SAVE_SEARCH_PARAM = 'saveSearch';

const SAVED_KEYS = ['search', 'maxPrice', 'minRating', 'near', 'radius'] as const;

/** What the browse's address asks for, as the server saves it (dates and the order are not part of a saved search). */
export function searchToSave(categoryId: string, params: URLSearchParams): Omit<SavedSearchInput, 'frequency' | 'name'> {
  const input: Omit<SavedSearchInput, 'frequency' | 'name'> = { categoryId };
  for (const key of SAVED_KEYS) {
    const value = params.get(key)?.trim();
    if (value) input[key] = value;
  }
  return input;
}

/**
 * 'Save this search' in the results header: keeps the browse under a name to hear of new matches.
 * A visitor signs in first and comes back to the same browse with the dialog open. Not offered in
 * Mock Data mode, where there is no account to save to.
 */
export function SaveSearch() {
  const { readOnly } = useDataSource();
  const { status } = useAuth();
  const { categoryId = ALL_CATEGORY_ID } = useParams();
  const [params, setParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [resumed, setResumed] = useState(false);
  const pending = params.get(PENDING_SAVE_SEARCH_PARAM) !== null;
  const back = pending && status === 'signed-in';

  // Back from signing in: the dialog opens once...
  if (back && !resumed) {
    setResumed(true);
    setOpen(true);
  }
  // ...and the parameter leaves the address (replaced, so Back does not ask again).
  useEffect(() => {
    if (!back) return;
    setParams(
      (current) => {
        current.delete(PENDING_SAVE_SEARCH_PARAM);
        return current;
      },
      { replace: true },
    );
  }, [back, setParams]);

  if (readOnly || status === 'loading') return null;

  function onPress() {
    if (status !== 'signed-in') {
      const back = new URLSearchParams(search);
      back.set(PENDING_SAVE_SEARCH_PARAM, '1');
      void navigate(loginPathFrom(`${pathname}?${back}`));
      return;
    }
    setOpen(true);
  }

  return (
    <>
      <button
        type="button"
        onClick={onPress}
        className="rounded-md border border-emerald-700 bg-white px-3 py-1.5 text-sm font-semibold text-emerald-800 hover:bg-emerald-50"
      >
        Save this search
      </button>
      {open && (
        <Suspense fallback={null}>
          <SaveSearchDialog input={searchToSave(categoryId, params)} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
