import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, Message } from '@toolshed/core/contract';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { deferred, errorJson, fakeServer, testUser } from '../../test/fake-server.ts';
import { testItem } from '../../test/item-detail.ts';
import { MESSAGES_POLL_MS, PEOPLE_POLL_MS } from './api/get-conversation.ts';

afterEach(() => vi.useRealTimers());

const owner = { id: 'owner-1', name: 'Sam Okafor' };
const msg = (seq: number, senderId: string, content: string, isRead = false): Message => ({
  id: `m${seq}`,
  seq,
  senderId,
  content,
  timestamp: '2030-06-01T09:00:00.000Z',
  isRead,
});

function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    item: { id: 'item-1', name: 'Hedge Trimmer' },
    owner,
    you: 'renter',
    threads: [],
    threadsTotal: 0,
    with: owner,
    messages: [msg(1, testUser.id, 'Is it free on Saturday?'), msg(2, owner.id, 'Yes it is.', true)],
    hasOlder: false,
    readUpTo: 1,
    ...overrides,
  };
}

describe('messages about an item', () => {
  it('shows the conversation newest at the bottom, with read state of my messages', async () => {
    fakeServer(
      {
        'GET /api/items/item-1/messages': () => json(conversation()),
        'POST /api/items/item-1/messages/read': () => new Response(null, { status: 204 }),
      },
      { user: testUser },
    );
    renderApp('/item/item-1/messages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages about Hedge Trimmer' })).toBeInTheDocument();
    const items = within(screen.getByRole('log', { name: 'Conversation' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^YouIs it free on Saturday\?.*Read$/),
      expect.stringMatching(/^Sam OkaforYes it is\./),
    ]);
  });

  it('counts up to 500 characters; blank and 501 cannot be sent', async () => {
    const user = userEvent.setup();
    fakeServer({ 'GET /api/items/item-1/messages': () => json(conversation({ messages: [] })) }, { user: testUser });
    renderApp('/item/item-1/messages');
    const box = await screen.findByLabelText('Message to Sam Okafor');
    const send = screen.getByRole('button', { name: 'Send' });
    expect(screen.getByText('0/500')).toBeInTheDocument();
    expect(send.hasAttribute('disabled')).toBe(true);
    await user.type(box, '   ');
    expect(send.hasAttribute('disabled')).toBe(true);
    await user.clear(box);
    await user.click(box);
    await user.paste('a'.repeat(500));
    expect(screen.getByText('500/500')).toBeInTheDocument();
    expect(send.hasAttribute('disabled')).toBe(false);
    await user.type(box, 'b');
    expect(screen.getByText(/501\/500/).textContent).toContain('Messages can be at most 500 characters.');
    expect(send.hasAttribute('disabled')).toBe(true);
  });

  it('sends a message and shows it; a reply appears without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let fresh: Message[] = [];
    const server = fakeServer(
      {
        'GET /api/items/item-1/messages': ({ url }) =>
          json(conversation(url.searchParams.has('after') ? { messages: fresh, readUpTo: 3 } : {})),
        'POST /api/items/item-1/messages': ({ body }) => json(msg(3, testUser.id, (body as { content: string }).content), 201),
        'POST /api/items/item-1/messages/read': () => new Response(null, { status: 204 }),
      },
      { user: testUser },
    );
    renderApp('/item/item-1/messages');
    await user.type(await screen.findByLabelText('Message to Sam Okafor'), 'Can I pick it up at 9?{Enter}');
    await waitFor(() =>
      expect(server.sent('POST', '/api/items/item-1/messages').map((c) => c.body)).toEqual([{ content: 'Can I pick it up at 9?' }]),
    );
    const log = screen.getByRole('log', { name: 'Conversation' });
    expect(await within(log).findByText('Can I pick it up at 9?')).toBeInTheDocument();
    expect((screen.getByLabelText('Message to Sam Okafor') as HTMLTextAreaElement).value).toBe('');

    fresh = [msg(4, owner.id, 'Sure, see you then.')];
    await act(() => vi.advanceTimersByTimeAsync(MESSAGES_POLL_MS));
    expect(await within(log).findByText('Sure, see you then.')).toBeInTheDocument();
    // Shown, so read: the server is told.
    await waitFor(() => expect(server.sent('POST', '/api/items/item-1/messages/read').length).toBeGreaterThan(0));
    // Polling asks only for what is new.
    const polls = server.sent('GET', '/api/items/item-1/messages').filter((c) => c.url.searchParams.has('after'));
    expect(polls.at(-1)!.url.searchParams.get('after')).toBe('3');
  });

  it('gives the owner the list of people and the chosen thread', async () => {
    let bea = false;
    fakeServer(
      {
        'GET /api/items/item-1/messages': ({ url }) =>
          json(
            conversation({
              you: 'owner',
              with: url.searchParams.get('with') === 'r1' ? { id: 'r1', name: 'Rosa Renter' } : null,
              messages: url.searchParams.get('with') === 'r1' ? [msg(1, 'r1', 'Hello!', true)] : [],
              threads: [
                { with: { id: 'r1', name: 'Rosa Renter' }, lastMessageAt: '2030-06-01T09:00:00.000Z', unreadCount: 2, hasRental: false },
                ...(bea ? [{ with: { id: 'r2', name: 'Bea Booker' }, lastMessageAt: null, unreadCount: 0, hasRental: true }] : []),
              ],
            }),
          ),
      },
      { user: { ...testUser, id: owner.id } },
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const app = renderApp('/item/item-1/messages');
    const people = await screen.findByRole('navigation', { name: 'Conversations' });
    expect(
      within(people)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Rosa Renter2 unread']);
    // Someone new shows up in the list without a reload.
    bea = true;
    await act(() => vi.advanceTimersByTimeAsync(PEOPLE_POLL_MS));
    await waitFor(() => expect(within(people).getAllByRole('link')).toHaveLength(2));
    expect(
      within(people)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Rosa Renter2 unread', 'Bea Booker']);
    expect(screen.getByText('Choose a person to read and answer their messages.')).toBeInTheDocument();
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(within(people).getByRole('link', { name: /Rosa Renter/ }));
    expect(app.url()).toBe('/item/item-1/messages?with=r1');
    expect(await screen.findByRole('heading', { name: 'Conversation with Rosa Renter' })).toBeInTheDocument();
    expect(screen.getByText('Hello!')).toBeInTheDocument();
  });

  it('shows a long list of people a page at a time', async () => {
    const person = (n: number) => ({ with: { id: `p${n}`, name: `Person ${n}` }, lastMessageAt: null, unreadCount: 0, hasRental: true });
    const server = fakeServer(
      {
        'GET /api/items/item-1/messages': () =>
          json(
            conversation({
              you: 'owner',
              with: null,
              messages: [],
              threads: Array.from({ length: 50 }, (_, i) => person(i + 1)),
              threadsTotal: 52,
            }),
          ),
        'GET /api/items/item-1/messages/people': () => json({ people: [person(51), person(52)], page: 2, pageSize: 50, total: 52 }),
      },
      { user: { ...testUser, id: owner.id } },
    );
    renderApp('/item/item-1/messages');
    const people = await screen.findByRole('navigation', { name: 'Conversations' });
    expect(within(people).getAllByRole('link')).toHaveLength(50);
    expect(within(people).getByText('Showing 50 of 52 people')).toBeInTheDocument();
    await userEvent.click(within(people).getByRole('button', { name: 'Show more people' }));
    expect(await within(people).findByRole('link', { name: 'Person 52' })).toBeInTheDocument();
    expect(within(people).getAllByRole('link')).toHaveLength(52);
    expect(within(people).queryByRole('button', { name: 'Show more people' })).toBeNull();
    expect(server.sent('GET', '/api/items/item-1/messages/people').map((r) => r.url.search)).toEqual(['?page=2&pageSize=50']);
  });

  it("opening a conversation updates the People list's unread badge and the bell without a reload, and so does a reply", async () => {
    const rosa = { id: 'r1', name: 'Rosa Renter' };
    let read = false;
    const readAnswer = deferred();
    const server = fakeServer(
      {
        'GET /api/items/item-1/messages': ({ url }) =>
          json(
            conversation({
              you: 'owner',
              with: rosa,
              messages: url.searchParams.has('after') ? [] : [msg(1, 'r1', 'Hello!', read), msg(2, 'r1', 'Are you there?', read)],
              threads: [{ with: rosa, lastMessageAt: '2030-06-01T09:00:00.000Z', unreadCount: read ? 0 : 2, hasRental: false }],
              readUpTo: 0,
            }),
          ),
        'POST /api/items/item-1/messages/read': () => readAnswer.promise,
        'POST /api/items/item-1/messages': ({ body }) => json(msg(3, owner.id, (body as { content: string }).content), 201),
        // Two message notices of this thread and one other.
        'GET /api/notifications/unread-count': () => json({ count: read ? 1 : 3 }),
      },
      { user: { ...testUser, id: owner.id } },
    );
    renderApp('/item/item-1/messages?with=r1');
    const people = await screen.findByRole('navigation', { name: 'Conversations' });
    expect(within(people).getByRole('link').textContent).toBe('Rosa Renter2 unread');
    expect(await screen.findByRole('link', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    // Shown, so read: the server marks the messages and their notices read.
    await waitFor(() => expect(server.sent('POST', '/api/items/item-1/messages/read')).toHaveLength(1));
    read = true;
    readAnswer.release(new Response(null, { status: 204 }));
    await waitFor(() => expect(within(people).getByRole('link').textContent).toBe('Rosa Renter'));
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    // The messages shown stay, now read.
    expect(within(screen.getByRole('log', { name: 'Conversation' })).getAllByRole('listitem')).toHaveLength(2);

    // A reply refreshes the list and the bell too.
    const pages = () => server.sent('GET', '/api/items/item-1/messages').filter((c) => !c.url.searchParams.has('after')).length;
    const counts = () => server.sent('GET', '/api/notifications/unread-count').length;
    const [pagesBefore, countsBefore] = [pages(), counts()];
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Message to Rosa Renter'), 'Yes, 9 is fine.{Enter}');
    expect(await within(screen.getByRole('log', { name: 'Conversation' })).findByText('Yes, 9 is fine.')).toBeInTheDocument();
    await waitFor(() => expect(pages()).toBeGreaterThan(pagesBefore));
    await waitFor(() => expect(counts()).toBeGreaterThan(countsBefore));
    expect(screen.getByText('Yes, 9 is fine.')).toBeInTheDocument();
  });

  it('shows why a message was refused when the sender has written too many, and keeps the text', async () => {
    const user = userEvent.setup();
    const tooMany = 'You have sent a lot of messages in a short time. Please wait 7 minutes and try again.';
    fakeServer(
      {
        'GET /api/items/item-1/messages': () => json(conversation({ messages: [] })),
        'POST /api/items/item-1/messages': () => errorJson(429, 'RATE_LIMITED', tooMany),
      },
      { user: testUser },
    );
    renderApp('/item/item-1/messages');
    const box = await screen.findByLabelText('Message to Sam Okafor');
    await user.type(box, 'One more question{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(tooMany);
    expect((box as HTMLTextAreaElement).value).toBe('One more question');
  });

  it('cannot send a message of only invisible characters', async () => {
    const user = userEvent.setup();
    fakeServer({ 'GET /api/items/item-1/messages': () => json(conversation({ messages: [] })) }, { user: testUser });
    renderApp('/item/item-1/messages');
    const box = await screen.findByLabelText('Message to Sam Okafor');
    await user.click(box);
    await user.paste('\u200B\u200B\u2060\u3000');
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
  });

  it('says the conversation is not found when it is not theirs', async () => {
    fakeServer({ 'GET /api/items/item-1/messages': () => errorJson(404, 'NOT_FOUND', 'Conversation not found.') }, { user: testUser });
    renderApp('/item/item-1/messages?with=someone');
    expect(await screen.findByRole('heading', { level: 1, name: 'Conversation not found' })).toBeInTheDocument();
  });

  it("is offered from the item popup as 'Message the owner' to a signed-in visitor, not to the owner", async () => {
    fakeServer({ 'GET /api/items/item-1': () => json(testItem()) }, { user: testUser });
    renderApp('/category/all/item/item-1');
    expect((await screen.findByRole('link', { name: 'Message the owner' })).getAttribute('href')).toBe('/item/item-1/messages');
    cleanup();
    fakeServer({ 'GET /api/items/item-1': () => json(testItem()) }, { user: { ...testUser, id: 'owner-7' } });
    renderApp('/category/all/item/item-1');
    expect(await screen.findByRole('heading', { name: testItem().name })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Message the owner' })).toBeNull();
  });
});
