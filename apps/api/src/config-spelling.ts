/**
 * Names in the environment that are not settings of ours but nearly are (`PORTT`, `LOG_LEVLE`): such
 * a setting is silently ignored, so start-up warns and names the one that was probably meant.
 */

/** Variables the system and tools set, near some of our short names (HOME is two letters from HOST). */
const NOT_OURS = new Set([
  'HOME',
  'HOSTNAME',
  'PATH',
  'PWD',
  'OLDPWD',
  'USER',
  'SHELL',
  'TERM',
  'LANG',
  'TMP',
  'TEMP',
  'TZ',
  'NODE',
  'NODE_OPTIONS',
  'NODE_PATH',
]);

/** Levenshtein distance, stopping early once it exceeds `limit`. */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * One warning per variable within two edits of a known setting (one edit for names of four letters
 * or fewer, where two edits reach unrelated words), naming the closest known one.
 */
export function misspeltSettings(env: NodeJS.ProcessEnv, known: readonly string[]): string[] {
  const knownSet = new Set(known);
  const warnings: string[] = [];
  for (const name of Object.keys(env).sort()) {
    const upper = name.toUpperCase();
    if (knownSet.has(name) || NOT_OURS.has(upper) || env[name] === undefined) continue;
    let closest: { name: string; distance: number } | undefined;
    for (const setting of known) {
      const limit = setting.length <= 4 ? 1 : 2;
      const distance = editDistance(upper, setting, limit);
      if (distance <= limit && (!closest || distance < closest.distance)) closest = { name: setting, distance };
    }
    if (closest) warnings.push(`${name} is not a Toolshed setting and is ignored; did you mean ${closest.name}?`);
  }
  return warnings;
}
