import http from 'node:http';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** What a browser asks for: the server answers browse pages with gzip (or brotli to those asking only for it). */
const ACCEPT_ENCODING = 'br, gzip';

/**
 * Every this many answers the body is also decompressed, after the clock has stopped, to check it
 * decodes. Decompressing every one in this thread (a zlib handle per answer, its memory outside the
 * heap) set off a full collection here about every 400 answers, 2 to 6 ms that landed in whichever
 * answer was being waited for: a quarter of the answers over 5 ms in a run of 6,000 overlapped one
 * of the client's own collections. A browser inflates natively, outside any script's heap.
 */
const DECODE_EVERY = 50;

/** Asked once before the timed requests, to warm this thread's client code and open the connection: it answers 404. */
const WARM_UP_PATH = '/api/not-a-route-warming-the-bench-client';

interface Answer {
  status: number;
  encoding: string | undefined;
  body: Buffer;
}

/** One GET on the kept-alive `agent`; resolves with the status and the body as sent once its last byte has arrived. */
function get(agent: http.Agent, url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { 'accept-encoding': ACCEPT_ENCODING }, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
    });
    req.on('timeout', () => req.destroy(new Error(`No answer within 30 s: ${url}`)));
    req.on('error', reject);
  });
}

/** Decompresses the body as its encoding says; throws when it does not decode. */
function decode({ encoding, body }: Answer): void {
  if (encoding === 'br') brotliDecompressSync(body);
  else if (encoding === 'gzip') gunzipSync(body);
}

export interface SerialJob {
  baseUrl: string;
  paths: string[];
}

/** The milliseconds of each request in order, NaN where the answer was not 2xx. */
async function timeEach({ baseUrl, paths }: SerialJob): Promise<Float64Array<ArrayBuffer>> {
  const times = new Float64Array(paths.length);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    // Untimed: the first request of a new thread ran its client code cold (8-11 ms against 1.5-2
    // for the same request after it), which one kind's first query paid. A path no server has, so
    // no query is sent twice and nothing is cached.
    await get(agent, `${baseUrl}${WARM_UP_PATH}`);
    for (let i = 0; i < paths.length; i++) {
      const started = performance.now();
      const answer = await get(agent, `${baseUrl}${paths[i]}`);
      const ms = performance.now() - started;
      times[i] = answer.status >= 200 && answer.status < 300 ? ms : Number.NaN;
      if (i % DECODE_EVERY === 0) decode(answer);
    }
  } finally {
    agent.destroy();
  }
  return times;
}

// Run as a worker thread by serialRun: its own small heap, so the bench's own collections (of the
// whole generated mix, set off by zlib's native memory) never land inside a timed request.
if (!isMainThread && parentPort) {
  const port = parentPort;
  timeEach(workerData as SerialJob).then(
    (times) => port.postMessage({ times }, [times.buffer]),
    (err: unknown) => port.postMessage({ error: err instanceof Error ? err.message : String(err) }),
  );
}
