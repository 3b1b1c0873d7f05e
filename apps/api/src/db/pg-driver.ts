import pg from 'pg';

/**
 * What the prepared reads (prepared-reads.ts) ask of the PostgreSQL driver beyond its documented
 * use: how rows are read, which statements it believes parsed on a connection, and the query through
 * its callback.
 */

/**
 * Timestamps, dates and intervals (and their arrays) are read as the text PostgreSQL sends, as
 * drizzle reads them on every other query, so rows look the same whichever way they were read.
 */
const AS_SENT = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1182, // date[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
export const readTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    AS_SENT.has(oid) ? (value: unknown) => value : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * The driver remembers which statements it has parsed on a connection and sends only Bind and
 * Execute for those: a statement deallocated must be forgotten there too, or its next run would ask
 * for a statement the server no longer has.
 */
export function forgetParsed(client: pg.PoolClient, name: string): void {
  const parsed = (client as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection?.parsedStatements;
  if (!parsed) throw new Error('The PostgreSQL driver no longer shows which statements it has parsed');
  delete parsed[name];
}

/** Tells the driver a statement prepared by SQL is parsed on this connection: it then sends only Bind and Execute for it. */
export function rememberParsed(client: pg.PoolClient, name: string, text: string): void {
  const parsed = (client as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection?.parsedStatements;
  if (!parsed) throw new Error('The PostgreSQL driver no longer shows which statements it has parsed');
  parsed[name] = text;
}

/**
 * `client.query` through its callback, in a promise of our own. The driver's own promise (pg 8.23)
 * left every query's objects, its rows included, alive at the next young-generation collection: in
 * a loop of `select 1` a sixth of all it allocated was promoted, and the API's browse rows made each
 * young collection copy about 5 MB (7 ms) where the same loop through the callback promotes almost
 * nothing (docs/PERFORMANCE.md).
 */
export function queryByCallback<T>(client: pg.ClientBase, config: pg.QueryConfig): Promise<pg.QueryResult<T & pg.QueryResultRow>> {
  return new Promise((resolve, reject) => {
    client.query<T & pg.QueryResultRow>(config, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** An error PostgreSQL answered with (it has a SQLSTATE), rather than a lost connection. */
export const refusedByServer = (err: unknown) => err instanceof pg.DatabaseError;
