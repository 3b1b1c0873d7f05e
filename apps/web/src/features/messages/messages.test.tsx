import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, Message } from '@toolshed/core/contract';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { errorJson, fakeServer, testUser } from '../auth/test-server.ts';
import { testItem } from '../item-detail/test-item.ts';
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
    with: owner,
    messages: [msg(1, testUser.id, 'Is it free on Saturday?'), msg(2, owner.id, 'Yes it is.', true)],
    hasOlder: false,
    readUpTo: 1,
    ...overrides,
  };
}

describe('messages about an item', () => {
  it('shows the conversation newest at the bottom, with read state of my messages', async () => {
    fakeServer({ 'GET /api/items/item-1/messages': () => json(conversation()), 'POST /api/items/item-1/messages/read': () => new Response(null, { status: 204 }) }, { user: testUser });
    renderApp('/item/item-1/messages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages about Hedge Trimmer' })).toBeTruthy();
    const items = within(screen.getByRole('log', { name: 'Conversation' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([expect.stringMatching(/^YouIs it free on Saturday\?.*Read$/), expect.stringMatching(/^Sam OkaforYes it is\./)]);
  });

  it('counts up to 500 characters; blank and 501 cannot be sent', async () => {
    const user = userEvent.setup();
    fakeServer({ 'GET /api/items/item-1/messages': () => json(conversation({ messages: [] })) }, { user: testUser });
    renderApp('/item/item-1/messages');
    const box = await screen.findByLabelText('Message to Sam Okafor');
    const send = screen.getByRole('button', { name: 'Send' });
    expect(screen.getByText('0/500')).toBeTruthy();
    expect(send.hasAttribute('disabled')).toBe(true);
    await user.type(box, '   ');
    expect(send.hasAttribute('disabled')).toBe(true);
    await user.clear(box);
    await user.click(box);
    await user.paste('a'.repeat(500));
    expect(screen.getByText('500/500')).toBeTruthy();
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
        'GET /api/items/item-1/messages': ({ url }) => json(conversation(url.searchParams.has('after') ? { messages: fresh, readUpTo: 3 } : {})),
        'POST /api/items/item-1/messages': ({ body }) => json(msg(3, testUser.id, (body as { content: string }).content), 201),
        'POST /api/items/item-1/messages/read': () => new Response(null, { status: 204 }),
      },
      { user: testUser },
    );
    renderApp('/item/item-1/messages');
    await user.type(await screen.findByLabelText('Message to Sam Okafor'), 'Can I pick it up at 9?{Enter}');
    await waitFor(() => expect(server.sent('POST', '/api/items/item-1/messages').map((c) => c.body)).toEqual([{ content: 'Can I pick it up at 9?' }]));
    const log = screen.getByRole('log', { name: 'Conversation' });
    expect(await within(log).findByText('Can I pick it up at 9?')).toBeTruthy();
    expect((screen.getByLabelText('Message to Sam Okafor') as HTMLTextAreaElement).value).toBe('');

    fresh = [msg(4, owner.id, 'Sure, see you then.')];
    await act(() => vi.advanceTimersByTimeAsync(MESSAGES_POLL_MS));
    expect(await within(log).findByText('Sure, see you then.')).toBeTruthy();
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
    expect(within(people).getAllByRole('link').map((a) => a.textContent)).toEqual(['Rosa Renter2 unread']);
    // Someone new shows up in the list without a reload.
    bea = true;
    await act(() => vi.advanceTimersByTimeAsync(PEOPLE_POLL_MS));
    await waitFor(() => expect(within(people).getAllByRole('link')).toHaveLength(2));
    expect(within(people).getAllByRole('link').map((a) => a.textContent)).toEqual(['Rosa Renter2 unread', 'Bea Booker']);
    expect(screen.getByText('Choose a person to read and answer their messages.')).toBeTruthy();
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(within(people).getByRole('link', { name: /Rosa Renter/ }));
    expect(app.url()).toBe('/item/item-1/messages?with=r1');
    expect(await screen.findByRole('heading', { name: 'Conversation with Rosa Renter' })).toBeTruthy();
    expect(screen.getByText('Hello!')).toBeTruthy();
  });

  it('says the conversation is not found when it is not theirs', async () => {
    fakeServer({ 'GET /api/items/item-1/messages': () => errorJson(404, 'NOT_FOUND', 'Conversation not found.') }, { user: testUser });
    renderApp('/item/item-1/messages?with=someone');
    expect(await screen.findByRole('heading', { level: 1, name: 'Conversation not found' })).toBeTruthy();
  });

  it("is offered from the item popup as 'Message the owner' to a signed-in visitor, not to the owner", async () => {
    fakeServer({ 'GET /api/items/item-1': () => json(testItem()) }, { user: testUser });
    renderApp('/category/all/item/item-1');
    expect((await screen.findByRole('link', { name: 'Message the owner' })).getAttribute('href')).toBe('/item/item-1/messages');
    cleanup();
    fakeServer({ 'GET /api/items/item-1': () => json(testItem()) }, { user: { ...testUser, id: 'owner-7' } });
    renderApp('/category/all/item/item-1');
    expect(await screen.findByRole('heading', { name: testItem().name })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Message the owner' })).toBeNull();
  });
});
