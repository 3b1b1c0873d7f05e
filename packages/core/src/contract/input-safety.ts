/**
 * Input the database cannot hold, found once for a whole request instead of field by field:
 * PostgreSQL text cannot contain NUL, and a lone UTF-16 surrogate is not Unicode at all (it would be
 * stored silently replaced). Deep nesting is refused too: no request of ours is more than a few
 * levels deep, and walking or re-serialising a very deep value overflows the stack.
 */
export const MAX_INPUT_DEPTH = 20;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

export interface InputProblem {
  /** Dotted path of the offending value, e.g. 'lines.0.startDate' ('' for the whole value). */
  path: string;
  problem: 'unstorable-text' | 'too-deep';
}

/** The first problem in a parsed JSON-like value, or null. Iterative, so any depth is safe to walk. */
export function findInputProblem(root: unknown, maxDepth = MAX_INPUT_DEPTH): InputProblem | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: root, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return { path, problem: 'unstorable-text' };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= maxDepth) return { path, problem: 'too-deep' };
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      if (!isStorableText(key)) return { path: childPath, problem: 'unstorable-text' };
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}
