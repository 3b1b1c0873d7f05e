import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PHONE_COUNTRIES, PHONE_MESSAGES } from '@toolshed/core';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, post } from '../../test/auth-helpers.ts';
import { readSmsOutbox } from '../../platform/sms/sms-sender.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
let clock = new Date('2026-06-01T09:00:00Z');
let n = 0;

async function freshUser() {
  n += 1;
  return createSignedInUser(ctx.app, mailer, `phone${n}@example.com`, `Phone User ${n}`);
}
const sendCode = (cookie: string, countryCode: string, number: string) =>
  post(ctx.app, '/api/me/phone/code', { countryCode, number }, { cookie });
const verify = (cookie: string, code: string) => post(ctx.app, '/api/me/phone/verify', { code }, { cookie });
const me = async (cookie: string) => (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json();

/** The code in the newest text message to `to`, as the user would read it. */
async function codeSentTo(to: string): Promise<string> {
  const message = (await readSmsOutbox(path.join(ctx.dataDir, 'sms-outbox'))).find((m) => m.to === to);
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

beforeAll(async () => {
  ctx = await createTestApp({ mailer, now: () => clock });
});
afterAll(async () => ctx?.close());
beforeEach(() => {
  clock = new Date(clock.getTime() + 60 * 60_000);
});

describe('phone number validation', () => {
  it('asks for a country and a number with the spec messages', async () => {
    const { cookie } = await freshUser();
    for (const [country, number, message, field] of [
      ['', '7700900123', PHONE_MESSAGES.country, 'countryCode'],
      ['ZZ', '7700900123', PHONE_MESSAGES.country, 'countryCode'],
      ['GB', '', PHONE_MESSAGES.number, 'number'],
      ['GB', '0077009001', PHONE_MESSAGES.invalid, 'number'],
    ] as const) {
      const res = await sendCode(cookie, country, number);
      expect(res.statusCode, `${country} ${number}`).toBe(400);
      expect(res.json().error).toMatchObject({ message, field });
    }
    expect((await me(cookie)).phone).toBeNull();
  });

  // A real-shaped mobile number of each country (no longer '6' repeated: libphonenumber refuses most such
  // numbers, which the spec's digit counts alone accepted), and how it is shown: its national format.
  const mobiles: Record<string, [string, string]> = {
    GB: ['7400123456', '07400 123456'],
    US: ['2015550123', '(201) 555-0123'],
    DE: ['15123456789', '01512 3456789'],
    FR: ['612345678', '06 12 34 56 78'],
    IT: ['3123456789', '312 345 6789'],
    ES: ['612345678', '612 34 56 78'],
    NL: ['612345678', '06 12345678'],
    BE: ['450001234', '0450 00 12 34'],
    AT: ['6641234567', '0664 1234567'],
    CH: ['781234567', '078 123 45 67'],
    SE: ['701234567', '070-123 45 67'],
    NO: ['40612345', '40 61 23 45'],
    DK: ['34412345', '34 41 23 45'],
    FI: ['412345678', '041 2345678'],
    PL: ['512345678', '512 345 678'],
    IE: ['850123456', '085 012 3456'],
  };
  it.each(PHONE_COUNTRIES.map((c) => [c.code, c.dialCode, c.minDigits, c.maxDigits] as const))(
    '%s (%s) takes %i to %i digits, and a real number of them',
    async (code, dialCode, min, max) => {
      const { cookie } = await freshUser();
      const number = (len: number) => '6'.repeat(len);
      for (const len of [min - 1, max + 1]) {
        const res = await sendCode(cookie, code, number(len));
        expect(res.statusCode, `${len} digits`).toBe(400);
        expect(res.json().error.message).toBe(PHONE_MESSAGES.invalid);
      }
      const [mobile, national] = mobiles[code]!;
      const ok = await sendCode(cookie, code, mobile);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().sentTo).toBe(national);
      expect(await codeSentTo(`${dialCode}${mobile}`)).toMatch(/^\d{6}$/);
      expect((await me(cookie)).phone).toMatchObject({ countryCode: code, number: mobile, formatted: national });
    },
  );

  it('refuses numbers of the right length that no network has, naming the country', async () => {
    const { cookie } = await freshUser();
    for (const [country, number, message] of [
      ['US', '0000000000', 'Please enter a valid phone number for the United States'],
      ['US', '5111111111', 'Please enter a valid phone number for the United States'],
      // Ofcom keeps 07700 900000-900999 for drama: no phone has one.
      ['GB', '07700 900123', 'Please enter a valid phone number for the United Kingdom'],
      ['DE', '1512345678', 'Please enter a valid phone number for Germany'],
      ['ES', '012345678', 'Please enter a valid phone number for Spain'],
      ['NO', '01234567', 'Please enter a valid phone number for Norway'],
    ] as const) {
      const res = await sendCode(cookie, country, number);
      expect(res.statusCode, `${country} ${number}`).toBe(400);
      expect(res.json().error).toMatchObject({ message, field: 'number' });
    }
    expect((await me(cookie)).phone).toBeNull();
    expect(await readSmsOutbox(path.join(ctx.dataDir, 'sms-outbox'))).not.toContainEqual(expect.objectContaining({ to: '+10000000000' }));
  });
});

describe('UK mobile written with its leading 0', () => {
  it('is accepted, stored in E.164 and shown in national format', async () => {
    const { cookie, user } = await freshUser();
    const res = await sendCode(cookie, 'GB', '07400 123456');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sentTo).toBe('07400 123456');
    expect((await me(cookie)).phone).toMatchObject({ countryCode: 'GB', number: '7400123456', formatted: '07400 123456' });
    expect(await codeSentTo('+447400123456')).toMatch(/^\d{6}$/);
    const row = await ctx.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, user.id) });
    expect(row).toMatchObject({ phoneCountryCode: 'GB', phoneNumber: '+447400123456' });
  });
});

