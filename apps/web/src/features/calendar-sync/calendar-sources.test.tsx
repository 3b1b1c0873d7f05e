import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CalendarSource, OwnerItem } from '@toolshed/core/contract';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { errorJson, fakeServer, testUser, type FakeRoute } from '../../test/fake-server.ts';

const item = (id: string, name: string): OwnerItem => ({
  id,
  name,
  categoryId: 'garden-tools',
  dailyRatePence: 1250,
  available: true,
  underReview: false,
  imageUrl: null,
  rentalState: 'available',
  savedBy: 0,
  periods: [],
});
const trimmer = item('11111111-1111-4111-8111-111111111111', 'Hedge Trimmer');
const mower = item('22222222-2222-4222-8222-222222222222', 'Lawn Mower');

const source = (overrides: Partial<CalendarSource>): CalendarSource => ({
  id: 'source-1',
  url: 'https://calendar.example/busy.ics',
  itemId: null,
  itemName: null,
  lastFetchedAt: null,
  lastSuccessAt: null,
  lastError: null,
  lastWarning: null,
  busyPeriods: 0,
  ...overrides,
});

function openMyItems(sources: () => CalendarSource[], routes: Record<string, FakeRoute> = {}) {
  const server = fakeServer(
    {
      'GET /api/me/items': () => json({ items: [trimmer, mower] }),
      'GET /api/me/calendar-sources': () => json({ sources: sources() }),
      ...routes,
    },
    { user: testUser },
  );
  renderApp('/my-items');
  return server;
}

const panel = async () => within((await screen.findByRole('heading', { level: 2, name: 'Other calendars' })).closest('section')!);

