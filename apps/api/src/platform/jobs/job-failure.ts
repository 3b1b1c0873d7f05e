/**
 * Why a job failed, as the queue keeps it (`jobs.last_error`) and logs it: a message a person can
 * act on and, when there is one, its code (a PostgreSQL SQLSTATE such as 54000, or a system error
 * such as ECONNREFUSED).
 *
 * A failed statement reaches a handler wrapped by the query builder, whose message is the whole SQL
 * text followed by its parameters (an email address, a message, a name): that message is never used.
 * The database's own error, its cause, says what went wrong ('index row size 2712 exceeds btree
 * version 4 maximum 2704 for index "items_newest_idx"'). PostgreSQL's data exceptions (class 22)
 * quote the value they refused ('invalid input syntax for type uuid: "..."'): the quoted value is cut.
 */
export interface JobFailure {
  message: string;
  code?: string;
}

/** At most this much of a message is kept: enough for any database or system message, never a dump. */
const MAX_MESSAGE = 500;

type ErrorLike = Error & { code?: unknown; severity?: unknown; query?: unknown; cause?: unknown };

/** An error the database server sent (node-postgres and PGlite both give it a severity and a SQLSTATE). */
const fromDatabase = (e: ErrorLike): boolean => typeof e.severity === 'string' && typeof e.code === 'string';

function databaseMessage(message: string, code: string): string {
  return code.startsWith('22') ? message.replace(/: ".*"$/s, '') : message;
}

export function jobFailure(err: unknown): JobFailure {
  let e: unknown = err;
  for (let depth = 0; depth < 4; depth += 1) {
    if (!(e instanceof Error)) break;
    const error = e as ErrorLike;
    if (fromDatabase(error)) {
      const code = error.code as string;
      return { message: databaseMessage(error.message, code).slice(0, MAX_MESSAGE), code };
    }
    if (typeof error.query === 'string') {
      // The query builder's wrapper: its message is the statement and its parameters.
      if (error.cause === undefined) return { message: 'A database statement failed' };
      e = error.cause;
      continue;
    }
    return {
      message: (error.message || error.name || 'Error').slice(0, MAX_MESSAGE),
      ...(typeof error.code === 'string' ? { code: error.code } : {}),
    };
  }
  if (e instanceof Error) return { message: 'A database statement failed' };
  return { message: String(e).slice(0, MAX_MESSAGE) };
}

/** The failure as one line, as `jobs.last_error` keeps it: 'message (code)'. */
export const failureLine = (failure: JobFailure): string => (failure.code ? `${failure.message} (${failure.code})` : failure.message);

/**
 * A job that failed for good as the error reporter sends it: the error's class, the failure line and
 * the stack's frames. Not the stack's first line, which repeats the message: for a failed statement,
 * its SQL and parameters.
 */
export function reportedFailure(err: unknown, failure: JobFailure): { name: string; message: string; stack?: string } {
  const name = err instanceof Error ? err.name || 'Error' : 'Error';
  const stack =
    err instanceof Error && typeof err.stack === 'string'
      ? err.stack
          .split('\n')
          .filter((line) => /^\s+at /.test(line))
          .join('\n')
          .slice(0, 8_000)
      : '';
  return { name, message: failureLine(failure), ...(stack ? { stack } : {}) };
}
