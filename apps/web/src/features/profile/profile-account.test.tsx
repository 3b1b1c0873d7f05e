import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PHONE_MESSAGES, PICTURE_MESSAGES } from '@toolshed/core';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { errorJson, fakeServer, testUser } from '../../test/fake-server.ts';
import type { Me } from '../../data/me.ts';

const baseMe: Me = {
  id: testUser.id,
  name: testUser.name,
  email: testUser.email,
  picture: null,
  createdAt: '2026-03-14T10:00:00.000Z',
  address: null,
  phone: null,
  vacationUntil: null,
  calendarFeed: false,
};

function server(routes: Parameters<typeof fakeServer>[0] = {}) {
  let me = { ...baseMe };
  const api = fakeServer(
    {
      'GET /api/auth/get-session': () => json({ session: {}, user: { ...testUser, picture: me.picture } }),
      'GET /api/me': () => json(me),
      'POST /api/me/picture': () => {
        me = { ...me, picture: '/media/avatars/user-1/new-thumb.webp' };
        return json(me);
      },
      ...routes,
    },
    { user: testUser },
  );
  return { api, set: (patch: Partial<Me>) => (me = { ...me, ...patch }) };
}

/** A file of `size` bytes that starts as a PNG does. */
function png(size = 16, type = 'image/png'): File {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([bytes], 'me.png', { type });
}

describe('profile picture', () => {
  it('checks the file before uploading with the spec messages', async () => {
    server();
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/profile');
    const upload = await screen.findByRole('button', { name: 'Upload picture' });
    await user.click(upload);
    expect(await screen.findByText(PICTURE_MESSAGES.required)).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Choose a picture'), new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    await user.click(upload);
    expect(await screen.findByText(PICTURE_MESSAGES.notImage)).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Choose a picture'), png(5 * 1024 * 1024 + 1));
    await user.click(upload);
    expect(await screen.findByText(PICTURE_MESSAGES.tooLarge)).toBeInTheDocument();
  });

  it('refuses a text file named me.jpg the moment it is chosen, and uploads nothing', async () => {
    const { api } = server();
    const user = userEvent.setup();
    renderApp('/profile');
    const picker = await screen.findByLabelText('Choose a picture');
    await user.upload(picker, new File(['Dear diary, today I chose a picture.\n'], 'me.jpg', { type: 'image/jpeg' }));
    const message = await screen.findByText('Please select a valid image file');
    expect(picker.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    expect(picker.getAttribute('aria-invalid')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Upload picture' }));
    expect(screen.getByText('Please select a valid image file').id).toBe(message.id);
    expect(api.sent('POST', '/api/me/picture')).toHaveLength(0);

    // A real picture chosen next clears the message.
    await user.upload(picker, png());
    await waitFor(() => expect(screen.queryByText('Please select a valid image file')).toBeNull());
  });

  it('uploads and the header avatar changes without a reload, firing userDataUpdated', async () => {
    server();
    const events: unknown[] = [];
    window.addEventListener('userDataUpdated', (e) => events.push((e as CustomEvent).detail));
    const user = userEvent.setup();
    renderApp('/profile');
    const nav = await screen.findByRole('navigation', { name: 'Account' });
    expect((await within(nav).findByRole('link', { name: 'Priya Shah' })).querySelector('img')).toBeNull();
    await user.upload(screen.getByLabelText('Choose a picture'), png());
    await user.click(screen.getByRole('button', { name: 'Upload picture' }));
    expect(await screen.findByText('Your profile picture has been updated.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Priya Shah' }).querySelector('img')?.getAttribute('src')).toBe(
        '/media/avatars/user-1/new-thumb.webp',
      ),
    );
    expect(events).toContainEqual({ userId: 'user-1' });
  });

  it("shows the spec's failure message when the upload fails", async () => {
    server({ 'POST /api/me/picture': () => errorJson(500, 'INTERNAL', 'Something went wrong on our side. Please try again.') });
    const user = userEvent.setup();
    renderApp('/profile');
    await user.upload(await screen.findByLabelText('Choose a picture'), png());
    await user.click(screen.getByRole('button', { name: 'Upload picture' }));
    expect(await screen.findByText(PICTURE_MESSAGES.failed)).toBeInTheDocument();
  });
});

