import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OwnerProfile } from '@toolshed/core/contract';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { fakeServer, testUser } from '../../test/fake-server.ts';

const me = { id: testUser.id, name: testUser.name, email: testUser.email, picture: null, createdAt: '2026-03-14T10:00:00.000Z' };
const phone = { countryCode: 'GB', dialCode: '+44', number: '7700900123', formatted: '+44 7700900123', verified: true };

function owner(record: OwnerProfile['record']): OwnerProfile {
  return {
    id: testUser.id,
    name: testUser.name,
    picture: null,
    rating: null,
    totalRatings: 0,
    memberSince: me.createdAt,
    record,
    reviews: [],
    reviewsTotal: 0,
  };
}

describe('the track record on My Profile', () => {
  it('shows the verified badges beside the track record and the claims upheld against the member, as neighbours see it', async () => {
    fakeServer(
      {
        'GET /api/me': () => json({ ...me, phone }),
        [`GET /api/owners/${testUser.id}`]: () =>
          json(
            owner({
              emailVerified: true,
              phoneVerified: true,
              rentalsCompleted: 14,
              returnedOnTime: 14,
              lendingsCompleted: 2,
              claimsUpheldAgainst: 2,
            }),
          ),
      },
      { user: testUser },
    );
    renderApp('/profile?tab=profile');
    const list = await screen.findByRole('list', { name: 'Your track record' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Email verified', 'Phone verified', '14 rentals, all returned on time', 'Lent 2 times', '2 claims upheld against you']);
    expect(screen.getByRole('link', { name: 'See your public page' })).toHaveAttribute('href', `/owner/${testUser.id}`);
    expect(screen.queryByText(/to earn the Phone verified badge/)).toBeNull();
  });

  it('without a verified phone: only the email badge, and how to earn the other', async () => {
    fakeServer(
      {
        'GET /api/me': () => json(me),
        [`GET /api/owners/${testUser.id}`]: () =>
          json(
            owner({
              emailVerified: true,
              phoneVerified: false,
              rentalsCompleted: 0,
              returnedOnTime: 0,
              lendingsCompleted: 0,
              claimsUpheldAgainst: 0,
            }),
          ),
      },
      { user: testUser },
    );
    renderApp('/profile?tab=profile');
    const list = await screen.findByRole('list', { name: 'Your track record' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Email verified', 'No rentals yet']);
    expect(
      screen.getByText(/Verify your phone number below to earn the Phone verified badge; some owners ask for it\./),
    ).toBeInTheDocument();
  });
});
