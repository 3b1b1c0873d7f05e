import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real HTTP server on 127.0.0.1 for calendar tests: each path answers as its handler says, and every request is kept. */
export async function startCalendarServer() {
  const routes = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
  const requests: Array<{ path: string; headers: IncomingMessage['headers'] }> = [];
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    requests.push({ path, headers: req.headers });
    const handler = routes.get(path);
    if (handler) handler(req, res);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    requests,
    route(path: string, handler: (req: IncomingMessage, res: ServerResponse) => void) {
      routes.set(path, handler);
    },
    /** Serves `text` with an ETag, answering 304 to a matching If-None-Match. */
    calendar(path: string, text: string, etag: string) {
      routes.set(path, (req, res) => {
        if (req.headers['if-none-match'] === etag) res.writeHead(304, { etag }).end();
        else
          res
            .writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', etag, 'last-modified': 'Wed, 01 Jul 2026 09:00:00 GMT' })
            .end(text);
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** An iCalendar file of all-day events, each `[first day, last day]` (inclusive; DTEND is the day after). */
export function allDayCalendar(ranges: Array<[string, string]>, extra: string[] = []): string {
  const basic = (iso: string) => iso.replace(/-/g, '');
  const dayAfter = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const events = ranges.flatMap(([start, end], i) => [
    'BEGIN:VEVENT',
    `UID:busy-${i}@elsewhere.example`,
    'DTSTAMP:20260701T090000Z',
    `DTSTART;VALUE=DATE:${basic(start)}`,
    `DTEND;VALUE=DATE:${basic(dayAfter(end))}`,
    'SUMMARY:Busy',
    'END:VEVENT',
  ]);
  return [...['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Elsewhere//EN'], ...events, ...extra, 'END:VCALENDAR', ''].join('\r\n');
}
