import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { deferred, fakeServer, sessionOf, testUser } from '../../test/fake-server.ts';

describe('protected routes', () => {
  it("says 'Loading...' while the session is read, then sends a signed-out visitor to /login with the path and query", async () => {
    const session = deferred();
    fakeServer({ 'GET /api/auth/get-session': () => session.promise });
    const app = renderApp('/my-items?tab=rented');

    const loading = await screen.findByText('Loading...');
    expect(loading.closest('[role="status"]')).not.toBeNull();
    expect(app.url()).toBe('/my-items?tab=rented');

    session.release(json(null));
    await waitFor(() => expect(app.url()).toBe('/login?from=%2Fmy-items%3Ftab%3Drented'));
    expect(app.router.state.historyAction).toBe('REPLACE');
  });

  it('brings the user back to the page they asked for after signing in', async () => {
    const user = userEvent.setup();
    let signedIn: typeof testUser | null = null;
    fakeServer({
      'GET /api/auth/get-session': () => json(sessionOf(signedIn)),
      'POST /api/auth/sign-in/email': () => {
        signedIn = testUser;
        return json({ token: 't', user: testUser });
      },
    });
    const app = renderApp('/checkout');
    await user.type(await screen.findByLabelText('Email'), 'priya@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(app.url()).toBe('/checkout');
  });

  it.each([
    ['/notifications', 'Notifications', 'No notifications about your items yet.'],
    ['/item/item-1/messages', 'Conversation not found', 'This conversation does not exist or is not yours.'],
  ])('shows %s to a signed-in user with its title', async (path, title, text) => {
    fakeServer(
      { 'GET /api/notifications': () => json({ tab: 'items', entries: [], unread: { items: 0, rentals: 0 } }) },
      { user: testUser },
    );
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(await screen.findByText(text, { exact: false })).toBeInTheDocument();
  });

  it('keeps public pages public', async () => {
    fakeServer();
    const app = renderApp('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About Toolshed' })).toBeInTheDocument();
    expect(app.url()).toBe('/about');
  });
});
