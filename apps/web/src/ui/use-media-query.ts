import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following changes (window resized, phone turned). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** Tailwind's md breakpoint: the layout a tablet or computer gets. */
export const WIDE_SCREEN = '(min-width: 768px)';

/** Tailwind's lg breakpoint: room for a column beside the main one (the item popup's booking panel). */
export const LARGE_SCREEN = '(min-width: 1024px)';
