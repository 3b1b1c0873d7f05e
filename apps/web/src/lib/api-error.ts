/**
 * The one error type of the web app. Every failed data call (API or Mock Data) throws an ApiError,
 * so screens only need `status` to tell "not found" from "try again".
 */
export class ApiError extends Error {
  /** HTTP status; 0 means the request never got an answer (offline, DNS, refused). */
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  /** The server's finer reason (e.g. USER_ALREADY_EXISTS), which screens use to offer the next step. */
  readonly reason: string | undefined;

  constructor(status: number, code: string, message: string, field?: string, reason?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
    this.reason = reason;
  }
}

export function errorReason(error: unknown): string | undefined {
  return error instanceof ApiError ? error.reason : undefined;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The one helper that turns any thrown value into words a user can read. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return 'We could not reach Toolshed. Check your connection and try again.';
    if (error.status >= 500) return 'Something went wrong on our side. Please try again.';
    return error.message;
  }
  return 'Something went wrong. Please try again.';
}

/** A validation message naming its field ('name: must not be blank') reads better beside the field without it. */
export function fieldMessage(error: ApiError): string {
  return error.field && error.message.startsWith(`${error.field}: `) ? error.message.slice(error.field.length + 2) : error.message;
}
