import { expect } from 'vitest';
import { addDays } from '@toolshed/core';
import type { TestContext } from '../../test/test-app.ts';
import { ORIGIN } from '../../test/auth-helpers.ts';

/** A member as the wanted tests sign them in. */
export type Member = { cookie: string; user: { id: string } };

/** A listing near Leeds (LS6), a ladder at £8.00 a day, as the wanted tests list it unless told otherwise. */
export const LEEDS_LADDER = {
  name: 'Aluminium step ladder',
  description: 'Six treads, folds flat, 150 kg rating.',
  dailyRatePence: 800,
  categoryId: 'diy-hand-tools',
  minDays: 1,
  maxDays: 14,
  address: '12 Elm Road',
  city: 'Leeds',
  postcode: 'LS6 2AB',
  available: true,
};

/** A wanted post for a ladder within 5 miles of LS6, for the days 2 to 4 after `today`. */
export const wantedLadder = (today: string) => ({
  title: 'Ladder for the weekend',
  categoryId: 'diy-hand-tools',
  near: 'LS6 2AB',
  radius: '5',
  startDate: addDays(today, 2),
  endDate: addDays(today, 4),
});

/** Requests as a member (or signed out), with the origin the server's write check expects. */
export function wantedKit(ctx: () => TestContext) {
  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who?: Member, payload?: object) =>
    ctx().app.inject({ method, url, headers: { origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) }, ...(payload ? { payload } : {}) });
  /** Lists an item (LEEDS_LADDER with `item` over it) and answers its id. */
  const list = async (who: Member, item: object = {}) => {
    const res = await send('POST', '/api/items', who, { ...LEEDS_LADDER, ...item });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  };
  return { send, list };
}
