import { SQL, StringChunk } from 'drizzle-orm';

/**
 * A drizzle `sql` tree as PostgreSQL text and values, for trees written by hand as the browse
 * statements are: template strings, nested `sql`, `sql.raw`, `sql.join`, plain values (strings,
 * numbers, booleans, null) and arrays of them. The text and values are those the dialect builds
 * (`$1`, `$2`, ... in order; an array as a parenthesised list), in one pass that appends to two
 * arrays, where the dialect makes an object per chunk and merges them level by level: a browse
 * statement has several hundred chunks, and building it was about a tenth of the API's work for a
 * browse. Any other chunk (a column, a table, a typed parameter, a date) or a tree whose values are
 * to be inlined gives `undefined`, and the caller lets the dialect build it.
 */
export function plainQuery(query: SQL): { sql: string; params: unknown[] } | undefined {
  const text: string[] = [];
  const params: unknown[] = [];
  return append(query, text, params) ? { sql: text.join(''), params } : undefined;
}

function append(chunk: unknown, text: string[], params: unknown[]): boolean {
  if (chunk instanceof StringChunk) {
    for (const part of chunk.value) text.push(part);
    return true;
  }
  if (chunk instanceof SQL) {
    if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
    for (const inner of chunk.queryChunks) if (!append(inner, text, params)) return false;
    return true;
  }
  if (chunk === undefined) return true;
  if (Array.isArray(chunk)) {
    text.push('(');
    for (let i = 0; i < chunk.length; i++) {
      if (i > 0) text.push(', ');
      if (!append(chunk[i], text, params)) return false;
    }
    text.push(')');
    return true;
  }
  if (chunk === null || typeof chunk === 'string' || typeof chunk === 'number' || typeof chunk === 'boolean') {
    params.push(chunk);
    text.push(`$${params.length}`);
    return true;
  }
  return false;
}
