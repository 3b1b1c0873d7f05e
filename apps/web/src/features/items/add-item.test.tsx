import { screen, waitFor, within } from '@testing-library/react';
import { LOCATION_FIELDS_MESSAGE } from '@toolshed/core/contract';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { deferred, errorJson, fakeServer, testUser, type FakeRoute } from '../../test/fake-server.ts';
import { fakeUploads, ownedItem, photo, photoUrl, uploadedFile } from '../../test/owned-items.ts';

/** A whole 1 x 1 PNG image, as a camera or an editor would save one. */
const tinyPng = () =>
  new File(
    [
      Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='), (c) =>
        c.charCodeAt(0),
      ),
    ],
    'tiny.png',
    { type: 'image/png' },
  );

/** Replaces what the field holds, as a user selecting it all and typing over it would. */
async function type(user: UserEvent, label: string, value: string) {
  await user.clear(screen.getByLabelText(label));
  await user.type(screen.getByLabelText(label), value);
}

async function openForm(routes: Record<string, FakeRoute> = {}) {
  const server = fakeServer({ 'GET /api/me/items': () => json({ items: [] }), ...routes }, { user: testUser });
  const app = renderApp('/add-item');
  await screen.findByRole('heading', { level: 1, name: 'Add an item' });
  return { server, app };
}

async function fillDetails(user: UserEvent) {
  await type(user, 'Name', 'Hedge Trimmer');
  await type(user, 'Description', 'Cordless, two batteries.');
  await type(user, 'Daily rate (£)', '12.50');
  await user.selectOptions(screen.getByLabelText('Category'), 'garden-tools');
}

async function fillLocation(user: UserEvent) {
  await type(user, 'Address', '12 Elm Road');
  await type(user, 'City', 'Leeds');
  await type(user, 'Postcode', 'LS6 2AB');
}

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Add Item' }));

