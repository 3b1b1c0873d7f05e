import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Sends a request over a real socket with the path exactly as written ('/./', '#x', '%2e' and all):
 * `app.inject` normalises URLs, so it cannot show how the server treats the raw request line.
 */
export async function rawRequest(
  app: FastifyInstance,
  method: string,
  path: string,
  options: { body?: string | Buffer; headers?: Record<string, string> } = {},
): Promise<{ statusCode: number; body: string; headers: http.IncomingHttpHeaders }> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A JSON POST from our own page's origin, path sent as written. */
export function rawPostJson(app: FastifyInstance, path: string, payload: unknown, origin: string) {
  return rawRequest(app, 'POST', path, { body: JSON.stringify(payload), headers: { 'content-type': 'application/json', origin: origin } });
}
