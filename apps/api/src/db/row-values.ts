/**
 * Reading the values of a raw row at a repository's boundary (docs/ARCHITECTURE.md, 'Data access').
 * A statement sent as SQL comes back as the driver decodes it, whatever type the code casts it to:
 * COUNT, SUM over bigint and numeric arrive as strings, timestamps as Date objects (or text when
 * the statement casts them). These turn each into what the rest of the code expects, and refuse a
 * value that cannot be one: a statement that changed shape fails where it is read, not three calls later.
 */

function unexpected(column: string, value: unknown, wanted: string): Error {
  return new Error(`Column ${column}: expected ${wanted}, got ${value === null ? 'null' : typeof value} ${String(value)}`);
}

/** A whole number: an integer column, or a COUNT or SUM the driver sent as text. */
export function toInt(value: unknown, column: string): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) throw unexpected(column, value, 'a whole number');
  return n;
}

export function toIntOrNull(value: unknown, column: string): number | null {
  return value === null || value === undefined ? null : toInt(value, column);
}

/** A number that may have a fraction (a rating, a distance): a numeric column arrives as text. */
export function toNumber(value: unknown, column: string): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) throw unexpected(column, value, 'a number');
  return n;
}

export function toNumberOrNull(value: unknown, column: string): number | null {
  return value === null || value === undefined ? null : toNumber(value, column);
}

/** An instant as an ISO 8601 string in UTC (`2025-06-01T09:30:00.000Z`), from a Date or a timestamp's text. */
export function toIsoTimestamp(value: unknown, column: string): string {
  const at = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : undefined;
  if (!at || Number.isNaN(at.getTime())) throw unexpected(column, value, 'a timestamp');
  return at.toISOString();
}

export function toIsoTimestampOrNull(value: unknown, column: string): string | null {
  return value === null || value === undefined ? null : toIsoTimestamp(value, column);
}

/**
 * A calendar date, `YYYY-MM-DD`. Statements send dates as text (`to_char(d, 'YYYY-MM-DD')` or
 * `d::text`): a date the driver turned into a Date would be midnight in the process's time zone.
 */
export function toIsoDate(value: unknown, column: string): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) throw unexpected(column, value, 'a YYYY-MM-DD date');
  return value;
}

export function toIsoDateOrNull(value: unknown, column: string): string | null {
  return value === null || value === undefined ? null : toIsoDate(value, column);
}
