import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { errorJson, fakeServer } from '../../test/fake-server.ts';

describe('forgot and reset password', () => {
  it('asks for a reset link and answers the same whether or not the email has an account', async () => {
    const user = userEvent.setup();
    const api = fakeServer({ 'POST /api/auth/request-password-reset': () => json({ status: true }) });
    renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), ' sam@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('If an account exists for that email, we have sent a link to reset your password.')).toBeInTheDocument();
    expect(api.sent('POST', '/api/auth/request-password-reset')[0]?.body).toEqual({
      email: 'sam@example.com',
      redirectTo: '/reset-password',
    });
  });

  it('sets the new password with the token from the link and asks the user to sign in', async () => {
    const user = userEvent.setup();
    const api = fakeServer({ 'POST /api/auth/reset-password': () => json({ status: true }) });
    renderApp('/reset-password?token=tok-1');
    await user.type(await screen.findByLabelText('New password'), 'a much better secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed. Please sign in.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(api.sent('POST', '/api/auth/reset-password')[0]?.body).toEqual({ newPassword: 'a much better secret', token: 'tok-1' });
  });

  it('offers a new link when the reset link is no longer valid', async () => {
    const user = userEvent.setup();
    fakeServer({
      'POST /api/auth/reset-password': () =>
        errorJson(400, 'VALIDATION', 'This link is invalid or has expired. Please ask for a new one.', { reason: 'INVALID_TOKEN' }),
    });
    renderApp('/reset-password?token=old');
    await user.type(await screen.findByLabelText('New password'), 'a much better secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This link is invalid or has expired. Please ask for a new one.')).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Ask for a new reset link' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('refuses a too-short password before sending it', async () => {
    const user = userEvent.setup();
    const api = fakeServer();
    renderApp('/reset-password?token=tok-1');
    await user.type(await screen.findByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(api.sent('POST', '/api/auth/reset-password')).toHaveLength(0);
  });
});