describe('phone verification', () => {
  it('validates, sends a code, refuses a wrong one and verifies the right one', async () => {
    const { set } = server({
      'POST /api/me/phone/code': () => json({ sentTo: '+44 7700900123', expiresAt: '2026-06-01T10:10:00Z' }),
      'POST /api/me/phone/verify': ({ body }) => {
        if ((body as { code: string }).code !== '123456') return errorJson(400, 'VALIDATION', PHONE_MESSAGES.wrongCode, { field: 'code' });
        const me = {
          ...baseMe,
          phone: { countryCode: 'GB', dialCode: '+44', number: '7700900123', formatted: '+44 7700900123', verified: true },
        };
        set(me);
        return json(me);
      },
    });
    const user = userEvent.setup();
    renderApp('/profile');
    const send = await screen.findByRole('button', { name: 'Send code' });
    await user.selectOptions(screen.getByLabelText('Country'), '');
    await user.click(send);
    expect(await screen.findByText(PHONE_MESSAGES.country)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Country'), 'GB');
    await user.click(send);
    expect(await screen.findByText(PHONE_MESSAGES.number)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '7700 9001');
    await user.click(send);
    expect(await screen.findByText(PHONE_MESSAGES.invalid)).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Phone number' }));
    // Written as people write a UK mobile, with its leading 0.
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '07700 900123');
    await user.click(send);
    expect(await screen.findByText(/We have sent a 6-digit code to \+44 7700900123/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(PHONE_MESSAGES.codeRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Verification code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(PHONE_MESSAGES.wrongCode)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Verification code'));
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Your phone number has been verified.')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
  });

  it('keeps the code box after a reload while the code sent is still valid, with the time it has left', async () => {
    const { set } = server();
    set({
      phone: { countryCode: 'GB', dialCode: '+44', number: '7700900123', formatted: '07700 900123', verified: false },
      phoneCode: { sentTo: '07700 900123', expiresAt: new Date(Date.now() + 4 * 60_000 + 30_000).toISOString() },
    });
    renderApp('/profile');
    expect(await screen.findByText('We have sent a 6-digit code to 07700 900123. It expires in 5 minutes.')).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeInTheDocument();
  });

  it("says sending failed in the spec's words when the server cannot send", async () => {
    server({ 'POST /api/me/phone/code': () => errorJson(503, 'UNAVAILABLE', PHONE_MESSAGES.sendFailed) });
    const user = userEvent.setup();
    renderApp('/profile');
    await user.type(await screen.findByRole('textbox', { name: 'Phone number' }), '7700900123');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(PHONE_MESSAGES.sendFailed)).toBeInTheDocument();
  });
});

describe('vacation mode', () => {
  it('switches on with an end date and off again', async () => {
    const { api } = server({
      'PUT /api/me/vacation': ({ body }) => json({ ...baseMe, vacationUntil: (body as { until: string }).until }),
      'DELETE /api/me/vacation': () => json(baseMe),
    });
    const user = userEvent.setup();
    renderApp('/profile');
    const date = await screen.findByLabelText('Away until (last day)');
    await user.clear(date);
    await user.type(date, '2099-08-20');
    await user.click(screen.getByRole('button', { name: 'Switch vacation mode on' }));
    expect(await screen.findByText('Vacation mode is on until 20 Aug 2099.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PUT' && (c.body as { until: string }).until === '2099-08-20')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Switch off' }));
    expect(await screen.findByText('Vacation mode is off.')).toBeInTheDocument();
  });
});

describe('calendar feed and your data', () => {
  it('makes a calendar address and shows it once with a subscribe link', async () => {
    server({ 'POST /api/me/calendar-feed': () => json({ url: 'http://localhost:3000/api/calendar/abc.ics' }, 201) });
    const user = userEvent.setup();
    renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Create calendar address' }));
    expect(((await screen.findByLabelText(/Your calendar address/)) as HTMLInputElement).value).toBe(
      'http://localhost:3000/api/calendar/abc.ics',
    );
    expect(screen.getByRole('link', { name: 'Subscribe in your calendar app' }).getAttribute('href')).toBe(
      'webcal://localhost:3000/api/calendar/abc.ics',
    );
  });

  it('offers the data download and refuses deletion with the reason', async () => {
    server({ 'GET /api/me/deletion': () => json({ blocker: 'You have 1 upcoming or active rental (as a renter or an owner).' }) });
    const user = userEvent.setup();
    renderApp('/profile');
    expect((await screen.findByRole('link', { name: 'Download my data' })).getAttribute('href')).toBe('/api/me/export');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(/You have 1 upcoming or active rental/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Your password')).toBeNull();
  });

  it('deletes with the password and signs out', async () => {
    const { api } = server({
      'GET /api/me/deletion': () => json({ blocker: null }),
      'DELETE /api/me': ({ body }) =>
        (body as { password: string }).password === 'right one'
          ? new Response(null, { status: 204 })
          : errorJson(400, 'VALIDATION', 'That password is not right.', { field: 'password' }),
      'POST /api/auth/sign-out': () => json({ success: true }),
    });
    const user = userEvent.setup();
    renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.type(await within(dialog).findByLabelText('Your password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('That password is not right.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Your password'));
    await user.type(within(dialog).getByLabelText('Your password'), 'right one');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/auth/sign-out')).toBe(true);
  });
});
