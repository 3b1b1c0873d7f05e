import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { html, json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { deferred, errorJson, fakeServer, sessionOf, testUser } from '../../test/fake-server.ts';

describe('email confirmation callback', () => {
  it('confirms the email, signs the user in and goes to redirectTo', async () => {
    let user: typeof testUser | null = null;
    const api = fakeServer({
      'GET /api/auth/get-session': () => json(sessionOf(user)),
      'GET /api/auth/verify-email': () => {
        user = testUser;
        return json({ status: true, user: testUser });
      },
    });
    const app = renderApp('/auth/callback?token=abc.def&redirectTo=%2Fmy-items');

    expect(await screen.findByRole('heading', { level: 1, name: 'My Items' })).toBeInTheDocument();
    expect(app.url()).toBe('/my-items');
    expect(api.sent('GET', '/api/auth/verify-email').map((c) => c.url.searchParams.get('token'))).toEqual(['abc.def']);
    expect(await screen.findByRole('link', { name: 'Priya Shah' })).toBeInTheDocument();
  });

  it('reads the session afresh after confirming, even while a read sent before the confirmation is still on its way', async () => {
    let user: typeof testUser | null = null;
    const early = deferred();
    let reads = 0;
    const api = fakeServer({
      'GET /api/auth/get-session': () => {
        reads += 1;
        // The first read left before the confirmation signed the user in: it can only say 'nobody'.
        return reads === 1 ? early.promise : json(sessionOf(user));
      },
      'GET /api/auth/verify-email': async () => {
        await vi.waitFor(() => expect(reads).toBe(1));
        user = testUser;
        setTimeout(() => early.release(json(sessionOf(null))), 20);
        return json({ status: true, user: testUser });
      },
    });
    const app = renderApp('/auth/callback?token=abc.def&redirectTo=%2Fmy-items');

    expect(await screen.findByRole('heading', { level: 1, name: 'My Items' })).toBeInTheDocument();
    expect(app.url()).toBe('/my-items');
    expect(api.sent('GET', '/api/auth/get-session').length).toBeGreaterThanOrEqual(2);
  });

  it("goes to '/' when redirectTo would leave the site", async () => {
    fakeServer({ 'GET /api/auth/verify-email': () => json({ status: true, user: testUser }) }, { user: testUser });
    const app = renderApp('/auth/callback?token=abc&redirectTo=https%3A%2F%2Fevil.example');
    await waitFor(() => expect(app.url()).toBe('/category/all'));
  });

  it("shows 'Authentication Error' with the server's message and a way back to login", async () => {
    const user = userEvent.setup();
    fakeServer({
      'GET /api/auth/verify-email': () =>
        errorJson(401, 'UNAUTHENTICATED', 'This link has expired. Please ask for a new one.', { reason: 'TOKEN_EXPIRED' }),
    });
    const app = renderApp('/auth/callback?token=old&redirectTo=%2F');

    expect(await screen.findByRole('heading', { level: 1, name: 'Authentication Error' })).toBeInTheDocument();
    expect(within(screen.getByRole('alert')).getByText('This link has expired. Please ask for a new one.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    await waitFor(() => expect(app.url()).toBe('/login'));
  });

  it('says an unexpected error occurred when the answer is not an API error', async () => {
    fakeServer({ 'GET /api/auth/verify-email': () => html(500) });
    renderApp('/auth/callback?token=abc');
    expect(await screen.findByText('An unexpected error occurred during authentication.')).toBeInTheDocument();
  });

  it('goes to /login without a token and without a session', async () => {
    fakeServer();
    const app = renderApp('/auth/callback');
    await waitFor(() => expect(app.url()).toBe('/login'));
  });

  it('goes to redirectTo without a token when already signed in', async () => {
    fakeServer({}, { user: testUser });
    const app = renderApp('/auth/callback?redirectTo=%2Fprofile');
    await waitFor(() => expect(app.url()).toBe('/profile'));
  });

  it('says a link used a second time is already confirmed and offers sign-in that returns to redirectTo', async () => {
    fakeServer({
      'GET /api/auth/verify-email': () =>
        errorJson(400, 'VALIDATION', 'Your email address is already confirmed. Please sign in.', { reason: 'EMAIL_ALREADY_VERIFIED' }),
    });
    renderApp('/auth/callback?token=used&redirectTo=%2Fcheckout');

    expect(await screen.findByRole('heading', { level: 1, name: 'Email already confirmed' })).toBeInTheDocument();
    expect(screen.queryByText('Authentication Error')).toBeNull();
    expect(screen.getByText('Your email address is already confirmed. Please sign in to continue.').getAttribute('role')).toBe('status');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login?from=%2Fcheckout');
  });
});
