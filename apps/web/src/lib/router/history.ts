import { createPath, parsePath, type Path } from './path.ts';

export interface Location extends Path {
  /** What the navigation carried (`<Link state>`), kept with the history entry; null if none. */
  state: unknown;
  /** Unique per history entry; 'default' for the entry the app started on. */
  key: string;
}

export type Action = 'POP' | 'PUSH' | 'REPLACE';

/** Where the app is and how it moves: the browser's history or a list kept in memory (tests). */
export interface History {
  readonly location: Location;
  push(path: Partial<Path>, state: unknown): void;
  replace(path: Partial<Path>, state: unknown): void;
  go(delta: number): void;
  /** Called after Back/Forward (POP); push and replace are reported by the router itself. */
  listen(onPop: () => void): () => void;
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

function toLocation(path: Partial<Path>, state: unknown, key: string): Location {
  return { pathname: path.pathname || '/', search: path.search ?? '', hash: path.hash ?? '', state: state ?? null, key };
}

/**
 * The entry's own data sits in `history.state` as { usr, key, idx }, the shape the app's earlier
 * router stored, so Back into an entry made before an update still finds its state.
 */
interface EntryState {
  usr: unknown;
  key: string;
  idx: number;
}

function readEntry(): Partial<EntryState> {
  const state: unknown = window.history.state;
  return state && typeof state === 'object' ? (state as Partial<EntryState>) : {};
}

export function createBrowserHistory(): History {
  let location = current();
  let index = readEntry().idx ?? 0;
  // Give the first entry an index so Back and Forward can tell entries apart.
  if (readEntry().idx === undefined) window.history.replaceState({ ...readEntry(), idx: index }, '');

  function current(): Location {
    const entry = readEntry();
    const { pathname, search, hash } = window.location;
    return toLocation({ pathname, search, hash }, entry.usr, entry.key ?? 'default');
  }

  function write(path: Partial<Path>, state: unknown, replace: boolean) {
    const key = newKey();
    index = replace ? index : index + 1;
    const entry: EntryState = { usr: state ?? null, key, idx: index };
    const url = createPath(path);
    if (replace) window.history.replaceState(entry, '', url);
    else window.history.pushState(entry, '', url);
    location = current();
  }

  return {
    get location() {
      return location;
    },
    push: (path, state) => write(path, state, false),
    replace: (path, state) => write(path, state, true),
    go: (delta) => window.history.go(delta),
    listen(onPop) {
      const handler = () => {
        location = current();
        index = readEntry().idx ?? index;
        onPop();
      };
      window.addEventListener('popstate', handler);
      return () => window.removeEventListener('popstate', handler);
    },
  };
}

export function createMemoryHistory(initialEntries: string[] = ['/']): History {
  const entries = initialEntries.map((entry, i) => toLocation(parsePath(entry), null, i === 0 ? 'default' : newKey()));
  let index = entries.length - 1;
  const listeners = new Set<() => void>();
  return {
    get location() {
      return entries[index]!;
    },
    push(path, state) {
      entries.splice(index + 1, entries.length, toLocation(path, state, newKey()));
      index += 1;
    },
    replace(path, state) {
      entries[index] = toLocation(path, state, newKey());
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      for (const listener of listeners) listener();
    },
    listen(onPop) {
      listeners.add(onPop);
      return () => listeners.delete(onPop);
    },
  };
}