describe('Other calendars on My Items', () => {
  it('lists each calendar with what it is for, its last fetch in London time and its last error', async () => {
    openMyItems(() => [
      // 17:25 UTC in summer is 18:25 in London.
      source({
        id: 'a',
        itemId: trimmer.id,
        itemName: 'Hedge Trimmer',
        lastFetchedAt: '2026-07-01T17:25:00.000Z',
        lastSuccessAt: '2026-07-01T17:25:00.000Z',
        busyPeriods: 2,
      }),
      source({
        id: 'b',
        url: 'https://calendar.example/gone.ics',
        lastFetchedAt: '2026-12-01T09:05:00.000Z',
        lastError: 'The calendar answered 404',
      }),
      source({ id: 'c', url: 'https://calendar.example/new.ics' }),
    ]);
    const list = within(await (await panel()).findByRole('list', { name: 'Your other calendars' }));
    const [first, second, third] = list.getAllByRole('listitem');
    expect(first).toHaveTextContent('For: Hedge Trimmer');
    expect(first).toHaveTextContent('Last fetched 1 Jul 2026, 18:25 (London time)');
    expect(first).toHaveTextContent('2 busy periods blocked in the next 18 months');
    expect(second).toHaveTextContent('For: All my items');
    expect(second).toHaveTextContent('Last fetched 1 Dec 2026, 09:05 (London time)');
    expect(second).toHaveTextContent('Last error: The calendar answered 404');
    expect(third).toHaveTextContent('Waiting for the first fetch (within a minute)');
  });

  it('says how far ahead calendars are read, and that repeating events block every day they fall on', async () => {
    openMyItems(() => [source({ id: 'quiet', lastFetchedAt: '2026-07-01T10:00:00.000Z', lastSuccessAt: '2026-07-01T10:00:00.000Z' })]);
    const section = await panel();
    expect(
      section.getByText(
        /Only the next 18 months are read: every day a repeating event falls on in that time is blocked, days further ahead are not\./,
      ),
    ).toBeInTheDocument();
    expect(section.queryByText(/Repeating events count once/)).not.toBeInTheDocument();
    // What recurrence.ts does with a rule it does not expand (BYSETPOS and the like).
    expect(
      section.getByText(
        /A repeating event whose rule we cannot follow \(such as ‘the first weekday of every month’\) blocks its first day only\./,
      ),
    ).toBeInTheDocument();
    expect(await section.findByText('No busy days in the next 18 months')).toBeInTheDocument();
  });

  it('shows what the last good read noted, such as a time zone it could not read, beside what it blocked', async () => {
    const warning =
      'This calendar uses a time zone we do not recognise: "Mars Standard Time". Events in it were read as London time and also block the day before and the day after, as they may fall on either.';
    openMyItems(() => [
      source({
        id: 'noted',
        lastFetchedAt: '2026-07-01T10:00:00.000Z',
        lastSuccessAt: '2026-07-01T10:00:00.000Z',
        busyPeriods: 1,
        lastWarning: warning,
      }),
      source({ id: 'clean', url: 'https://calendar.example/clean.ics', lastFetchedAt: '2026-07-01T10:00:00.000Z', busyPeriods: 1 }),
    ]);
    const list = within(await (await panel()).findByRole('list', { name: 'Your other calendars' }));
    const [noted, clean] = list.getAllByRole('listitem');
    expect(noted).toHaveTextContent('1 busy period blocked in the next 18 months');
    expect(noted).toHaveTextContent(`Note: ${warning}`);
    expect(clean).not.toHaveTextContent('Note:');
  });

  it('adds a calendar for one item or all of them', async () => {
    const user = userEvent.setup();
    const added: CalendarSource[] = [];
    const server = openMyItems(() => added, {
      'POST /api/me/calendar-sources': (request) => {
        const body = request.body as { url: string; itemId: string | null };
        const row = source({ id: `s${added.length}`, url: body.url, itemId: body.itemId, itemName: body.itemId ? 'Lawn Mower' : null });
        added.push(row);
        return json(row, 201);
      },
    });
    const section = await panel();
    expect(await section.findByText('No other calendars yet.')).toBeInTheDocument();
    await user.type(section.getByLabelText('Calendar address'), 'https://calendar.example/mower.ics');
    await user.selectOptions(section.getByLabelText('For'), 'Lawn Mower');
    await user.click(section.getByRole('button', { name: 'Add calendar' }));
    expect(await section.findByText('https://calendar.example/mower.ics')).toBeInTheDocument();
    expect(section.getByText('For: Lawn Mower')).toBeInTheDocument();
    expect(section.getByLabelText('Calendar address')).toHaveValue('');
    expect(server.sent('POST', '/api/me/calendar-sources').map((c) => c.body)).toEqual([
      { url: 'https://calendar.example/mower.ics', itemId: mower.id },
    ]);

    await user.selectOptions(section.getByLabelText('For'), 'All my items');
    await user.type(section.getByLabelText('Calendar address'), 'https://calendar.example/all.ics{Enter}');
    expect(await section.findByText('https://calendar.example/all.ics')).toBeInTheDocument();
    expect(server.sent('POST', '/api/me/calendar-sources').at(-1)!.body).toEqual({ url: 'https://calendar.example/all.ics', itemId: null });
  });

  it("shows the server's reason beside the address and keeps what was typed", async () => {
    const user = userEvent.setup();
    openMyItems(() => [], {
      'POST /api/me/calendar-sources': () =>
        errorJson(400, 'VALIDATION', 'The address must start with http:// or https://.', { field: 'url' }),
    });
    const section = await panel();
    const field = section.getByLabelText('Calendar address');
    await user.type(field, 'ftp://calendar.example/x.ics');
    await user.click(section.getByRole('button', { name: 'Add calendar' }));
    expect(await section.findByText('The address must start with http:// or https://.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('The address must start with http:// or https://.');
    expect(field).toHaveValue('ftp://calendar.example/x.ics');
  });

  it('removes a calendar', async () => {
    const user = userEvent.setup();
    let sources = [source({ id: 'gone', lastFetchedAt: '2026-07-01T10:00:00.000Z' })];
    const server = openMyItems(() => sources, {
      'DELETE /api/me/calendar-sources/[^/]+': () => {
        sources = [];
        return new Response(null, { status: 204 });
      },
    });
    const section = await panel();
    await user.click(await section.findByRole('button', { name: 'Remove calendar https://calendar.example/busy.ics' }));
    expect(await section.findByText('No other calendars yet.')).toBeInTheDocument();
    expect(server.sent('DELETE', '/api/me/calendar-sources/gone')).toHaveLength(1);
  });
});
