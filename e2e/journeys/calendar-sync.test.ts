import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays, todayInLondon } from '@toolshed/core';
import type { ItemDetail } from '@toolshed/core/contract';
import { expectPath } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { dayButtonName, showMonthOf } from '../support/calendar.ts';
import { expect, test } from '../support/fixtures.ts';
import { listItemThroughApi, newItemEntry, signInTo } from '../support/owner-items.ts';

// Development mode for /dev/mailbox (accounts are confirmed from it). The calendar server below runs
// on 127.0.0.1, which the server reads only with CALENDAR_IMPORT_ALLOW_PRIVATE; background jobs run
// (they are on outside tests), so the fetch happens within a minute of adding it, as in production.
test.use({ serverOptions: { mode: 'development', env: { AUTH_RATE_LIMIT: '100', CALENDAR_IMPORT_ALLOW_PRIVATE: 'true' } } });

const basic = (iso: string) => iso.replace(/-/g, '');
const busyFrom = addDays(todayInLondon(), 12);
const busyTo = addDays(busyFrom, 1);

/** The owner's other calendar: one all-day event over two days (DTEND is the day after the last). */
const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Elsewhere//EN',
  'BEGIN:VEVENT',
  'UID:holiday@elsewhere.example',
  'DTSTAMP:20260101T000000Z',
  `DTSTART;VALUE=DATE:${basic(busyFrom)}`,
  `DTEND;VALUE=DATE:${basic(addDays(busyTo, 1))}`,
  'SUMMARY:Away with the mower',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

let calendarServer: Server;
let calendarUrl: string;
let fetches = 0;

test.beforeAll(async () => {
  calendarServer = createServer((req, res) => {
    fetches += 1;
    if (req.url === '/owner.ics') res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(ICS);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => calendarServer.listen(0, '127.0.0.1', resolve));
  calendarUrl = `http://127.0.0.1:${(calendarServer.address() as AddressInfo).port}/owner.ics`;
});
test.afterAll(async () => {
  calendarServer.closeAllConnections();
  await new Promise((resolve) => calendarServer.close(resolve));
});

test.describe('calendar sync', () => {
  test('an owner adds another calendar for an item, and after the fetch the popup shows its busy days unavailable', async ({
    page,
    baseUrl,
    accounts,
  }) => {
    const owner = await accounts.confirmed('Syncer');
    const item: ItemDetail = await listItemThroughApi(baseUrl, owner, newItemEntry('Lawn Mower', 'garden-tools'));

    await signInTo(page, owner, `/edit-item/${item.id}`);
    const main = page.getByRole('main');
    const section = main.getByRole('region', { name: 'Other calendars' });
    await expect(section.getByText('No other calendars yet.', { exact: true })).toBeVisible();
    await section.getByLabel('Calendar address', { exact: true }).fill(calendarUrl);
    await expect(section.getByLabel('For', { exact: true }), 'on the item page the form is for this item').toHaveValue(item.id);
    await section.getByRole('button', { name: 'Add calendar', exact: true }).click();

    const entry = section.getByRole('list', { name: 'Your other calendars' }).getByRole('listitem').filter({ hasText: calendarUrl });
    await expect(entry).toContainText(`For: ${item.name}`);
    // The job queue fetches it within a minute; the list asks again every few seconds until then.
    await expect(entry.getByText(/^Last fetched \d+ \w+ \d{4}, \d{2}:\d{2} \(London time\)$/)).toBeVisible({ timeout: 70_000 });
    await expect(entry.getByText('1 busy period blocked in the next 18 months', { exact: true })).toBeVisible();
    expect(fetches).toBeGreaterThan(0);

    // My Items lists it too, with the same form for any item.
    await page.goto('/my-items');
    await expect(
      page.getByRole('main').getByRole('region', { name: 'Other calendars' }).getByText(calendarUrl, { exact: true }),
    ).toBeVisible();
    await expectNoAxeViolations(page, '/my-items (with another calendar)');

    // A renter's view: the popup greys the busy days like booked ones.
    await page.goto(`/category/${item.categoryId}/item/${item.id}`);
    await expectPath(page, `/category/${item.categoryId}/item/${item.id}`);
    const dialog = page.getByRole('dialog', { name: item.name });
    await expect(dialog).toBeVisible();
    await showMonthOf(dialog, busyFrom);
    for (const day of [busyFrom, busyTo]) {
      await showMonthOf(dialog, day);
      const button = dialog.getByRole('button', { name: dayButtonName(day) });
      await expect(button).toHaveAccessibleName(/, booked$/);
      await expect(button).toBeDisabled();
    }
    const free = addDays(busyTo, 1);
    await showMonthOf(dialog, free);
    await expect(dialog.getByRole('button', { name: dayButtonName(free) })).toBeEnabled();
  });
});
