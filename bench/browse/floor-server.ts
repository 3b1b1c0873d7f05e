/**
 * The floor for `GET /api/items/{id}`: a bare node:http server doing one primary-key lookup per
 * request and answering its JSON. Nothing can answer an item faster over loopback than this.
 */
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const ITEM_PATH = /^\/floor\/items\/([0-9a-f-]{36})$/;

const server = http.createServer((req, res) => {
  const send = (status: number, body: unknown) => {
    const json = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
    res.end(json);
  };
  if (req.url === '/health') return send(200, { ok: true });
  const match = ITEM_PATH.exec(req.url ?? '');
  if (!match) return send(404, { error: 'not found' });
  pool
    .query('select id, name, daily_rate_pence from items where id = $1', [match[1]])
    .then((r) => (r.rows[0] ? send(200, r.rows[0]) : send(404, { error: 'not found' })))
    .catch(() => send(500, { error: 'failed' }));
});

const shutdown = () => {
  server.close();
  void pool.end().finally(() => process.exit(0));
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
server.listen(Number(process.env.PORT ?? 3200), process.env.HOST ?? '127.0.0.1');
