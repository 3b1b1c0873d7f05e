/**
 * What of an unexpected error may go to the log. Database errors carry the statement's parameters
 * (emails, messages, names) in their message, and PostgreSQL's own messages quote the offending value
 * ('invalid input syntax for type uuid: "..."', 'Key (email)=(...) already exists'): those are left
 * out; the SQL text with its $1 placeholders, the SQLSTATE code, the constraint and the stack frames
 * are enough to find the fault.
 */
export interface LoggableError {
  type: string;
  message?: string;
  query?: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  stack?: string;
  cause?: LoggableError;
}

const isDatabaseError = (err: object): boolean => 'severity' in err && typeof (err as { code?: unknown }).code === 'string';

/** Stack frames only: the first line repeats the message. */
const frames = (stack: unknown): string | undefined =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((l) => /^\s+at /.test(l))
        .join('\n')
    : undefined;

export function loggableError(err: unknown, depth = 0): LoggableError {
  if (!(err instanceof Error)) return { type: err === null ? 'null' : typeof err };
  const e = err as Error & { query?: unknown; code?: unknown; constraint?: unknown; table?: unknown; column?: unknown };
  const out: LoggableError = { type: e.name || 'Error' };
  if (typeof e.query === 'string') out.query = e.query;
  else if (!isDatabaseError(e)) out.message = e.message;
  for (const key of ['code', 'constraint', 'table', 'column'] as const) {
    if (typeof e[key] === 'string') out[key] = e[key] as string;
  }
  const stack = frames(e.stack);
  if (stack) out.stack = stack;
  if (e.cause !== undefined && depth < 3) out.cause = loggableError(e.cause, depth + 1);
  return out;
}
