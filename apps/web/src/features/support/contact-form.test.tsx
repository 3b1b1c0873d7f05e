import { act, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { errorJson, fakeServer, testUser } from '../../test/fake-server.ts';

const SUCCESS = 'Thanks! We have received your message and will reply within 24 hours.';
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

afterEach(() => {
  vi.useRealTimers();
});

async function openHelp() {
  renderApp('/help');
  await screen.findByRole('heading', { level: 1, name: 'Help' });
}

async function fillAll(user: UserEvent) {
  await user.type(field('Name'), 'Sam Okafor');
  await user.type(field('Email'), 'sam@example.com');
  await user.type(field('Subject'), 'Collecting a mower');
  await user.type(field('Message'), 'Can I collect the mower on Saturday morning?');
}

describe('help page contact form', () => {
  it('promises a reply within 24 hours and names the support hours', async () => {
    fakeServer();
    await openHelp();
    expect(screen.getAllByText(/We reply within 24 hours/).length).toBeGreaterThan(0);
    expect(screen.getByText(/Monday to Friday, 9AM-6PM GMT/)).toBeInTheDocument();
  });

  it('sends the message and shows the confirmation for 3 seconds', async () => {
    const user = userEvent.setup();
    const api = fakeServer({ 'POST /api/support-requests': () => json({ id: 'req-1' }, 201) });
    await openHelp();
    await fillAll(user);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // user-event's click waits on setTimeout too, so it finishes while the fake clock moves on.
    const clicked = user.click(screen.getByRole('button', { name: 'Send message' }));
    await act(() => vi.advanceTimersByTimeAsync(50));
    await clicked;
    expect(screen.getByText(SUCCESS)).toBeInTheDocument();
    expect(api.sent('POST', '/api/support-requests')[0]?.body).toEqual({
      name: 'Sam Okafor',
      email: 'sam@example.com',
      subject: 'Collecting a mower',
      message: 'Can I collect the mower on Saturday morning?',
    });
    expect(field('Message').value).toBe('');

    await act(() => vi.advanceTimersByTimeAsync(2_900));
    expect(screen.getByText(SUCCESS)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByText(SUCCESS)).toBeNull();
  });

  it('fills in the name and email of a signed-in user', async () => {
    fakeServer({}, { user: testUser });
    await openHelp();
    await waitFor(() => expect(field('Name').value).toBe('Priya Shah'));
    expect(field('Email').value).toBe('priya@example.com');
  });

  it('says what is missing without sending anything', async () => {
    const user = userEvent.setup();
    const api = fakeServer();
    await openHelp();
    await user.type(field('Message'), 'Too short');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a subject.')).toBeInTheDocument();
    expect(screen.getByText('Your message must be at least 10 characters.')).toBeInTheDocument();
    expect(document.activeElement).toBe(field('Name'));
    expect(api.sent('POST', '/api/support-requests')).toHaveLength(0);
  });

  it("shows the server's refusal beside the field it names", async () => {
    const user = userEvent.setup();
    fakeServer({
      'POST /api/support-requests': () => errorJson(400, 'VALIDATION', 'email: email must be a valid email address', { field: 'email' }),
    });
    await openHelp();
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const message = await screen.findByText('email must be a valid email address');
    expect(field('Email').getAttribute('aria-describedby')).toBe(message.id);
    expect(screen.queryByText(SUCCESS)).toBeNull();
  });

  it('shows the rate-limit message when too many messages were sent', async () => {
    const user = userEvent.setup();
    fakeServer({
      'POST /api/support-requests': () => errorJson(429, 'RATE_LIMITED', 'Too many requests. Please try again in 10 minutes.'),
    });
    await openHelp();
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Too many requests. Please try again in 10 minutes.')).toBeInTheDocument();
  });
});
