import { formatPence, poundsToPence } from '@toolshed/core';
import type { ApiCategory } from '@toolshed/core/contract';
import type { Page } from '@playwright/test';
import { accountNav, expectPath } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { namesOf } from '../support/catalogue.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectGrid, itemCard } from '../support/grid.ts';
import {
  fillItemForm,
  gridCard,
  holdPhotoUploads,
  inputOf,
  listItemThroughApi,
  myItemCard,
  newItemEntry,
  ownerApi,
  signInTo,
} from '../support/owner-items.ts';
import { makePhotos, type PhotoFile } from '../support/photos.ts';
import { escapeRegExp } from '../support/text.ts';
import { expectFilterUrl } from '../support/url.ts';

/** Where the journeys list their items: the category with the fewest seeded items. */
let category: ApiCategory;
let photos: PhotoFile[];
let removePhotos: () => Promise<void> = async () => {};

// Development mode for /dev/mailbox (accounts are confirmed from it), emailed links on the
// browser's own address, and room for a sign-in or two per journey.
test.use({ serverOptions: { mode: 'development', env: { AUTH_RATE_LIMIT: '100' } } });

test.beforeAll(async ({ api }) => {
  const { categories } = await api.categories();
  category = [...categories].sort((a, b) => a.itemCount - b.itemCount)[0]!;
  const made = await makePhotos(2, 'item-photo');
  photos = made.files;
  removePhotos = made.cleanUp;
});
test.afterAll(() => removePhotos());

const LOCATION_MESSAGE = 'Please fill in all location fields (address, city, and postcode)';
const NO_MATCH = 'No items found matching your criteria';

const price = (pounds: string) => formatPence(poundsToPence(Number(pounds)));

/** A sidebar entry: the category's name followed by its item count. */
function categoryLink(page: Page, name: string, count: number) {
  return page
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('link', { name: new RegExp(`^${escapeRegExp(name)}\\s*${count}\\b`) });
}

function toast(page: Page, text: string) {
  return page.getByRole('status').getByText(text, { exact: true });
}

/** The category page searched for `name`, as a renter would type it. */
async function searchCategory(page: Page, name: string): Promise<void> {
  await page.goto(`/category/${category.id}`);
  await expect(page.getByRole('heading', { level: 1, name: category.name })).toBeVisible();
  const search = page.getByLabel('Search', { exact: true });
  await search.fill(name);
  // Leaving the box closes its suggestions, which would otherwise lie over the first cards.
  await search.blur();
  await expectFilterUrl(page, `/category/${category.id}`, { search: name });
}

