import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Handover, HandoverSideView } from '@toolshed/core/contract';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { errorJson, fakeServer, testUser } from '../../test/fake-server.ts';
import { rental } from '../../test/rentals.ts';

function side(overrides: Partial<HandoverSideView> & Pick<HandoverSideView, 'side'>): HandoverSideView {
  return {
    addedBy: overrides.side === 'pickup' ? 'owner' : 'renter',
    note: null,
    noteUpdatedAt: null,
    photos: [],
    canAdd: false,
    refusal: null,
    ...overrides,
  };
}
const photo = (id: string, takenAt: string) => ({
  id,
  url: `/api/rentals/r-1/handover/photos/${id}`,
  thumbUrl: `/api/rentals/r-1/handover/photos/${id}?size=thumb`,
  width: 1200,
  height: 900,
  takenAt,
});

function png(name = 'drill.png', size = 64): File {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([bytes], name, { type: 'image/png' });
}

describe('handover photos on the rental page', () => {
  it('shows both sides side by side, with the time each photo arrived in London time and the notes', async () => {
    const handover: Handover = {
      rentalId: 'r-1',
      pickup: side({
        side: 'pickup',
        note: 'Scratch on the battery.',
        photos: [photo('p1', '2030-06-10T09:30:00.000Z'), photo('p2', '2030-06-10T09:31:00.000Z')],
      }),
      return: side({
        side: 'return',
        canAdd: true,
        photos: [photo('p3', '2030-12-12T16:45:00.000Z')],
        note: 'Cleaned.',
        noteUpdatedAt: '2030-12-12T16:46:00.000Z',
      }),
    };
    fakeServer(
      {
        'GET /api/rentals/r-1': () => json(rental({ id: 'r-1', status: 'active' })),
        'GET /api/rentals/r-1/handover': () => json(handover),
      },
      { user: testUser },
    );
    renderApp('/rentals/r-1');
    const section = await screen.findByRole('region', { name: 'Handover photos' });
    const before = await within(section).findByRole('region', { name: 'Before (pick-up)' });
    const after = within(section).getByRole('region', { name: 'After (return)' });
    expect(within(before).getByRole('img', { name: 'Pick-up 1 of 2' })).toHaveAttribute(
      'src',
      '/api/rentals/r-1/handover/photos/p1?size=thumb',
    );
    // 09:30 UTC in June is 10:30 in London; 16:45 UTC in December is 16:45.
    expect(within(before).getByText('10 Jun 2030, 10:30')).toBeInTheDocument();
    expect(within(before).getByText('Scratch on the battery.')).toBeInTheDocument();
    expect(within(before).getByText('Photos by Sam Okafor')).toBeInTheDocument();
    expect(within(before).queryByRole('button', { name: 'Add pick-up photos' })).toBeNull();
    expect(within(after).getByText('12 Dec 2030, 16:45')).toBeInTheDocument();
    expect(within(after).getByText('Photos by you')).toBeInTheDocument();
    expect(within(after).getByRole('button', { name: 'Add return photos' })).toBeEnabled();
    expect(within(after).getByLabelText('Return note')).toHaveValue('Cleaned.');
  });

  it('lets the owner add pick-up photos from the camera, refusing a file that is not a picture before sending anything', async () => {
    const user = userEvent.setup();
    let handover: Handover = { rentalId: 'r-1', pickup: side({ side: 'pickup', canAdd: true }), return: side({ side: 'return' }) };
    const server = fakeServer(
      {
        'GET /api/rentals/r-1': () => json(rental({ id: 'r-1', role: 'owner', status: 'active' })),
        'GET /api/rentals/r-1/handover': () => json(handover),
        'POST /api/rentals/r-1/handover/pickup/photos': () => {
          const n = handover.pickup.photos.length + 1;
          handover = {
            ...handover,
            pickup: { ...handover.pickup, photos: [...handover.pickup.photos, photo(`p${n}`, '2030-06-10T09:30:00.000Z')] },
          };
          return json(handover, 201);
        },
        'PUT /api/rentals/r-1/handover/pickup/note': (req) => {
          handover = {
            ...handover,
            pickup: { ...handover.pickup, note: (req.body as { note: string }).note, noteUpdatedAt: '2030-06-10T09:35:00.000Z' },
          };
          return json(handover);
        },
      },
      { user: testUser },
    );
    renderApp('/rentals/r-1');
    const button = await screen.findByRole('button', { name: 'Add pick-up photos' });
    const input = screen.getByLabelText<HTMLInputElement>('Add pick-up photos');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('capture', 'environment');
    expect(input.type).toBe('file');
    expect(button).toBeEnabled();

    await user.upload(input, [
      png('front.png'),
      new File(['not a picture at all, just words'], 'side.jpg', { type: 'image/jpeg' }),
      png('back.png'),
    ]);
    expect(await screen.findByText('2 photos added.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('side.jpg: Handover photos must be JPEG, PNG or WebP images.');
    expect(server.sent('POST', '/api/rentals/r-1/handover/pickup/photos')).toHaveLength(2);
    const before = screen.getByRole('region', { name: 'Before (pick-up)' });
    expect(within(before).getAllByRole('img')).toHaveLength(2);

    await user.type(within(before).getByLabelText('Pick-up note'), 'Blade guard cracked');
    await user.click(within(before).getByRole('button', { name: 'Save note' }));
    expect(await within(before).findByText('Note saved.')).toBeInTheDocument();
    expect(server.sent('PUT', '/api/rentals/r-1/handover/pickup/note')[0]!.body).toEqual({ note: 'Blade guard cracked' });
  });

  it('shows the server’s refusal and says when photos can be added', async () => {
    const user = userEvent.setup();
    const handover: Handover = { rentalId: 'r-1', pickup: side({ side: 'pickup' }), return: side({ side: 'return', canAdd: true }) };
    fakeServer(
      {
        'GET /api/rentals/r-1': () => json(rental({ id: 'r-1', status: 'active' })),
        'GET /api/rentals/r-1/handover': () => json(handover),
        'POST /api/rentals/r-1/handover/return/photos': () =>
          errorJson(409, 'CONFLICT', 'Return photos could be added until 14 Jun 2030, 00:00.'),
      },
      { user: testUser },
    );
    renderApp('/rentals/r-1');
    await screen.findByRole('button', { name: 'Add return photos' });
    await user.upload(screen.getByLabelText('Add return photos'), png());
    expect(await screen.findByRole('alert')).toHaveTextContent('Return photos could be added until 14 Jun 2030, 00:00.');
  });

  it('tells the owner when pick-up photos open, and shows nothing for a cancelled rental', async () => {
    const handover: Handover = {
      rentalId: 'r-1',
      pickup: side({ side: 'pickup', refusal: 'Pick-up photos can be added from the start day, 11 Jun 2030.' }),
      return: side({ side: 'return' }),
    };
    fakeServer(
      { 'GET /api/rentals/r-1': () => json(rental({ id: 'r-1', role: 'owner' })), 'GET /api/rentals/r-1/handover': () => json(handover) },
      { user: testUser },
    );
    const view = renderApp('/rentals/r-1');
    expect(await screen.findByText('Pick-up photos can be added from the start day, 11 Jun 2030.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add pick-up photos' })).toBeNull();
    view.unmount();

    fakeServer(
      {
        'GET /api/rentals/r-1': () => json(rental({ id: 'r-1', status: 'cancelled' })),
        'GET /api/rentals/r-1/handover': () => json(handover),
      },
      { user: testUser },
    );
    renderApp('/rentals/r-1');
    await screen.findByText('Rental details', { selector: 'h1' });
    await screen.findByText('Order reference');
    expect(screen.queryByRole('heading', { name: 'Handover photos' })).toBeNull();
  });
});
