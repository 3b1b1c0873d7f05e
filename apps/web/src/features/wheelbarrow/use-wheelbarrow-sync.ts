import { useEffect, useRef } from 'react';
import { useDataSource } from '../../data/data-source.tsx';
import { useAuth } from '../../data/auth-provider.tsx';
import { fetchSavedWheelbarrow, saveWheelbarrow } from './api/saved-wheelbarrow.ts';
import { mergeSignedIn, sameLines, toSaved } from './saved-lines.ts';
import { useWheelbarrow } from '../../data/wheelbarrow-store.tsx';

/** Changes are sent after a short pause, so changing dates twice is one request. */
export const SAVE_DELAY_MS = 400;

/**
 * Keeps a signed-in user's wheelbarrow on the server, so it follows them to another device:
 * on signing in the saved lines are merged with this device's, then every change is saved. Signing
 * out empties the wheelbarrow on this device, so the next person at a shared computer does not
 * see it (it stays saved in the account).
 */
export function useWheelbarrowSync(): void {
  const { mode } = useDataSource();
  const { status, user } = useAuth();
  const wheelbarrow = useWheelbarrow();
  const { lines } = wheelbarrow;
  // The store's functions change with its lines; the effects below must not restart for that.
  const store = useRef(wheelbarrow);
  useEffect(() => {
    store.current = wheelbarrow;
  });
  const userId = status === 'signed-in' && mode === 'api' ? (user?.id ?? null) : null;
  // The account whose saved lines are loaded into this device's wheelbarrow; null until then.
  const loadedFor = useRef<string | null>(null);
  const lastSaved = useRef<ReturnType<typeof toSaved> | null>(null);
  const wasSignedIn = useRef(false);

  // Signing out (or the session ending) empties the wheelbarrow on this device.
  useEffect(() => {
    if (status === 'signed-in') wasSignedIn.current = true;
    if (status === 'signed-out' && wasSignedIn.current) {
      wasSignedIn.current = false;
      loadedFor.current = null;
      lastSaved.current = null;
      store.current.clear();
    }
  }, [status]);

  // Signing in: load the account's lines and merge this device's into them.
  useEffect(() => {
    if (!userId || loadedFor.current === userId) return;
    let live = true;
    void (async () => {
      try {
        const saved = await fetchSavedWheelbarrow();
        if (!live) return;
        const merged = mergeSignedIn(saved.lines, store.current.lines);
        loadedFor.current = userId;
        lastSaved.current = toSaved(saved.lines);
        store.current.replaceAll(merged);
      } catch {
        // Not loaded: the device's wheelbarrow still works, and the next sign-in tries again.
      }
    })();
    return () => {
      live = false;
    };
  }, [userId]);

  // Every later change is saved to the account.
  useEffect(() => {
    if (!userId || loadedFor.current !== userId) return;
    const next = toSaved(lines);
    if (lastSaved.current && sameLines(lastSaved.current, next)) return;
    const timer = setTimeout(() => {
      saveWheelbarrow(next).then(
        () => {
          lastSaved.current = next;
        },
        () => {
          // Kept on this device; the next change tries again.
        },
      );
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [userId, lines]);
}
