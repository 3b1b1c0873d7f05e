import { createBrowserHistory, createMemoryHistory, type Action, type History, type Location } from './history.ts';
import { matchRoutes, type RouteMatch, type RouteObject } from './match-routes.ts';
import { resolveTo, type To } from './path.ts';

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface RouterState {
  location: Location;
  historyAction: Action;
  /** Root first; empty when no route matches (the app's routes end with a catch-all). */
  matches: RouteMatch[];
}

export interface Router {
  readonly state: RouterState;
  /** An absolute `to`, or a number of entries to go back (negative) or forward. */
  navigate(to: To | number, options?: NavigateOptions): Promise<void>;
  subscribe(listener: (state: RouterState) => void): () => void;
}

/** Holds where the app is and tells the React tree when it moves. */
export function createRouter(routes: RouteObject[], history: History): Router {
  const listeners = new Set<(state: RouterState) => void>();
  const stateFor = (historyAction: Action): RouterState => ({
    location: history.location,
    historyAction,
    matches: matchRoutes(routes, history.location.pathname) ?? [],
  });
  let state = stateFor('POP');

  function update(action: Action) {
    state = stateFor(action);
    for (const listener of listeners) listener(state);
  }

  history.listen(() => update('POP'));

  return {
    get state() {
      return state;
    },
    navigate(to, options = {}) {
      if (typeof to === 'number') {
        history.go(to);
        return Promise.resolve();
      }
      const path = resolveTo(to, state.location.pathname);
      if (options.replace) history.replace(path, options.state);
      else history.push(path, options.state);
      update(options.replace ? 'REPLACE' : 'PUSH');
      return Promise.resolve();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function createBrowserRouter(routes: RouteObject[]): Router {
  return createRouter(routes, createBrowserHistory());
}

export function createMemoryRouter(routes: RouteObject[], options: { initialEntries?: string[] } = {}): Router {
  return createRouter(routes, createMemoryHistory(options.initialEntries));
}
