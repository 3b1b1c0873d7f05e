import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES } from '@toolshed/core';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, ORIGIN } from '../../test/auth-helpers.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
let cookie: string;

beforeAll(async () => {
  ctx = await createTestApp({ mailer });
  ({ cookie } = await createSignedInUser(ctx.app, mailer, 'address@example.com', 'Ada Address'));
});
afterAll(async () => ctx?.close());

const put = (payload: object) => ctx.app.inject({ method: 'PUT', url: '/api/me/address', payload, headers: { cookie, origin: ORIGIN } });
const saved = async () => (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().address;

describe("PUT /api/me/address checks the address with the form's own rule", () => {
  it('saves a full address with its postcode tidied', async () => {
    const res = await put({ line: ' 4 High Street ', city: 'Oxford', postcode: 'ox1 4ar' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await saved()).toEqual({ line: '4 High Street', city: 'Oxford', postcode: 'OX1 4AR' });
  });

  it.each([
    ['a blank street', { line: '  ', city: 'Oxford', postcode: 'OX1 4AR' }, 'line', ADDRESS_MESSAGES.line],
    ['a missing city', { line: '4 High Street', postcode: 'OX1 4AR' }, 'city', ADDRESS_MESSAGES.city],
    ['a postcode that is not one', { line: '4 High Street', city: 'Oxford', postcode: 'OX1' }, 'postcode', ADDRESS_MESSAGES.postcode],
    ['a street too long', { line: 'x'.repeat(201), city: 'Oxford', postcode: 'OX1 4AR' }, 'line', ADDRESS_MESSAGES.lineTooLong],
  ])("refuses %s in the form's words and keeps what was saved", async (_case, payload, field, message) => {
    const res = await put(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ field, message });
    expect(await saved()).toEqual({ line: '4 High Street', city: 'Oxford', postcode: 'OX1 4AR' });
  });
});