test.describe('owners', () => {
  test('an owner adds an item with two photos from My Items; the uploads finish and it is listed', async ({
    page,
    baseUrl,
    api,
    accounts,
  }) => {
    const owner = await accounts.confirmed('Lister');
    await signInTo(page, owner, '/category/all');
    await accountNav(page).getByRole('link', { name: 'My Items', exact: true }).click();
    await expectPath(page, '/my-items');
    const main = page.getByRole('main');
    await expect(main.getByText('You have not listed any items yet.', { exact: true })).toBeVisible();
    await main.getByRole('link', { name: 'Add item', exact: true }).click();
    await expectPath(page, '/add-item');
    await expect(main.getByRole('heading', { level: 1, name: 'Add an item' })).toBeVisible();
    await expectNoAxeViolations(page, '/add-item (empty form)');

    const entry = newItemEntry('Cordless Drill', category.id);
    await fillItemForm(page, entry);
    await main.getByLabel('Add photos', { exact: true }).setInputFiles(photos.map((p) => p.path));
    const chosen = main.getByRole('list', { name: 'New photos' });
    for (const photo of photos) {
      await expect(
        chosen.getByRole('listitem').filter({ hasText: photo.name }).getByText('Uploads when you save', { exact: true }),
      ).toBeVisible();
    }

    const uploads = await holdPhotoUploads(page);
    await main.getByRole('button', { name: 'Add Item', exact: true }).click();
    // Photos go one at a time, each with its own progress bar, while the form waits.
    await expect(main.getByRole('progressbar', { name: `Uploading ${photos[0]!.name}` })).toBeVisible();
    await expect(
      main.getByRole('button', { name: 'Saving...', exact: true }),
      'the form cannot be sent twice while photos upload',
    ).toBeDisabled();
    uploads.release();
    await expectPath(page, '/my-items');
    expect(uploads.count(), 'each photo was uploaded once').toBe(2);
    await expect(toast(page, 'Item added')).toBeVisible();
    const card = myItemCard(page, entry.name);
    await expect(card).toContainText(`${price(entry.dailyRate)} / day`);
    await expect(card).toContainText(category.name);
    await expectNoAxeViolations(page, '/my-items');

    const mine = await ownerApi(page.request, baseUrl).myItems();
    expect(namesOf(mine), 'the owner has exactly the one item added').toEqual([entry.name]);
    const saved = await api.item(mine[0]!.id);
    expect(saved.images.length, 'both photos are on the item').toBe(2);
    expect(saved.dailyRatePence).toBe(poundsToPence(Number(entry.dailyRate)));
    expect([saved.minDays, saved.maxDays]).toEqual([Number(entry.minDays), Number(entry.maxDays)]);
    // Visitors (this reader has no session) see the postcode district only, never the full address.
    expect(saved.location.postcode).toBe(entry.postcode.split(' ')[0]);
    expect(saved.location.address).toBeNull();
    expect(saved.location.approximate, 'the offline geocoder places a postcode approximately').toBeTruthy();
    expect(
      Math.abs((saved.location.latitude ?? 0) - 53.8) < 0.5 && Math.abs((saved.location.longitude ?? 0) + 1.55) < 0.5,
      'LS6 is in Leeds',
    ).toBe(true);
  });

  test('a visitor finds the new item in its category, sees both photos and the price, and reaches it from the owner page', async ({
    page,
    baseUrl,
    api,
    accounts,
  }) => {
    const owner = await accounts.confirmed('Owner');
    const item = await listItemThroughApi(baseUrl, owner, newItemEntry('Tile Cutter', category.id), photos);
    const listed = (await api.categories()).categories.find((c) => c.id === category.id)!;
    const others = namesOf((await api.items(category.id)).items);
    const shownPrice = formatPence(item.dailyRatePence);

    await page.goto('/category/all');
    await categoryLink(page, category.name, listed.itemCount).click();
    const path = `/category/${category.id}`;
    await expectPath(page, path);
    await expect(page.getByRole('heading', { level: 1, name: category.name })).toBeVisible();
    const search = page.getByLabel('Search', { exact: true });
    await search.fill(item.name);
    // Leaving the box closes its suggestions, which would otherwise lie over the first cards.
    await search.blur();
    await expectFilterUrl(page, path, { search: item.name });
    await expectGrid(page, [item.name], others, `a search for ${item.name}`);
    await expect(gridCard(page, item.name)).toContainText(`${shownPrice} / day`);

    await itemCard(page, item.name).click();
    await expectPath(page, `${path}/item/${item.id}`);
    let dialog = page.getByRole('dialog', { name: item.name });
    await expect(dialog.getByText('Image 1 of 2', { exact: true })).toBeVisible();
    await expect(dialog).toContainText(`${shownPrice} per day`);
    await dialog.getByRole('button', { name: 'Next image' }).click();
    await expect(dialog.getByText('Image 2 of 2', { exact: true })).toBeVisible();

    await dialog.getByRole('link', { name: owner.name, exact: true }).click();
    await expectPath(page, `/owner/${item.owner.id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: owner.name, exact: true })).toBeVisible();
    await expect(main.getByText('1 item', { exact: true })).toBeVisible();
    await expect(gridCard(page, item.name)).toContainText(`${shownPrice} / day`);
    await expectNoAxeViolations(page, `/owner/${item.owner.id}`);

    await itemCard(page, item.name).click();
    await expect(page, 'expected the popup over the owner page').toHaveURL(
      (url) => url.pathname === `/owner/${item.owner.id}` && url.searchParams.get('item') === item.id,
    );
    dialog = page.getByRole('dialog', { name: item.name });
    await expect(dialog.getByRole('heading', { name: item.name })).toBeVisible();
    await expect(dialog.getByText('Image 1 of 2', { exact: true })).toBeVisible();
  });

  test('the owner changes the daily rate from My Items; the new price shows there and in the category', async ({
    page,
    baseUrl,
    api,
    accounts,
  }) => {
    const owner = await accounts.confirmed('Editor');
    const entry = newItemEntry('Pressure Washer', category.id);
    const item = await listItemThroughApi(baseUrl, owner, entry, photos.slice(0, 1));
    const newRate = '17.25';
    await signInTo(page, owner, '/my-items');
    const card = myItemCard(page, item.name);
    await expect(card).toContainText(`${price(entry.dailyRate)} / day`);
    await card.getByRole('link', { name: `Edit ${item.name}`, exact: true }).click();
    await expectPath(page, `/edit-item/${item.id}`);

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Edit item' })).toBeVisible();
    const rate = main.getByLabel('Daily rate (£)', { exact: true });
    await expect(rate, `the form to show the rate ${entry.dailyRate}`).toHaveValue(entry.dailyRate);
    await expect(main.getByLabel('Name', { exact: true }), 'the form holds the item').toHaveValue(item.name);
    await rate.fill(newRate);
    await main.getByRole('button', { name: 'Save Changes', exact: true }).click();

    await expectPath(page, '/my-items');
    await expect(toast(page, 'Item updated')).toBeVisible();
    await expect(myItemCard(page, item.name)).toContainText(`${price(newRate)} / day`);
    await searchCategory(page, item.name);
    await expect(gridCard(page, item.name)).toContainText(`${price(newRate)} / day`);
    expect((await api.item(item.id)).dailyRatePence).toBe(poundsToPence(Number(newRate)));
  });

  test("another user cannot edit someone else's item: the page says Item Not Found and the API refuses", async ({
    page,
    baseUrl,
    api,
    accounts,
  }) => {
    const owner = await accounts.confirmed('Keeper');
    const entry = newItemEntry('Hedge Trimmer', category.id);
    const item = await listItemThroughApi(baseUrl, owner, entry);
    const stranger = await accounts.confirmed('Stranger');
    await signInTo(page, stranger, `/edit-item/${item.id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Item Not Found' })).toBeVisible();
    await expect(main.getByText("The item you're trying to edit could not be found.", { exact: true })).toBeVisible();
    await expect(main.getByLabel('Daily rate (£)'), 'no form for an item that is not yours').toHaveCount(0);

    const theirs = ownerApi(page.request, baseUrl);
    expect(
      await theirs.statusOf('PUT', item.id, inputOf({ ...entry, dailyRate: '1' })),
      'a PUT by another user is told the item does not exist',
    ).toBe(404);
    expect(await theirs.statusOf('DELETE', item.id), 'so is a DELETE').toBe(404);
    const unchanged = await api.item(item.id);
    expect(unchanged.dailyRatePence, 'the price is unchanged').toBe(item.dailyRatePence);
  });

  test('the owner deletes an item from My Items after confirming; it leaves My Items and its category', async ({
    page,
    baseUrl,
    accounts,
  }) => {
    const owner = await accounts.confirmed('Remover');
    const item = await listItemThroughApi(baseUrl, owner, newItemEntry('Sack Truck', category.id));
    await signInTo(page, owner, `/category/${category.id}`);
    await searchCategory(page, item.name);
    await expect(itemCard(page, item.name)).toBeVisible();

    await page.goto('/my-items');
    const card = myItemCard(page, item.name);
    await expect(card).toBeVisible();
    const deleteButton = card.getByRole('button', { name: `Delete ${item.name}`, exact: true });
    const dialog = page.getByRole('dialog', { name: `Delete ${item.name}?` });
    // Cancel first: nothing happens without the confirmation.
    await deleteButton.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toBeVisible();

    await deleteButton.click();
    await expect(dialog.getByText('It will no longer be listed.', { exact: false })).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Item deleted')).toBeVisible();
    await expect(card).toBeHidden();
    await expect(page.getByRole('main').getByText('You have not listed any items yet.', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('main').getByText('You have not listed any items yet.', { exact: true })).toBeVisible();

    await searchCategory(page, item.name);
    // The search's answer: nothing, or other items sharing a word of the name (the sample catalogue lists sack trucks).
    await expect(
      page.getByText(NO_MATCH, { exact: true }).or(page.getByRole('heading', { name: /^\d+ of [\d,]+\+? items?$/ })),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: /items?$/ })).toHaveAttribute('aria-busy', 'false');
    await expect(itemCard(page, item.name), `${item.name} is no longer in ${category.name}`).toHaveCount(0);
    expect((await fetch(`${baseUrl}/api/items/${item.id}`)).status, 'the item is gone from the API').toBe(404);
  });

  test('an empty item form is refused with a message per field and nothing is created', async ({ page, baseUrl, accounts }) => {
    const owner = await accounts.confirmed('Hasty');
    await signInTo(page, owner, '/add-item');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Add an item' })).toBeVisible();
    await main.getByRole('button', { name: 'Add Item', exact: true }).click();

    await expect(main.getByText(LOCATION_MESSAGE, { exact: true })).toBeVisible();
    for (const message of ['Please enter a name', 'Please enter a description', 'Please choose a category']) {
      await expect(main.getByText(message, { exact: true })).toBeVisible();
    }
    for (const label of ['Name', 'Description', 'Category', 'Address', 'City', 'Postcode']) {
      await expect(main.getByLabel(label, { exact: true }), `${label} is marked invalid`).toHaveAttribute('aria-invalid', 'true');
    }
    await expect(main.getByLabel('Name', { exact: true }), 'focus on the first field with a problem').toBeFocused();
    await expectNoAxeViolations(page, '/add-item (after a validation error)');

    // Everything but the postcode: the location rule still holds the form back.
    await fillItemForm(page, { ...newItemEntry('Ladder', category.id), postcode: '' });
    await main.getByRole('button', { name: 'Add Item', exact: true }).click();
    await expect(main.getByText(LOCATION_MESSAGE, { exact: true })).toBeVisible();
    await expect(main.getByText('Please enter a name', { exact: true })).toBeHidden();
    expect(new URL(page.url()).pathname, 'a refused form stays on /add-item').toBe('/add-item');
    expect(await ownerApi(page.request, baseUrl).myItems(), 'nothing was created').toEqual([]);
  });
});
