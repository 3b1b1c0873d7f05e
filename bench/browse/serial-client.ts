import http from 'node:http';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** What a browser asks for: the server answers browse pages with gzip (or brotli to those asking only for it). */
const ACCEPT_ENCODING = 'br, gzip';

/** One GET on the kept-alive `agent`; resolves with the status once the whole body is read and decompressed. */
function getDecoded(agent: http.Agent, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { 'accept-encoding': ACCEPT_ENCODING }, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        try {
          const body = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          if (encoding === 'br') brotliDecompressSync(body);
          else if (encoding === 'gzip') gunzipSync(body);
          resolve(res.statusCode ?? 0);
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      });
    });
    req.on('timeout', () => req.destroy(new Error(`No answer within 30 s: ${url}`)));
    req.on('error', reject);
  });
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
    for (let i = 0; i < paths.length; i++) {
      const started = performance.now();
      const status = await getDecoded(agent, `${baseUrl}${paths[i]}`);
      const ms = performance.now() - started;
      times[i] = status >= 200 && status < 300 ? ms : Number.NaN;
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
