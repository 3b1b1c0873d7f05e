import { readNear } from '@toolshed/core';

/**
 * The location box is remembered on this device for the next visit: the place and radius last
 * chosen, in localStorage. A browse address without a place takes it (see `useRememberedPlace`);
 * clearing the place forgets it. Nothing else about the visitor is kept.
 */
const KEY = 'toolshed.near';

export interface RememberedPlace {
  near: string;
  radius: string;
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage refused (privacy settings): nothing is remembered
  }
}

export function recallPlace(): RememberedPlace | null {
  try {
    const value = JSON.parse(storage()?.getItem(KEY) ?? 'null') as Partial<RememberedPlace> | null;
    if (!value || typeof value.near !== 'string' || !readNear(value.near)) return null;
    return { near: value.near, radius: typeof value.radius === 'string' ? value.radius : '' };
  } catch {
    return null;
  }
}

export function rememberPlace(place: RememberedPlace): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(place));
  } catch {
    // full or refused: the place still works for this visit
  }
}

export function forgetPlace(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}
