import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { html, json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { errorJson, fakeServer, sessionOf, testUser } from '../../test/fake-server.ts';

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function openLogin(path: string) {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return app;
}

async function fillSignUp(user: UserEvent, password = 'correct horse battery') {
  await user.type(field('Full name'), 'Priya Shah');
  await user.type(field('Email'), 'priya@example.com');
  await user.type(field('Password'), password);
}

describe('login page', () => {
  it('toggles between sign-in and sign-up, asking for the full name only when signing up', async () => {
    const user = userEvent.setup();
    fakeServer();
    const app = await openLogin('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Toolshed' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Full name')).toBeNull();
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/forgot-password');

    await user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    expect(await screen.findByLabelText('Full name')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(app.url()).toBe('/login?mode=signup');

    await user.click(screen.getByRole('button', { name: 'Already have an account? Sign in' }));
    await waitFor(() => expect(screen.queryByLabelText('Full name')).toBeNull());
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('shows and hides the password with the Show password toggle', async () => {
    const user = userEvent.setup();
    fakeServer();
    await openLogin('/login');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(field('Password').type).toBe('password');
    await user.click(toggle);
    expect(field('Password').type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });

  it('signs up with the return path as callbackURL and asks the user to confirm their email', async () => {
    const user = userEvent.setup();
    const api = fakeServer({ 'POST /api/auth/sign-up/email': () => json({ token: null, user: {} }) });
    await openLogin('/login?mode=signup&from=%2Fmy-items');
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('Please check your email to confirm your account before signing in.')).toBeInTheDocument();
    expect(api.sent('POST', '/api/auth/sign-up/email')[0]?.body).toEqual({
      name: 'Priya Shah',
      email: 'priya@example.com',
      password: 'correct horse battery',
      callbackURL: '/my-items',
    });
    // Back in sign-in mode with the email kept, ready for after the confirmation.
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(field('Email').value).toBe('priya@example.com');
  });

  it('offers to sign in instead when the email already has an account, keeping the email', async () => {
    const user = userEvent.setup();
    fakeServer({
      'POST /api/auth/sign-up/email': () =>
        errorJson(409, 'CONFLICT', 'An account with this email already exists.', { reason: 'USER_ALREADY_EXISTS' }),
    });
    await openLogin('/login?mode=signup');
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('An account with this email already exists.')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Click here to sign in instead' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(field('Email').value).toBe('priya@example.com');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a common password before sending anything', async () => {
    const user = userEvent.setup();
    const api = fakeServer();
    await openLogin('/login?mode=signup');
    await fillSignUp(user, 'password123');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('This password is too common. Please choose one that is harder to guess.')).toBeInTheDocument();
    expect(field('Password').getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('POST', '/api/auth/sign-up/email')).toHaveLength(0);
  });

  it("shows the server's message for a wrong password and stays on the page", async () => {
    const user = userEvent.setup();
    fakeServer({
      'POST /api/auth/sign-in/email': () =>
        errorJson(401, 'UNAUTHENTICATED', 'Invalid email or password.', { reason: 'INVALID_EMAIL_OR_PASSWORD' }),
    });
    const app = await openLogin('/login');
    await user.type(field('Email'), 'priya@example.com');
    await user.type(field('Password'), 'not my password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(within(await screen.findByRole('alert')).getByText('Invalid email or password.')).toBeInTheDocument();
    expect(app.url()).toBe('/login');
    expect((screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('falls back to a general message when the answer is not an API error', async () => {
    const user = userEvent.setup();
    fakeServer({ 'POST /api/auth/sign-in/email': () => html(502) });
    await openLogin('/login');
    await user.type(field('Email'), 'priya@example.com');
    await user.type(field('Password'), 'whatever it is');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(within(await screen.findByRole('alert')).getByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
  });

  it("returns to 'from' after signing in, replacing the login page in history", async () => {
    const user = userEvent.setup();
    let signedIn: typeof testUser | null = null;
    const api = fakeServer({
      'GET /api/auth/get-session': () => json(sessionOf(signedIn)),
      'POST /api/auth/sign-in/email': () => {
        signedIn = testUser;
        return json({ redirect: false, token: 't', user: testUser });
      },
    });
    const app = await openLogin('/login?from=%2Fmy-rentals%3Ftab%3Dpast');
    await user.type(field('Email'), 'priya@example.com');
    await user.type(field('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My Rentals' })).toBeInTheDocument();
    expect(app.url()).toBe('/my-rentals?tab=past');
    expect(app.router.state.historyAction).toBe('REPLACE');
    expect(api.sent('POST', '/api/auth/sign-in/email')[0]?.body).toEqual({
      email: 'priya@example.com',
      password: 'correct horse battery',
      callbackURL: '/my-rentals?tab=past',
    });
  });

  it("asks that a confirmation link resent to an unconfirmed account returns to 'from'", async () => {
    const user = userEvent.setup();
    const api = fakeServer({
      'POST /api/auth/sign-in/email': () =>
        errorJson(403, 'FORBIDDEN', 'Please confirm your email address before signing in.', { reason: 'EMAIL_NOT_VERIFIED' }),
    });
    await openLogin('/login?from=%2Fcheckout');
    await user.type(field('Email'), 'new@example.com');
    await user.type(field('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(api.sent('POST', '/api/auth/sign-in/email')[0]?.body).toMatchObject({ callbackURL: '/checkout' });
  });

  it("ignores a 'from' that leaves the site", async () => {
    fakeServer({}, { user: testUser });
    const app = renderApp('/login?from=%2F%2Fevil.example%2F');
    await waitFor(() => expect(app.url()).toBe('/category/all'));
  });

  it("sends a signed-in visitor straight to 'from'", async () => {
    fakeServer({}, { user: testUser });
    const app = renderApp('/login?from=%2Fprofile');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(app.url()).toBe('/profile');
  });

  it('explains in Mock Data mode that accounts need the server', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderApp('/login');
    expect(await screen.findByText(/Accounts need the Toolshed server/)).toBeInTheDocument();
    expect((screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
