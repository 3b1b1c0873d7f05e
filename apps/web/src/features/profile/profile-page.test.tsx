import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { errorJson, fakeServer, testUser } from '../../test/fake-server.ts';

const me = { id: testUser.id, name: testUser.name, email: testUser.email, picture: null, createdAt: '2026-03-14T10:00:00.000Z' };

function serverWithName() {
  let name = me.name;
  const api = fakeServer({
    'GET /api/auth/get-session': () => json({ session: {}, user: { ...testUser, name } }),
    'GET /api/me': () => json({ ...me, name }),
    'PATCH /api/me': ({ body }) => {
      name = (body as { name: string }).name;
      return json({ ...me, name });
    },
  });
  return api;
}

describe('profile page', () => {
  it('shows the name, email and month of joining on the Profile tab', async () => {
    serverWithName();
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 2, name: 'Priya Shah' })).toBeInTheDocument();
    expect(screen.getByText('priya@example.com')).toBeInTheDocument();
    expect(screen.getByText('Member since March 2026')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Profile' }).getAttribute('aria-selected')).toBe('true');
  });

  it('saves a new name, confirms it and updates the header', async () => {
    const user = userEvent.setup();
    const api = serverWithName();
    renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit name' }));
    await user.clear(screen.getByLabelText('Full name'));
    await user.type(screen.getByLabelText('Full name'), '  Priya S. Shah ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your name has been saved.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Priya S. Shah' })).toBeInTheDocument();
    expect(api.sent('PATCH', '/api/me')[0]?.body).toEqual({ name: 'Priya S. Shah' });
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Priya S. Shah' })).toBeInTheDocument();
  });

  it("shows the server's message when the name is refused, keeping the form open", async () => {
    const user = userEvent.setup();
    fakeServer(
      {
        'GET /api/me': () => json(me),
        'PATCH /api/me': () => errorJson(400, 'VALIDATION', 'name: name must not be blank', { field: 'name' }),
      },
      { user: testUser },
    );
    renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit name' }));
    await user.clear(screen.getByLabelText('Full name'));
    await user.type(screen.getByLabelText('Full name'), 'Priya');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(await screen.findByRole('alert')).getByText('name must not be blank')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toBeInTheDocument();
  });

  it('refuses a blank name before sending, and Cancel leaves the name as it was', async () => {
    const user = userEvent.setup();
    const api = serverWithName();
    renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit name' }));
    await user.clear(screen.getByLabelText('Full name'));
    await user.type(screen.getByLabelText('Full name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter your name.')).toBeInTheDocument();
    expect(api.sent('PATCH', '/api/me')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Full name')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Priya Shah' })).toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys, Home and End, keeping the tab in the URL', async () => {
    const user = userEvent.setup();
    serverWithName();
    const app = renderApp('/profile?tab=profile');
    const profileTab = await screen.findByRole('tab', { name: 'Profile' });
    await user.click(profileTab);

    await user.keyboard('{ArrowRight}');
    const balance = screen.getByRole('tab', { name: 'Balance' });
    expect(document.activeElement).toBe(balance);
    await waitFor(() => expect(app.url()).toBe('/profile?tab=balance'));
    expect(balance.getAttribute('aria-selected')).toBe('true');
    expect(balance.tabIndex).toBe(0);
    expect(profileTab.tabIndex).toBe(-1);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('profile-tab-balance');

    await user.keyboard('{End}');
    await waitFor(() => expect(app.url()).toBe('/profile?tab=preferences'));
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(app.url()).toBe('/profile?tab=profile'));
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(app.url()).toBe('/profile?tab=preferences'));
    await user.keyboard('{Home}');
    await waitFor(() => expect(app.url()).toBe('/profile?tab=profile'));
  });

  it('opens the tab named in the URL', async () => {
    serverWithName();
    renderApp('/profile?tab=reviews');
    expect((await screen.findByRole('tab', { name: 'Reviews' })).getAttribute('aria-selected')).toBe('true');
    // The panel belongs to the Reviews tab (what it shows is the reviews feature's own test).
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('profile-tab-reviews');
  });
});
