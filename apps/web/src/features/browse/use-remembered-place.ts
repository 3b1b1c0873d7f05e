import { readNear } from '@toolshed/core';
import { useEffect } from 'react';
import { withPlace } from './filter-params.ts';
import { forgetPlace, recallPlace, rememberPlace } from './remembered-place.ts';
import type { UpdateParams } from './use-filter-url.ts';

/**
 * Keeps the place in the URL and the place remembered on this device together: a place in the
 * URL is remembered (once the API has accepted it); an address without one takes the remembered
 * place, replacing the address so Back does not return to the place-less one. Clearing the box
 * forgets it (near-fields.tsx), and so does a place the API could not find (`refused`).
 */
export function useRememberedPlace(params: URLSearchParams, updateParams: UpdateParams, refused: boolean): void {
  const near = params.get('near') ?? '';
  const radius = params.get('radius') ?? '';
  useEffect(() => {
    if (refused) {
      forgetPlace();
      return;
    }
    if (near !== '') {
      if (readNear(near)) rememberPlace({ near, radius });
      return;
    }
    const remembered = recallPlace();
    if (remembered) updateParams((p) => withPlace(p, remembered.near, remembered.radius), { replace: true });
  }, [near, radius, refused, updateParams]);
}
