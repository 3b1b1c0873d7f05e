import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';

export interface CalendarFetchLimits {
  /** The largest calendar read, counted while it streams in (after decompression). */
  maxBytes: number;
  /** The whole fetch, redirects and name lookups included. */
  timeoutMs: number;
  maxRedirects: number;
}

const DEFAULT_CALENDAR_FETCH_LIMITS: CalendarFetchLimits = { maxBytes: 2 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 3 };

interface CalendarFetchRequest {
  url: string;
  etag: string | null;
  lastModified: string | null;
}

type CalendarFetchResult = { status: 'not-modified' } | { status: 'ok'; text: string; etag: string | null; lastModified: string | null };

/** A fetch that failed, with a message meant for the calendar's owner. */
export class CalendarFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CalendarFetchError';
  }
}

export interface CalendarFetcherOptions {
  limits?: Partial<CalendarFetchLimits>;
  /** Whether the server may connect to this resolved address and port (the address guard, or anything when the operator allows private addresses). */
  addressAllowed: (address: string, port: number) => boolean;
  /** Name resolution; default: the system resolver, every address. */
  resolve?: (host: string) => Promise<Array<{ address: string; family: number }>>;
}

const systemResolve = (host: string) => dnsLookup(host, { all: true, verbatim: true });

const describeSize = (bytes: number) => (bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`);
const describeTime = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

function networkMessage(err: unknown): string {
  const code = (err as { code?: string }).code ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA') return "The calendar's host name could not be found";
  if (code === 'ECONNREFUSED') return "The calendar's server refused the connection";
  if (code === 'ECONNRESET' || code === 'EPIPE') return "The calendar's server closed the connection";
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return "The calendar's server cannot be reached";
  if (/CERT|SSL|TLS/i.test(code)) return `The calendar's server has no valid certificate (${code})`;
  if (code === 'HPE_HEADER_OVERFLOW' || code.startsWith('HPE_')) return "The calendar's server did not answer in HTTP";
  return `The calendar could not be fetched${code ? ` (${code})` : ''}`;
}

/**
 * Fetches another calendar over HTTP or HTTPS, as safely as an address typed by anyone allows:
 * - each address (the first and every redirect, at most `maxRedirects`) must be http(s) without a
 *   user name; its host is resolved and every address it resolves to must pass `addressAllowed`;
 *   the connection then goes to the address that was checked (a fixed `lookup`), so the name cannot
 *   resolve to something else in between (DNS rebinding);
 * - one time limit for all of it, and a size limit counted while the body streams in (a larger
 *   Content-Length is refused before reading; gzip, deflate and br are decompressed as they stream
 *   and the limit applies to what comes out);
 * - conditional requests: If-None-Match and If-Modified-Since from the last good answer; 304 is
 *   'not-modified'.
 */