describe('add item form', () => {
  it('starts with the spec defaults', async () => {
    await openForm();
    expect((screen.getByLabelText('Daily rate (£)') as HTMLInputElement).value).toBe('10');
    expect((screen.getByLabelText('Minimum days') as HTMLInputElement).value).toBe('1');
    expect((screen.getByLabelText('Maximum days') as HTMLInputElement).value).toBe('7');
    expect((screen.getByLabelText('Available for rent') as HTMLInputElement).checked).toBe(true);
    expect(within(screen.getByLabelText('Category')).getAllByRole('option')).toHaveLength(12);
  });

  it('asks for every location field, beside the address, and sends nothing', async () => {
    const user = userEvent.setup();
    const { server } = await openForm();
    await fillDetails(user);
    await type(user, 'Address', '12 Elm Road');
    await submit(user);

    const address = screen.getByLabelText('Address');
    const message = screen.getByText(LOCATION_FIELDS_MESSAGE);
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(address.getAttribute('aria-describedby')).toBe(message.id);
    expect(screen.getByLabelText('City').getAttribute('aria-invalid')).toBe('true');
    // The first empty location field takes focus.
    expect(document.activeElement).toBe(screen.getByLabelText('City'));
    expect(server.sent('POST', '/api/items')).toHaveLength(0);
  });

  it('refuses a negative rate and a maximum below the minimum, focusing the first', async () => {
    const user = userEvent.setup();
    await openForm();
    await fillDetails(user);
    await fillLocation(user);
    await type(user, 'Daily rate (£)', '-1');
    await type(user, 'Minimum days', '5');
    await type(user, 'Maximum days', '3');
    await submit(user);

    expect(screen.getByText('The daily rate cannot be negative')).toBeInTheDocument();
    expect(screen.getByText('Maximum days must be at least the minimum days')).toBeInTheDocument();
    expect(screen.getByLabelText('Maximum days').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Daily rate (£)'));

    // Correcting a field clears its message.
    await type(user, 'Maximum days', '9');
    expect(screen.queryByText('Maximum days must be at least the minimum days')).toBeNull();
  });

  it("shows the spec's failure with the server's reason, and 'Saving...' meanwhile", async () => {
    const user = userEvent.setup();
    const answer = deferred();
    await openForm({ 'POST /api/items': () => answer.promise });
    await fillDetails(user);
    await fillLocation(user);
    await submit(user);

    const saving = await screen.findByRole('button', { name: 'Saving...' });
    expect((saving as HTMLButtonElement).disabled).toBe(true);
    answer.release(errorJson(400, 'VALIDATION', 'Address not found. Please check the address, city, and postcode.'));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to add item. Please check that the address is valid and try again.')).toBeInTheDocument();
    expect(within(alert).getByText('Address not found. Please check the address, city, and postcode.')).toBeInTheDocument();
    expect(document.activeElement).toBe(alert);
    expect(screen.getByRole('button', { name: 'Add Item' })).toBeInTheDocument();
  });

  it('refuses a text file named fake.jpg when it is chosen, beside the picker and with no preview, and accepts a real small PNG', async () => {
    const uploads = fakeUploads();
    const { server } = await openForm();
    const user = userEvent.setup();
    const picker = screen.getByLabelText('Add photos');
    await user.upload(picker, new File(['Shopping list: nails, glue, sandpaper\n'], 'fake.jpg', { type: 'image/jpeg' }));

    const reason = 'Its contents are not a JPEG, PNG or WebP image, whatever its name says.';
    const refusal = await screen.findByText(reason, { exact: false, selector: 'li' });
    expect(refusal.textContent).toBe(`fake.jpg was not added. ${reason}`);
    // Next to the picker and describing it, so a screen reader hears it with the control.
    expect(picker.getAttribute('aria-describedby')?.split(' ')).toContain(refusal.closest('[aria-live]')!.id);
    expect(refusal.closest('[aria-live]')!.parentElement).toBe(picker.parentElement);
    expect(screen.queryByAltText('Preview of fake.jpg')).toBeNull();
    expect(screen.queryByRole('list', { name: 'New photos' })).toBeNull();
    expect(screen.queryByText('Uploads when you save')).toBeNull();

    await user.upload(picker, tinyPng());
    expect(await screen.findByAltText('Preview of tiny.png')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'New photos' })).getByText('Uploads when you save').textContent).toBe(
      'Uploads when you save',
    );
    // A new choice replaces the last one's refusals.
    expect(screen.queryByText(reason, { exact: false })).toBeNull();
    expect(uploads).toHaveLength(0);
    expect(server.sent('POST', '/api/items')).toHaveLength(0);
  });

  it('creates the item, then uploads each photo with its progress; a photo that fails on the way keeps the item and can be retried', async () => {
    // As a user choosing 'All files' in the picker: the form, not the picker, refuses the PDF.
    const user = userEvent.setup({ applyAccept: false });
    const uploads = fakeUploads();
    const created = ownedItem({ id: 'new-1', images: [] });
    const { server, app } = await openForm({ 'POST /api/items': () => json(created, 201) });
    await fillDetails(user);
    await fillLocation(user);
    await user.upload(screen.getByLabelText('Add photos'), [
      photo('front.png'),
      photo('notes.pdf', 'application/pdf'),
      photo('side.jpg', 'image/jpeg'),
    ]);
    // Checked in the browser before anything is sent.
    expect((await screen.findByText(/Only JPEG, PNG and WebP images are accepted\./)).textContent).toBe(
      'notes.pdf was not added. Only JPEG, PNG and WebP images are accepted.',
    );
    expect(await screen.findByAltText('Preview of front.png')).toBeInTheDocument();

    await submit(user);
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(server.sent('POST', '/api/items')[0]!.body).toMatchObject({
      name: 'Hedge Trimmer',
      dailyRatePence: 1250,
      categoryId: 'garden-tools',
      postcode: 'LS6 2AB',
    });
    expect(uploads[0]!.url).toBe('/api/items/new-1/images');
    expect(uploadedFile(uploads[0]!).name).toBe('front.png');

    uploads[0]!.progress(40);
    expect(screen.getByRole('progressbar', { name: 'Uploading front.png' }).getAttribute('aria-valuenow')).toBe('40');
    uploads[0]!.respond(201, { ...created, images: [photoUrl('new-1', 'p1')] });

    await waitFor(() => expect(uploads).toHaveLength(2));
    uploads[1]!.respond(503, { error: { code: 'UNAVAILABLE', message: 'Photos cannot be stored just now. Please try again.' } });

    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText('Your item is saved.')).toBeInTheDocument();
    // Named with its reason, in a notice that is not an error's red.
    expect(within(notice).getByText('side.jpg').closest('li')!.textContent).toBe(
      'side.jpg: Something went wrong on our side. Please try again.',
    );
    expect(notice.className).not.toMatch(/red/);
    expect(within(notice).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(app.url()).toBe('/add-item');

    await user.click(screen.getByRole('button', { name: 'Retry side.jpg' }));
    await waitFor(() => expect(uploads).toHaveLength(3));
    expect(uploadedFile(uploads[2]!).name).toBe('side.jpg');
    uploads[2]!.respond(201, { ...created, images: [photoUrl('new-1', 'p1'), photoUrl('new-1', 'p2')] });

    await waitFor(() => expect(app.url()).toBe('/my-items'));
    expect(await screen.findByText('Item added')).toBeInTheDocument();
    expect(server.sent('POST', '/api/items')).toHaveLength(1);
  });

  it('saves again without creating a second item after a photo failed', async () => {
    const user = userEvent.setup();
    const uploads = fakeUploads();
    const created = ownedItem({ id: 'new-2', images: [] });
    const { server, app } = await openForm({ 'POST /api/items': () => json(created, 201), 'PUT /api/items/new-2': () => json(created) });
    await fillDetails(user);
    await fillLocation(user);
    await user.upload(screen.getByLabelText('Add photos'), [photo('big.png')]);
    await submit(user);
    await waitFor(() => expect(uploads).toHaveLength(1));
    uploads[0]!.respond(503, { error: { code: 'UNAVAILABLE', message: 'Photos cannot be stored just now. Please try again.' } });
    expect(await screen.findByText('Your item is saved.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove big.png' }));
    await submit(user);
    await waitFor(() => expect(app.url()).toBe('/my-items'));
    expect(server.sent('POST', '/api/items')).toHaveLength(1);
    expect(server.sent('PUT', '/api/items/new-2')).toHaveLength(1);
  });

  it('moves on to My Items when the server refuses a file that is not a picture, naming it with the reason', async () => {
    const user = userEvent.setup();
    const uploads = fakeUploads();
    const created = ownedItem({ id: 'new-3', images: [] });
    const { server, app } = await openForm({ 'POST /api/items': () => json(created, 201) });
    await fillDetails(user);
    await fillLocation(user);
    // It starts like a JPEG, so it passes the browser's check of its first bytes; only the server,
    // decoding the whole file, can tell it is not a picture.
    await user.upload(screen.getByLabelText('Add photos'), [photo('fake.jpg', 'image/jpeg')]);
    await screen.findByAltText('Preview of fake.jpg');
    await submit(user);
    await waitFor(() => expect(uploads).toHaveLength(1));
    uploads[0]!.respond(400, { error: { code: 'VALIDATION', message: 'This file is not a JPEG, PNG or WebP image.', field: 'file' } });

    await waitFor(() => expect(app.url()).toBe('/my-items'));
    expect(await screen.findByText('Item added. fake.jpg was not added: This file is not a JPEG, PNG or WebP image.')).toBeInTheDocument();
    expect(screen.queryByText('Your item is saved.')).toBeNull();
    expect(screen.queryByAltText('Preview of fake.jpg')).toBeNull();
    expect(server.sent('POST', '/api/items')).toHaveLength(1);
  });

  it('retries every failed photo from the notice, then moves on', async () => {
    const user = userEvent.setup();
    const uploads = fakeUploads();
    const created = ownedItem({ id: 'new-4', images: [] });
    const { app } = await openForm({ 'POST /api/items': () => json(created, 201) });
    await fillDetails(user);
    await fillLocation(user);
    await user.upload(screen.getByLabelText('Add photos'), [photo('one.png'), photo('two.png')]);
    await submit(user);
    await waitFor(() => expect(uploads).toHaveLength(1));
    uploads[0]!.fail();
    await waitFor(() => expect(uploads).toHaveLength(2));
    uploads[1]!.fail();
    const notice = await screen.findByRole('alert');
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.split(':')[0]),
    ).toEqual(['one.png', 'two.png']);

    await user.click(within(notice).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(uploads).toHaveLength(3));
    uploads[2]!.respond(201, { ...created, images: [photoUrl('new-4', 'p1')] });
    await waitFor(() => expect(uploads).toHaveLength(4));
    uploads[3]!.respond(201, { ...created, images: [photoUrl('new-4', 'p1'), photoUrl('new-4', 'p2')] });
    await waitFor(() => expect(app.url()).toBe('/my-items'));
    expect(await screen.findByText('Item added')).toBeInTheDocument();
  });
});
