/**
 * `fn` with its first argument given: how a repository's factory hands out the named functions that
 * take the database first (`list: withDb(db, listSources)`), so each use case is a function of its
 * own and the factory a list.
 */
export const withDb =
  <D, A extends unknown[], R>(db: D, fn: (db: D, ...args: A) => R) =>
  (...args: A): R =>
    fn(db, ...args);