export function createCalendarFetcher({ limits: given = {}, addressAllowed, resolve = systemResolve }: CalendarFetcherOptions) {
  const limits = { ...DEFAULT_CALENDAR_FETCH_LIMITS, ...given };

  async function checkedAddress(url: URL, signal: AbortSignal): Promise<{ address: string; family: number }> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    let addresses: Array<{ address: string; family: number }>;
    if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
    else {
      try {
        // A name lookup does not stop on its own when the time is up.
        const aborted = new Promise<never>((_, reject) =>
          signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }),
        );
        addresses = await Promise.race([resolve(host), aborted]);
      } catch (err) {
        if (signal.aborted) throw err;
        throw new CalendarFetchError(networkMessage(err));
      }
    }
    if (addresses.length === 0) throw new CalendarFetchError("The calendar's host name could not be found");
    if (!addresses.every((a) => addressAllowed(a.address, port))) throw new CalendarFetchError('The address points to a private network');
    return addresses[0]!;
  }

  function parseAddress(text: string, base?: URL): URL {
    let url: URL;
    try {
      url = new URL(text, base);
    } catch {
      throw new CalendarFetchError(base ? 'The calendar redirected to an address that is not valid' : 'The address is not valid');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new CalendarFetchError('The address must start with http:// or https://');
    if (url.username || url.password) throw new CalendarFetchError('The address must not contain a user name or password');
    return url;
  }

  function get(
    url: URL,
    target: { address: string; family: number },
    headers: Record<string, string>,
    signal: AbortSignal,
  ): Promise<IncomingMessage> {
    // Connect to the address that was checked, whatever the name resolves to now.
    const pinned: LookupFunction = (_host, options, callback) => {
      if (options.all) callback(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    };
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolvePromise, reject) => {
      const req = client.request(url, { method: 'GET', headers, lookup: pinned, signal, agent: false }, resolvePromise);
      req.on('error', reject);
      req.end();
    });
  }

  async function readBody(res: IncomingMessage, signal: AbortSignal): Promise<string> {
    const declared = Number(res.headers['content-length']);
    const encoding = String(res.headers['content-encoding'] ?? 'identity').toLowerCase();
    if (encoding === 'identity' && Number.isFinite(declared) && declared > limits.maxBytes) {
      res.destroy();
      throw new CalendarFetchError(`The calendar is larger than ${describeSize(limits.maxBytes)}`);
    }
    let stream: Readable = res;
    if (encoding === 'gzip' || encoding === 'x-gzip') stream = res.pipe(createGunzip());
    else if (encoding === 'deflate') stream = res.pipe(createInflate());
    else if (encoding === 'br') stream = res.pipe(createBrotliDecompress());
    else if (encoding !== 'identity') {
      res.destroy();
      throw new CalendarFetchError(`The calendar was sent in an encoding that cannot be read (${encoding})`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of stream) {
        size += (chunk as Buffer).length;
        if (size > limits.maxBytes) throw new CalendarFetchError(`The calendar is larger than ${describeSize(limits.maxBytes)}`);
        chunks.push(chunk as Buffer);
      }
    } catch (err) {
      if (err instanceof CalendarFetchError || signal.aborted) throw err;
      throw new CalendarFetchError(
        (err as { code?: string }).code?.startsWith('Z_') ? "The calendar's compressed answer is damaged" : networkMessage(err),
      );
    } finally {
      res.destroy();
      if (stream !== res) stream.destroy();
    }
    return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
  }

  async function fetchOnce(request: CalendarFetchRequest, signal: AbortSignal): Promise<CalendarFetchResult> {
    const headers: Record<string, string> = {
      accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1',
      'accept-encoding': 'gzip, deflate, br',
      'user-agent': 'Toolshed calendar import',
      ...(request.etag ? { 'if-none-match': request.etag } : {}),
      ...(request.lastModified ? { 'if-modified-since': request.lastModified } : {}),
    };
    let url = parseAddress(request.url);
    for (let redirects = 0; ; redirects += 1) {
      const target = await checkedAddress(url, signal);
      let res: IncomingMessage;
      try {
        res = await get(url, target, headers, signal);
      } catch (err) {
        if (signal.aborted) throw err;
        throw new CalendarFetchError(networkMessage(err));
      }
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && status !== 304 && res.headers.location) {
        res.destroy();
        if (redirects >= limits.maxRedirects)
          throw new CalendarFetchError(`The calendar redirected more than ${limits.maxRedirects} times`);
        url = parseAddress(res.headers.location, url);
        continue;
      }
      if (status === 304) {
        res.destroy();
        return { status: 'not-modified' };
      }
      if (status !== 200) {
        res.destroy();
        throw new CalendarFetchError(`The calendar answered ${status}`);
      }
      const text = await readBody(res, signal);
      const header = (name: string) => {
        const value = res.headers[name];
        return typeof value === 'string' && value.length <= 500 ? value : null;
      };
      return { status: 'ok', text, etag: header('etag'), lastModified: header('last-modified') };
    }
  }

  return {
    limits,
    /** Checks an address as typed (scheme, no credentials), without fetching it. */
    checkAddress(text: string): void {
      parseAddress(text);
    },
    async fetch(request: CalendarFetchRequest): Promise<CalendarFetchResult> {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
      try {
        return await fetchOnce(request, controller.signal);
      } catch (err) {
        if (controller.signal.aborted) throw new CalendarFetchError(`The calendar took longer than ${describeTime(limits.timeoutMs)}`);
        throw err;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type CalendarFetcher = ReturnType<typeof createCalendarFetcher>;
