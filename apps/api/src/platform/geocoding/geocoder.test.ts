import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@toolshed/core';
import { createOfflineGeocoder, GEOCODE_MESSAGES } from './geocoder.ts';
import { createHttpGeocoder } from './http-geocoder.ts';

const query = (postcode: string, address = '1 High Street', city = 'Leeds') => ({ address, city, postcode });

async function failure(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a failure');
}

describe('offline geocoder', () => {
  const geo = createOfflineGeocoder();
  it('resolves a postcode to its district (its area when the table does not have it), marked approximate', async () => {
    expect(await geo.geocode(query('LS1 4AP'))).toEqual({ latitude: 53.797, longitude: -1.548, approximate: true });
    expect(await geo.geocode(query('LS6 2AB'))).toEqual({ latitude: 53.82, longitude: -1.575, approximate: true });
    // A central London sub-district is placed at its district.
    expect(await geo.geocode(query('sw1a 1aa'))).toEqual({ latitude: 51.495, longitude: -0.14, approximate: true });
    // A district the table does not have: the area's centre; unless a large town's centre is in it (core largest-towns.ts).
    expect(await geo.geocode(query('AB24 3FX', '1 High Street', 'Aberdeen'))).toEqual({
      latitude: 57.14,
      longitude: -2.1,
      approximate: true,
    });
    expect(await geo.geocode(query('AB10 1XG', '1 Union Street', 'Aberdeen'))).toEqual({
      latitude: 57.1497,
      longitude: -2.0943,
      approximate: true,
    });
  });
  it('says what is wrong', async () => {
    expect((await failure(geo.geocode(query('', '', '')))).message).toBe(GEOCODE_MESSAGES.noAddress);
    expect((await failure(geo.geocode(query('QQ1 1AA')))).message).toBe(GEOCODE_MESSAGES.notFound);
  });

  it('places the location box: towns by name, whatever the case or punctuation, and postcodes', async () => {
    expect(await geo.locate({ kind: 'place', name: 'oxford' })).toMatchObject({ label: 'Oxford' });
    expect(await geo.locate({ kind: 'place', name: 'ST. ALBANS' })).toMatchObject({ label: 'St Albans', latitude: 51.75 });
    expect(await geo.locate({ kind: 'place', name: 'Newcastle' })).toMatchObject({ label: 'Newcastle upon Tyne' });
    expect(await geo.locate({ kind: 'postcode', postcode: 'LS6 2AB' })).toEqual({ latitude: 53.82, longitude: -1.575, label: 'LS6' });
    expect(await geo.locate({ kind: 'district', district: 'OX2' })).toEqual({ latitude: 51.77, longitude: -1.275, label: 'OX2' });
    // Neighbourhoods by the districts that serve them.
    expect(await geo.locate({ kind: 'place', name: 'headingley' })).toEqual({ latitude: 53.82, longitude: -1.575, label: 'Headingley' });
    expect(await geo.locate({ kind: 'place', name: 'St Johns Wood' })).toMatchObject({ label: "St John's Wood" });
  });

  it('says what to type when it cannot place it', async () => {
    const err = await failure(geo.locate({ kind: 'place', name: 'Atlantis' }));
    expect(err).toMatchObject({ code: 'VALIDATION', field: 'near', message: '"Atlantis" was not found. Enter a UK postcode or a town' });
    expect((await failure(geo.locate({ kind: 'district', district: 'QQ1' }))).field).toBe('near');
  });
});

describe('HTTP geocoder against a fake service on loopback', () => {
  let server: Server;
  let base: string;
  const seen: string[] = [];
  const times: number[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const q = new URL(req.url ?? '/', 'http://x').searchParams.get('q') ?? '';
      seen.push(q);
      times.push(Date.now());
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (q.startsWith('slow')) return void setTimeout(() => reply(200, [{ lat: '53.8', lon: '-1.5' }]), 2_000);
      if (q.startsWith('broken')) return reply(500, { error: 'boom' });
      if (q.startsWith('nowhere')) return reply(200, []);
      if (q.startsWith('nonsense')) return reply(200, [{ lat: 'north', lon: '-1.5' }]);
      if (q.startsWith('zero')) return reply(200, [{ lat: '0', lon: '0' }]);
      reply(200, [{ lat: '53.7997', lon: '-1.5492' }]);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/search`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('reads the first result as an exact location, caches it, and spaces requests', async () => {
    const geo = createHttpGeocoder({ url: base, timeoutMs: 1000, minIntervalMs: 150 });
    const before = seen.length;
    const started = Date.now();
    const [a, b] = await Promise.all([geo.geocode(query('LS1 4AP', '1 High Street')), geo.geocode(query('LS1 4AP', '2 High Street'))]);
    expect(a).toEqual({ latitude: 53.7997, longitude: -1.5492, approximate: false });
    expect(b.approximate).toBe(false);
    expect(seen.slice(before)).toEqual(['1 High Street, Leeds, LS1 4AP', '2 High Street, Leeds, LS1 4AP']);
    // The second request may not leave before its turn, 150 ms after the first's, which is no earlier
    // than the start. (The gap between arrivals also counts how late the first one arrived: on a busy
    // machine its new connection alone can take more than the 10 ms a gap check would allow.)
    expect(times.at(-1)! - started).toBeGreaterThanOrEqual(149);
    await geo.geocode(query('LS1 4AP', '1 High Street'));
    expect(seen.length).toBe(before + 2);
  });

  it.each([
    ['slow', GEOCODE_MESSAGES.unavailable],
    ['broken', GEOCODE_MESSAGES.unavailable],
    ['nowhere', GEOCODE_MESSAGES.notFound],
    ['nonsense', GEOCODE_MESSAGES.badCoordinates],
    ['zero', GEOCODE_MESSAGES.badCoordinates],
  ])('answer "%s" becomes %j', async (kind, message) => {
    const geo = createHttpGeocoder({ url: base, timeoutMs: 300, minIntervalMs: 0 });
    expect((await failure(geo.geocode(query('LS1 4AP', kind)))).message).toBe(message);
  });

  it('places the location box through the service, caching each text, and refuses what it cannot find', async () => {
    const geo = createHttpGeocoder({ url: base, timeoutMs: 1000, minIntervalMs: 0 });
    const before = seen.length;
    expect(await geo.locate({ kind: 'place', name: 'Headingley' })).toEqual({ latitude: 53.7997, longitude: -1.5492, label: 'Headingley' });
    await geo.locate({ kind: 'place', name: 'Headingley' });
    expect(seen.slice(before)).toEqual(['Headingley']);
    expect((await failure(geo.locate({ kind: 'place', name: 'nowhere town' }))).message).toBe(
      '"nowhere town" was not found. Enter a UK postcode or a town',
    );
    expect((await failure(geo.locate({ kind: 'place', name: 'broken town' }))).message).toBe(GEOCODE_MESSAGES.unavailable);
  });

  it('an unreachable service is unavailable', async () => {
    const geo = createHttpGeocoder({ url: 'http://127.0.0.1:9/search', timeoutMs: 300, minIntervalMs: 0 });
    expect((await failure(geo.geocode(query('LS1 4AP')))).message).toBe(GEOCODE_MESSAGES.unavailable);
  });
});
