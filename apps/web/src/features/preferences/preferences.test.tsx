import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@toolshed/core/contract';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { errorJson, fakeServer, testUser } from '../../test/fake-server.ts';

describe('the Preferences tab', () => {
  it('shows the saved choices (all on except marketing) and saves each change at once', async () => {
    const user = userEvent.setup();
    let saved: NotificationPreferences = { ...DEFAULT_NOTIFICATION_PREFERENCES };
    const server = fakeServer(
      {
        'GET /api/me/notification-preferences': () => json(saved),
        'PUT /api/me/notification-preferences': ({ body }) => {
          saved = body as NotificationPreferences;
          return json(saved);
        },
      },
      { user: testUser },
    );
    renderApp('/profile?tab=preferences');
    const reminders = await screen.findByRole('switch', { name: 'Return reminders' });
    expect((reminders as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: 'Marketing' }) as HTMLInputElement).checked).toBe(false);
    for (const name of ['Email', 'Push', 'SMS', 'New requests', 'Status updates']) {
      expect((screen.getByRole('switch', { name }) as HTMLInputElement).checked).toBe(true);
    }
    await user.click(reminders);
    await waitFor(() =>
      expect(server.sent('PUT', '/api/me/notification-preferences').map((c) => c.body)).toEqual([
        { ...DEFAULT_NOTIFICATION_PREFERENCES, returnReminders: false },
      ]),
    );
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect((reminders as HTMLInputElement).checked).toBe(false);
  });

  it('puts a switch back and says so when saving fails', async () => {
    const user = userEvent.setup();
    fakeServer(
      {
        'GET /api/me/notification-preferences': () => json(DEFAULT_NOTIFICATION_PREFERENCES),
        'PUT /api/me/notification-preferences': () => errorJson(500, 'INTERNAL', 'Something went wrong.'),
      },
      { user: testUser },
    );
    renderApp('/profile?tab=preferences');
    const email = await screen.findByRole('switch', { name: 'Email' });
    await user.click(email);
    expect(await screen.findByText(/Your change was not saved/)).toBeInTheDocument();
    expect((email as HTMLInputElement).checked).toBe(true);
  });
});
