import { BODY_CORPUS, JSON_ONLY_CORPUS, MISSING, sampleCorpus, STRING_CORPUS } from './corpus.ts';
import { validValue, type JsonSchema } from './json-schema.ts';
import type { Method, Operation } from './operations.ts';

export interface FuzzRequest {
  label: string;
  method: Method;
  url: string;
  /** A JSON value to send, or raw text with its content type. */
  body?: { json: unknown } | { raw: string; contentType: string };
  /** Extra headers (a Host that is not a host). */
  headers?: Record<string, string>;
}

/** How many values beyond the fixed ones each field gets (FUZZ_EXTRA, default 2): bounds the run time. */
const EXTRA = Number(process.env.FUZZ_EXTRA ?? 2);
const ALWAYS_STRINGS = 8;
const ALWAYS_JSON = 2;

/** Percent-encodes like encodeURIComponent, but a lone surrogate goes out as its raw (WTF-8) bytes instead of throwing. */
function percentEncode(value: string): string {
  return value.replace(/[\ud800-\udbff][\udc00-\udfff]|[\s\S]/g, (ch) => {
    if (ch.length === 2 || !/[\ud800-\udfff]/.test(ch)) return encodeURIComponent(ch);
    const code = ch.charCodeAt(0);
    return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
  });
}

function fillPath(op: Operation, values: Record<string, string>): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => percentEncode(values[name] ?? ''));
}

function withQuery(path: string, query: Record<string, string | string[]>): string {
  const parts = Object.entries(query).flatMap(([k, v]) => [v].flat().map((one) => `${percentEncode(k)}=${percentEncode(one)}`));
  return parts.length ? `${path}?${parts.join('&')}` : path;
}

/** Paths to the fields of a body, one level into arrays and nested objects ('lines.0.startDate'). */
function fieldPaths(schema: JsonSchema | undefined, prefix: string[] = [], depth = 0): string[][] {
  if (!schema || depth > 2) return [];
  const out: string[][] = [];
  if (schema.type === 'object' || schema.properties) {
    for (const [key, child] of Object.entries(schema.properties ?? {})) {
      out.push([...prefix, key]);
      out.push(...fieldPaths(child, [...prefix, key], depth + 1));
    }
  } else if (schema.type === 'array' && schema.items) {
    out.push(...fieldPaths(schema.items, [...prefix, '0'], depth + 1));
  }
  return out;
}

function setAt(root: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(root) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1]!;
  if (value === MISSING) delete node[last];
  else node[last] = value;
  return copy;
}

const show = (v: unknown) => (v === MISSING ? 'missing' : (JSON.stringify(v)?.slice(0, 40) ?? String(v)));

/** Every request the fuzzer sends for one operation, one at a time (a 1 MB value is not held longer than its request): one field changed at a time, then whole bodies. */
export function* buildRequests(op: Operation, ids: { any: string }): Generator<FuzzRequest> {
  const pathValues = Object.fromEntries(op.pathParams.map((p) => [p, ids.any]));
  const basePath = fillPath(op, pathValues);
  const baseBody = op.body ? validValue(op.body, '', ids) : undefined;
  const takesBody = op.method !== 'GET' && op.method !== 'DELETE';
  const base = (url: string): FuzzRequest => ({
    label: 'valid',
    method: op.method,
    url,
    ...(takesBody ? { body: { json: baseBody ?? {} } } : {}),
  });
  const seed = `${op.method} ${op.path}`;
  yield base(basePath);
  for (const host of ['bad host', '[::1', 'évil.example:99999']) yield { ...base(basePath), label: `Host: ${host}`, headers: { host } };

  for (const param of op.pathParams) {
    for (const value of sampleCorpus(STRING_CORPUS, ALWAYS_STRINGS, EXTRA, `${seed} ${param}`)) {
      yield { ...base(fillPath(op, { ...pathValues, [param]: value })), label: `path ${param}=${show(value)}` };
    }
  }
  for (const name of Object.keys(op.query)) {
    for (const value of [...sampleCorpus(STRING_CORPUS, ALWAYS_STRINGS, EXTRA, `${seed} ?${name}`), ['a', 'b']]) {
      yield { ...base(withQuery(basePath, { [name]: value })), label: `query ${name}=${show(value)}` };
    }
  }
  if (takesBody && op.body) {
    for (const path of fieldPaths(op.body)) {
      const values = [
        ...sampleCorpus(STRING_CORPUS, ALWAYS_STRINGS, EXTRA, `${seed} .${path.join('.')}`),
        ...sampleCorpus(JSON_ONLY_CORPUS, ALWAYS_JSON, EXTRA, `${seed} .${path.join('.')} json`),
      ];
      for (const value of values) {
        yield {
          label: `body ${path.join('.')}=${show(value)}`,
          method: op.method,
          url: basePath,
          body: { json: setAt(baseBody, path, value) },
        };
      }
    }
  }
  if (takesBody) {
    for (const b of BODY_CORPUS)
      yield { label: `body ${b.label}`, method: op.method, url: basePath, body: { raw: b.payload, contentType: b.contentType } };
  }
}
