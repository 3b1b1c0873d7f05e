import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { assertWebBuilt, webDistDir } from './paths.ts';
import type { RunningServer } from './server.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

async function fileAt(urlPath: string): Promise<string | null> {
  const resolved = path.resolve(webDistDir, `.${decodeURIComponent(urlPath)}`);
  // Never serve anything outside the build folder.
  if (resolved !== webDistDir && !resolved.startsWith(webDistDir + path.sep)) return null;
  try {
    return (await stat(resolved)).isFile() ? resolved : null;
  } catch {
    return null;
  }
}

function send(res: ServerResponse, filePath: string): void {
  res.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(filePath)] ?? 'application/octet-stream' });
  createReadStream(filePath).pipe(res);
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const urlPath = new URL(req.url ?? '/', 'http://localhost').pathname;
  // Like a plain static host: there is no API here, so the app must fall back to its sample data.
  if (urlPath === '/api' || urlPath.startsWith('/api/')) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  const file = await fileAt(urlPath);
  if (file) return send(res, file);
  if (path.extname(urlPath)) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  // Client-side routes such as /category/all get the app shell.
  send(res, path.join(webDistDir, 'index.html'));
}

/** Serves the built web app with no API behind it, as a static host would. */
export async function startStaticServer(): Promise<RunningServer> {
  assertWebBuilt();
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
