import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, fakeServer, testUser } from '../test/fake-server.ts';
import { json } from '../test/fake-api.ts';
import { renderApp } from '../test/render-app.tsx';

const header = () => screen.getByRole('banner');
const accountNav = () => within(header()).findByRole('navigation', { name: 'Account' });

describe('site header', () => {
  it('offers Log In and Sign Up when signed out, Sign Up opening the sign-up form', async () => {
    fakeServer();
    renderApp('/help');
    const nav = await accountNav();
    expect(within(nav).getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/login');
    expect(within(nav).getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/login?mode=signup');
    expect(within(nav).queryByRole('button', { name: 'Sign Out' })).toBeNull();
  });

  it('shows nothing in the account area while the session is being read', async () => {
    const session = deferred();
    fakeServer({ 'GET /api/auth/get-session': () => session.promise });
    renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Toolshed' });
    expect(within(header()).queryByRole('link', { name: 'Log In' })).toBeNull();
    expect(within(header()).queryByRole('button', { name: 'Sign Out' })).toBeNull();
    session.release(json(null));
    expect(await within(header()).findByRole('link', { name: 'Log In' })).toBeInTheDocument();
  });

  it('shows notifications with the unread count, the profile link, My Items, My Rentals and Sign Out when signed in', async () => {
    fakeServer({ 'GET /api/notifications/unread-count': () => json({ count: 3 }) }, { user: testUser });
    renderApp('/about');
    const nav = await accountNav();
    const bell = await within(nav).findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell.getAttribute('href')).toBe('/notifications');
    expect(bell.textContent).toBe('3');
    const profile = within(nav).getByRole('link', { name: 'Priya Shah' });
    expect(profile.getAttribute('href')).toBe('/profile');
    expect(profile.textContent).toContain('PS');
    expect(within(nav).getByRole('link', { name: 'My Items' }).getAttribute('href')).toBe('/my-items');
    expect(within(nav).getByRole('link', { name: 'My Rentals' }).getAttribute('href')).toBe('/my-rentals');
    expect(within(nav).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Log In' })).toBeNull();
  });

  it('shows no badge when nothing is unread', async () => {
    const api = fakeServer({}, { user: testUser });
    renderApp('/about');
    const bell = await within(await accountNav()).findByRole('link', { name: 'Notifications' });
    await waitFor(() => expect(api.sent('GET', '/api/notifications/unread-count')).toHaveLength(1));
    expect(bell.textContent).toBe('');
  });

  it('shows the picture instead of initials when the user has one', async () => {
    fakeServer({}, { user: { ...testUser, picture: '/media/avatar.webp' } });
    renderApp('/about');
    const profile = await within(await accountNav()).findByRole('link', { name: 'Priya Shah' });
    expect(profile.querySelector('img')?.getAttribute('src')).toBe('/media/avatar.webp');
  });

  it('signs out on the server and goes to All Items', async () => {
    const user = userEvent.setup();
    let signedIn = true;
    const api = fakeServer({
      'GET /api/auth/get-session': () => json(signedIn ? { session: {}, user: testUser } : null),
      'POST /api/auth/sign-out': () => {
        signedIn = false;
        return json({ success: true });
      },
      'GET /api/me': () => json({ ...testUser }),
    });
    const app = renderApp('/profile');
    expect(await screen.findByText('priya@example.com')).toBeInTheDocument();

    await user.click(within(await accountNav()).getByRole('button', { name: 'Sign Out' }));
    expect(await within(header()).findByRole('link', { name: 'Log In' })).toBeInTheDocument();
    expect(app.url()).toBe('/category/all');
    expect(api.sent('POST', '/api/auth/sign-out')[0]?.body).toEqual({});
  });

  it("does not show the previous account's details to the next person who signs in", async () => {
    const user = userEvent.setup();
    const sam = { ...testUser, id: 'user-2', name: 'Sam Okafor', email: 'sam@example.com' };
    let current: typeof testUser | null = testUser;
    fakeServer({
      'GET /api/auth/get-session': () => json(current ? { session: {}, user: current } : null),
      'POST /api/auth/sign-out': () => {
        current = null;
        return json({ success: true });
      },
      'POST /api/auth/sign-in/email': () => {
        current = sam;
        return json({ token: 't', user: sam });
      },
      'GET /api/me': () => json(current),
    });
    const app = renderApp('/profile');
    expect(await screen.findByText('priya@example.com')).toBeInTheDocument();
    await user.click(within(await accountNav()).getByRole('button', { name: 'Sign Out' }));
    await within(header()).findByRole('link', { name: 'Log In' });

    await app.router.navigate('/profile');
    await user.type(await screen.findByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await screen.findByRole('heading', { level: 1, name: 'My Profile' });
    expect(screen.queryByText('priya@example.com')).toBeNull();
    expect(await screen.findByText('sam@example.com')).toBeInTheDocument();
  });

  it('puts the account links in a menu on narrow screens, with its state announced', async () => {
    const user = userEvent.setup();
    fakeServer({}, { user: testUser });
    renderApp('/about');
    const nav = await accountNav();
    const menuButton = await within(nav).findByRole('button', { name: /Menu/ });
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    await user.click(menuButton);
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    const menu = document.getElementById(menuButton.getAttribute('aria-controls')!)!;
    expect(within(menu).getByRole('link', { name: 'My Items' })).toBeInTheDocument();
    await user.tab();
    expect(menu).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menuButton);
  });
});
