import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, post } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { startCalendarServer } from './calendar-test-server.ts';

const SLOW_CALENDARS = 12;
/** Each fetch gives up after this long: twelve of them one after another would hold a single worker for 36 s. */
const FETCH_LIMIT_MS = 3_000;

const waitFor = async (what: string, done: () => boolean, withinMs: number) => {
  const until = performance.now() + withinMs;
  while (!done()) {
    if (performance.now() > until) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('slow calendars and the other background jobs', () => {
  let ctx: TestContext;
  let server: Awaited<ReturnType<typeof startCalendarServer>>;
  const mailer = createMemoryMailer();
  const dribbling = new Set<NodeJS.Timeout>();
  const open = new Set<ServerResponse>();

  beforeAll(async () => {
    server = await startCalendarServer();
    // The worker runs as in production (JOBS on, the real clock), so jobs are run by its own polling.
    ctx = await createTestApp({
      mailer,
      env: { CALENDAR_IMPORT_ALLOW_PRIVATE: 'true', JOBS: 'on' },
      calendarImport: { limits: { timeoutMs: FETCH_LIMIT_MS } },
    });
    await insertCategories(ctx.database.db);
  });
  afterAll(async () => {
    for (const timer of dribbling) clearInterval(timer);
    await server?.close();
    await ctx?.close();
  });

  it('sends a password-reset email within a second while twelve calendars answer one byte a second', async () => {
    for (let n = 0; n < SLOW_CALENDARS; n += 1) {
      server.route(`/slow-${n}.ics`, (_req, res) => {
        open.add(res);
        res.on('close', () => open.delete(res));
        res.writeHead(200, { 'content-type': 'text/calendar' });
        const text = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\n';
        let sent = 0;
        const timer = setInterval(() => {
          if (res.destroyed) return clearInterval(timer);
          res.write(text[sent % text.length]!);
          sent += 1;
        }, 1_000);
        dribbling.add(timer);
      });
    }
    const owner = await createSignedInUser(ctx.app, mailer, 'olive@example.com', 'Olive Owner');
    await createSignedInUser(ctx.app, mailer, 'forgetful@example.com', 'Fay Forgetful');
    const item = await createItem(ctx.database.db, owner.user.id, { name: 'Lawn mower' });
    for (let n = 0; n < SLOW_CALENDARS; n += 1) {
      const added = await post(
        ctx.app,
        '/api/me/calendar-sources',
        { url: server.url(`/slow-${n}.ics`), itemId: item.id },
        { cookie: owner.cookie },
      );
      expect(added.statusCode, added.body).toBe(201);
    }
    // The fetches have begun: the calendar server is dribbling its first bytes.
    await waitFor('the first calendar fetch', () => open.size > 0, 5_000);

    const asked = performance.now();
    const reset = await post(ctx.app, '/api/auth/request-password-reset', {
      email: 'forgetful@example.com',
      redirectTo: '/reset-password',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const isReset = () => mailer.sent.some((m) => m.to === 'forgetful@example.com' && /reset-password\?token=/.test(m.text));
    // Bounded: a worker stuck behind the calendars would keep it for 30 s and more.
    await waitFor('the reset email', isReset, 2 * FETCH_LIMIT_MS).catch(() => undefined);
    const delayMs = performance.now() - asked;
    console.log(`password-reset email sent ${Math.round(delayMs)} ms after it was asked for, ${open.size} calendars answering meanwhile`);
    expect(isReset()).toBe(true);
    expect(delayMs).toBeLessThan(1_000);
    // The calendars were still being fetched meanwhile: they were not simply skipped.
    expect(open.size).toBeGreaterThan(0);
  }, 30_000);
});