describe('phone verification', () => {
  it('verifies with the texted code; the code is stored only as a hash', async () => {
    const { cookie, user } = await freshUser();
    expect((await sendCode(cookie, 'GB', '7400 123457')).statusCode).toBe(200);
    expect((await me(cookie)).phone).toMatchObject({ countryCode: 'GB', dialCode: '+44', number: '7400123457', verified: false });
    const code = await codeSentTo('+447400123457');
    // The code box comes back after a reload: the profile says a code was sent, where to, until when.
    expect((await me(cookie)).phoneCode).toEqual({
      sentTo: '07400 123457',
      expiresAt: new Date(clock.getTime() + 10 * 60_000).toISOString(),
    });
    const mailbox = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(mailbox.body).toContain('+447400123457');
    expect(mailbox.body).toContain(`Your Toolshed verification code is ${code}`);
    const row = await ctx.database.db.query.phoneVerifications.findFirst({ where: (v, { eq }) => eq(v.userId, user.id) });
    expect(row?.codeHash).not.toContain(code);
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);

    const empty = await verify(cookie, '  ');
    expect(empty.json().error.message).toBe(PHONE_MESSAGES.codeRequired);
    const bad = await verify(cookie, wrong(code));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(PHONE_MESSAGES.wrongCode);
    const good = await verify(cookie, code);
    expect(good.statusCode).toBe(200);
    expect(good.json().phone).toMatchObject({ formatted: '07400 123457', verified: true });
    expect(good.json().phoneCode).toBeNull();
    // A used code cannot be used again.
    expect((await verify(cookie, code)).statusCode).toBe(400);
  });

  it('refuses a code after 10 minutes', async () => {
    const { cookie } = await freshUser();
    await sendCode(cookie, 'FR', '612345678');
    const code = await codeSentTo('+33612345678');
    clock = new Date(clock.getTime() + 10 * 60_000 + 1000);
    const res = await verify(cookie, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/expired/);
    expect((await me(cookie)).phone.verified).toBe(false);
    // An expired code no longer opens its box.
    expect((await me(cookie)).phoneCode).toBeNull();
  });

  it('accepts a code just inside 10 minutes', async () => {
    const { cookie } = await freshUser();
    await sendCode(cookie, 'IE', '851234567');
    const code = await codeSentTo('+353851234567');
    clock = new Date(clock.getTime() + 9 * 60_000 + 59_000);
    expect((await verify(cookie, code)).statusCode).toBe(200);
  });

  it('stops after 5 wrong codes, even for the right one, until a new code is sent', async () => {
    const { cookie } = await freshUser();
    await sendCode(cookie, 'DE', '15123456789');
    const code = await codeSentTo('+4915123456789');
    for (let i = 0; i < 4; i++) expect((await verify(cookie, wrong(code))).json().error.message).toBe(PHONE_MESSAGES.wrongCode);
    expect((await verify(cookie, wrong(code))).statusCode).toBe(429);
    const right = await verify(cookie, code);
    expect(right.statusCode).toBe(429);
    expect(right.json().error.message).toMatch(/Too many wrong codes/);
    await sendCode(cookie, 'DE', '15123456789');
    expect((await verify(cookie, await codeSentTo('+4915123456789'))).statusCode).toBe(200);
  });

  it('parallel guesses cannot get past the limit', async () => {
    const { cookie } = await freshUser();
    await sendCode(cookie, 'NO', '41234567');
    const code = await codeSentTo('+4741234567');
    const guesses = Array.from({ length: 20 }, (_, i) => String((Number(code) + i + 1) % 1_000_000).padStart(6, '0'));
    const results = await Promise.all(guesses.map((g) => verify(cookie, g)));
    expect(results.filter((r) => r.statusCode === 400).length).toBeLessThanOrEqual(5);
  });

  it('sends at most 3 codes per 10 minutes', async () => {
    const { cookie } = await freshUser();
    for (let i = 0; i < 3; i++) expect((await sendCode(cookie, 'DK', '21234567')).statusCode).toBe(200);
    const fourth = await sendCode(cookie, 'DK', '21234567');
    expect(fourth.statusCode).toBe(429);
    clock = new Date(clock.getTime() + 10 * 60_000);
    expect((await sendCode(cookie, 'DK', '21234567')).statusCode).toBe(200);
  });

  it('changing the number clears the verified flag', async () => {
    const { cookie } = await freshUser();
    await sendCode(cookie, 'NL', '612345678');
    await verify(cookie, await codeSentTo('+31612345678'));
    expect((await me(cookie)).phone.verified).toBe(true);
    await sendCode(cookie, 'NL', '687654321');
    expect((await me(cookie)).phone).toMatchObject({ number: '687654321', verified: false });
  });

  it('says sending failed when the SMS provider fails', async () => {
    const { cookie, user } = await freshUser();
    // The same database and secret, with a provider whose gateway is down.
    const { buildApp } = await import('../../app.ts');
    const { loadConfig } = await import('../../config.ts');
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: ctx.dataDir, AUTH_RATE_LIMIT: '1000' }),
      database: ctx.database,
      authSecret: 'test-secret-that-is-long-enough-for-signing-0123456789',
      sms: { send: async () => Promise.reject(new Error('gateway down')) },
    });
    try {
      const res = await post(app, '/api/me/phone/code', { countryCode: 'GB', number: '7400900999' }, { cookie });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toBe(PHONE_MESSAGES.sendFailed);
      const row = await ctx.database.db.query.phoneVerifications.findFirst({ where: (v, { eq }) => eq(v.userId, user.id) });
      expect(row).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

describe('numbers saved before they were stored in E.164', () => {
  it('are shown, kept verified when sent again, and verified from a code sent before', async () => {
    const { cookie, user } = await freshUser();
    const { users, phoneVerifications } = await import('../../db/schema.ts');
    const { eq } = await import('drizzle-orm');
    const db = ctx.database.db;
    await db.update(users).set({ phoneCountryCode: 'GB', phoneNumber: '7400123458', phoneVerified: true }).where(eq(users.id, user.id));
    expect((await me(cookie)).phone).toMatchObject({ number: '7400123458', formatted: '07400 123458', verified: true });
    // The same number sent again keeps its flag, and is stored in E.164 from now on.
    expect((await sendCode(cookie, 'GB', '07400 123458')).statusCode).toBe(200);
    expect((await me(cookie)).phone).toMatchObject({ formatted: '07400 123458', verified: true });
    expect((await db.query.users.findFirst({ where: (u, { eq: is }) => is(u.id, user.id) }))?.phoneNumber).toBe('+447400123458');
    // A code pending from before (its number in national digits) still verifies.
    const code = await codeSentTo('+447400123458');
    await db.update(phoneVerifications).set({ phoneNumber: '7400123458' }).where(eq(phoneVerifications.userId, user.id));
    await db.update(users).set({ phoneNumber: '7400123458', phoneVerified: false }).where(eq(users.id, user.id));
    expect((await verify(cookie, code)).statusCode).toBe(200);
    expect((await me(cookie)).phone).toMatchObject({ formatted: '07400 123458', verified: true });
  });
});
