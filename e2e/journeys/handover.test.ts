import { request, type Locator } from '@playwright/test';
import { TEST_CARDS, addDays, todayInLondon } from '@toolshed/core';
import type { ItemDetail } from '@toolshed/core/contract';
import type { Account } from '../support/accounts.ts';
import { expectPath } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { inputOf, listItemThroughApi, newItemEntry, ownerApi, signInTo } from '../support/owner-items.ts';
import { makePhotos } from '../support/photos.ts';
import { asRenter, bookThroughApi } from '../support/renter-api.ts';
import { itemDialog } from '../support/wheelbarrow.ts';

const today = todayInLondon();

// Development mode for /dev/mailbox (sign-up confirmations), a quick simulated card processor.
test.use({ serverOptions: { mode: 'development', env: { AUTH_RATE_LIMIT: '100', PAYMENT_DELAY_MS: '300' } } });

/** Every photo in `region` has loaded (its bytes came from the API, for this person). */
async function expectPhotosLoaded(region: Locator, count: number) {
  const images = region.getByRole('img');
  await expect(images).toHaveCount(count);
  for (let i = 0; i < count; i++)
    await expect.poll(() => images.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

/** Lists an item for `owner` asking `asks` of renters, through the API. */
async function listAsking(
  baseUrl: string,
  owner: Account,
  label: string,
  asks: { requireVerifiedPhone: boolean; minCompletedRentals: number },
): Promise<ItemDetail> {
  const requests = await request.newContext();
  try {
    const signIn = await requests.post(`${baseUrl}/api/auth/sign-in/email`, {
      headers: { origin: baseUrl },
      data: { email: owner.email, password: owner.password },
    });
    if (!signIn.ok()) throw new Error(`Sign-in of ${owner.email} answered ${signIn.status()}`);
    return await ownerApi(requests, baseUrl).createItem({ ...inputOf(newItemEntry(label, 'garden-tools')), ...asks });
  } finally {
    await requests.dispose();
  }
}

test.describe('handover photos', () => {
  test('the owner adds pick-up photos, the renter return photos, and both see before and after', async ({
    page,
    secondPage,
    baseUrl,
    accounts,
  }) => {
    const owner = await accounts.confirmed('Owner');
    const renter = await accounts.confirmed('Renter');
    const item = await listItemThroughApi(baseUrl, owner, newItemEntry('Hedge trimmer', 'garden-tools'));
    // Picked up today: the handover is open for both from the start day.
    await bookThroughApi(
      baseUrl,
      renter,
      [{ item, range: { startDate: today, endDate: addDays(today, 1) }, days: 2 }],
      TEST_CARDS.success,
      today,
    );
    const rental = await asRenter(baseUrl, renter, async (r) => (await r.rentals()).find((x) => x.item.id === item.id));
    expect(rental, 'the booking is among the renter’s rentals').toBeTruthy();
    const photos = await makePhotos(3, 'handover');
    try {
      // The owner hands it over and photographs it from the rental page.
      await signInTo(page, owner, `/rentals/${rental!.id}`);
      await expectPath(page, `/rentals/${rental!.id}`);
      const section = page.getByRole('region', { name: 'Handover photos' });
      await expect(section).toBeVisible();
      const before = section.getByRole('region', { name: 'Before (pick-up)' });
      const after = section.getByRole('region', { name: 'After (return)' });
      await expect(before.getByText('No photos yet.')).toBeVisible();
      await expect(section.getByRole('button', { name: 'Add return photos' })).toHaveCount(0);
      const chooser = page.waitForEvent('filechooser');
      await before.getByRole('button', { name: 'Add pick-up photos' }).click();
      await (await chooser).setFiles(photos.files.slice(0, 2).map((f) => f.path));
      await expect(before.getByText('2 photos added.')).toBeVisible();
      await expectPhotosLoaded(before, 2);
      await before.getByLabel('Pick-up note').fill('Blade guard has a small crack; two batteries, both charged.');
      await before.getByRole('button', { name: 'Save note' }).click();
      await expect(before.getByText('Note saved.')).toBeVisible();
      await expectNoAxeViolations(page, 'the rental page with pick-up photos');

      // The renter sees the pick-up photos and the note, then photographs it on the way back.
      await signInTo(secondPage, renter, `/rentals/${rental!.id}`);
      const theirSection = secondPage.getByRole('region', { name: 'Handover photos' });
      const theirBefore = theirSection.getByRole('region', { name: 'Before (pick-up)' });
      const theirAfter = theirSection.getByRole('region', { name: 'After (return)' });
      await expectPhotosLoaded(theirBefore, 2);
      await expect(theirBefore.getByText('Blade guard has a small crack; two batteries, both charged.')).toBeVisible();
      await expect(theirBefore.getByText(`Photos by ${owner.name}`)).toBeVisible();
      await expect(theirBefore.getByRole('button', { name: 'Add pick-up photos' })).toHaveCount(0);
      const returnChooser = secondPage.waitForEvent('filechooser');
      await theirAfter.getByRole('button', { name: 'Add return photos' }).click();
      await (await returnChooser).setFiles([photos.files[2]!.path]);
      await expect(theirAfter.getByText('Photo added.')).toBeVisible();
      await expectPhotosLoaded(theirAfter, 1);
      await expect(theirAfter.getByText(/^Taken \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/)).toBeVisible();

      // Back on the owner's screen: before and after side by side.
      await page.reload();
      await expectPhotosLoaded(before, 2);
      await expectPhotosLoaded(after, 1);
      await expect(after.getByText(`Photos by ${renter.name}`)).toBeVisible();

      // Nobody else: a third member is told the rental does not exist, photos included.
      const stranger = await accounts.confirmed('Stranger');
      const photoUrl = await before.getByRole('img').first().getAttribute('src');
      const requests = await request.newContext();
      let strangerAnswers: number[];
      try {
        await requests.post(`${baseUrl}/api/auth/sign-in/email`, {
          headers: { origin: baseUrl },
          data: { email: stranger.email, password: stranger.password },
        });
        strangerAnswers = [
          (await requests.get(`${baseUrl}/api/rentals/${rental!.id}/handover`)).status(),
          (await requests.get(`${baseUrl}${photoUrl}`)).status(),
        ];
      } finally {
        await requests.dispose();
      }
      expect(strangerAnswers).toEqual([404, 404]);
    } finally {
      await photos.cleanUp();
    }
  });

  test('a renter without a verified phone sees why they cannot book an item whose owner asks for one', async ({
    page,
    baseUrl,
    accounts,
  }) => {
    const owner = await accounts.confirmed('Owner');
    const renter = await accounts.confirmed('Renter');
    const item = await listAsking(baseUrl, owner, 'Chainsaw', { requireVerifiedPhone: true, minCompletedRentals: 0 });

    const dates = { startDate: addDays(today, 3), endDate: addDays(today, 4) };
    await signInTo(page, renter, '/my-rentals');
    await page.goto(`/category/${item.categoryId}/item/${item.id}?startDate=${dates.startDate}&endDate=${dates.endDate}`);
    const popup = itemDialog(page, item);
    await expect(popup.getByText('The owner asks for a verified phone number. Verify yours in your profile.')).toBeVisible();
    const button = popup.getByRole('button', { name: 'Add to Wheelbarrow' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription('The owner asks for a verified phone number. Verify yours in your profile.');
    await expectNoAxeViolations(page, 'the popup of an item asking for a verified phone');

    // The server says the same if the line is sent anyway, and keeps nothing.
    const refused = await page.request.put(`${baseUrl}/api/me/wheelbarrow`, {
      headers: { origin: baseUrl },
      data: { lines: [{ itemId: item.id, ...dates }] },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'The owner asks for a verified phone number. Verify yours in your profile.',
    );

    await popup.getByRole('link', { name: 'Verify your phone number' }).click();
    await expectPath(page, '/profile');
    await expect(page.getByRole('list', { name: 'Your track record' })).toContainText('Email verified');
  });
});
