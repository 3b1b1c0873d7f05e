import assert from 'node:assert/strict';
import { after, describe } from 'node:test';
import { formatPence, poundsToPence } from '@toolshed/core';
import type { ApiCategory } from '@toolshed/core/contract';
import type { Page } from 'playwright-core';
import { accountNav } from '../support/accounts.ts';
import { createApiReader, type ApiReader } from '../support/api.ts';
import { expectNoAxeViolations } from '../support/browser.ts';
import { namesOf } from '../support/catalogue.ts';
import { itemCard, waitForGrid } from '../support/grid.ts';
import { setUpJourneys } from '../support/journey.ts';
import {
  confirmedAccount, fillItemForm, gridCard, holdPhotoUploads, inputOf, listItemThroughApi, myItemCard, newItemEntry, ownerApi, signInTo,
} from '../support/owner-items.ts';
import { makePhotos, type PhotoFile } from '../support/photos.ts';
import { startApiServer } from '../support/server.ts';
import { waitForFilterUrl } from '../support/url.ts';
import { escapeRegExp, waitForGone, waitForPath, waitForText, waitForUrl, waitForVisible, waitUntil } from '../support/waits.ts';

let api: ApiReader;
/** Where the journeys list their items: the category with the fewest seeded items. */
let category: ApiCategory;
let photos: PhotoFile[];
let removePhotos: () => Promise<void> = async () => {};

// Development mode for /dev/mailbox (accounts are confirmed from it), emailed links on the
// browser's own address, and room for a sign-in or two per journey.
const { journey } = setUpJourneys(
  () => startApiServer({ env: (baseUrl) => ({ NODE_ENV: 'development', APP_URL: baseUrl, AUTH_RATE_LIMIT: '100' }) }),
  async (baseUrl) => {
    api = createApiReader(baseUrl);
    const { categories } = await api.categories();
    category = [...categories].sort((a, b) => a.itemCount - b.itemCount)[0]!;
    const made = await makePhotos(2, 'item-photo');
    photos = made.files;
    removePhotos = made.cleanUp;
  },
);
after(() => removePhotos());

const LOCATION_MESSAGE = 'Please fill in all location fields (address, city, and postcode)';
const NO_MATCH = 'No items found matching your criteria';

const price = (pounds: string) => formatPence(poundsToPence(Number(pounds)));

/** A sidebar entry: the category's name followed by its item count. */
function categoryLink(page: Page, name: string, count: number) {
  return page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: new RegExp(`^${escapeRegExp(name)}\\s*${count}\\b`) });
}

function toast(page: Page, text: string) {
  return page.getByRole('status').getByText(text, { exact: true });
}

/** The category page searched for `name`, as a renter would type it. */
async function searchCategory(page: Page, name: string): Promise<void> {
  await page.goto(`/category/${category.id}`);
  await waitForVisible(page.getByRole('heading', { level: 1, name: category.name }));
  await page.getByLabel('Search', { exact: true }).fill(name);
  await waitForFilterUrl(page, `/category/${category.id}`, { search: name });
}

describe('owners', () => {
  journey('an owner adds an item with two photos from My Items; the uploads finish and it is listed', async ({ page, baseUrl }) => {
    const owner = await confirmedAccount(baseUrl, 'Lister');
    await signInTo(page, owner, '/category/all');
    await accountNav(page).getByRole('link', { name: 'My Items', exact: true }).click();
    await waitForPath(page, '/my-items');
    const main = page.getByRole('main');
    await waitForVisible(main.getByText('You have not listed any items yet.', { exact: true }));
    await main.getByRole('link', { name: 'Add item', exact: true }).click();
    await waitForPath(page, '/add-item');
    await waitForVisible(main.getByRole('heading', { level: 1, name: 'Add an item' }));
    await expectNoAxeViolations(page, '/add-item (empty form)');

    const entry = newItemEntry('Cordless Drill', category.id);
    await fillItemForm(page, entry);
    await main.getByLabel('Add photos', { exact: true }).setInputFiles(photos.map((p) => p.path));
    const chosen = main.getByRole('list', { name: 'New photos' });
    for (const photo of photos) {
      await waitForVisible(chosen.getByRole('listitem').filter({ hasText: photo.name }).getByText('Uploads when you save', { exact: true }));
    }

    const uploads = await holdPhotoUploads(page);
    await main.getByRole('button', { name: 'Add Item', exact: true }).click();
    // Photos go one at a time, each with its own progress bar, while the form waits.
    await waitForVisible(main.getByRole('progressbar', { name: `Uploading ${photos[0]!.name}` }));
    assert.ok(await main.getByRole('button', { name: 'Saving...', exact: true }).isDisabled(), 'the form cannot be sent twice while photos upload');
    uploads.release();
    await waitForPath(page, '/my-items');
    assert.equal(uploads.count(), 2, 'each photo was uploaded once');
    await waitForVisible(toast(page, 'Item added'));
    const card = myItemCard(page, entry.name);
    await waitForText(card, `${price(entry.dailyRate)} / day`);
    await waitForText(card, category.name);
    await expectNoAxeViolations(page, '/my-items');

    const mine = await ownerApi(page.request, baseUrl).myItems();
    assert.deepEqual(namesOf(mine), [entry.name], 'the owner has exactly the one item added');
    const saved = await api.item(mine[0]!.id);
    assert.equal(saved.images.length, 2, 'both photos are on the item');
    assert.equal(saved.dailyRatePence, poundsToPence(Number(entry.dailyRate)));
    assert.deepEqual([saved.minDays, saved.maxDays], [Number(entry.minDays), Number(entry.maxDays)]);
    // Visitors (this reader has no session) see the postcode district only, never the full address.
    assert.equal(saved.location.postcode, entry.postcode.split(' ')[0]);
    assert.equal(saved.location.address, null);
    assert.ok(saved.location.approximate, 'the offline geocoder places a postcode approximately');
    assert.ok(Math.abs((saved.location.latitude ?? 0) - 53.8) < 0.5 && Math.abs((saved.location.longitude ?? 0) + 1.55) < 0.5, 'LS6 is in Leeds');
  });

  journey('a visitor finds the new item in its category, sees both photos and the price, and reaches it from the owner page', async ({ page, baseUrl }) => {
    const owner = await confirmedAccount(baseUrl, 'Owner');
    const item = await listItemThroughApi(baseUrl, owner, newItemEntry('Tile Cutter', category.id), photos);
    const listed = (await api.categories()).categories.find((c) => c.id === category.id)!;
    const others = namesOf((await api.items(category.id)).items);
    const shownPrice = formatPence(item.dailyRatePence);

    await page.goto('/category/all');
    await categoryLink(page, category.name, listed.itemCount).click();
    const path = `/category/${category.id}`;
    await waitForUrl(page, (url) => url.pathname === path, `expected ${path}`);
    await waitForVisible(page.getByRole('heading', { level: 1, name: category.name }));
    await page.getByLabel('Search', { exact: true }).fill(item.name);
    await waitForFilterUrl(page, path, { search: item.name });
    await waitForGrid(page, [item.name], others, `a search for ${item.name}`);
    await waitForText(gridCard(page, item.name), `${shownPrice} / day`);

    await itemCard(page, item.name).click();
    await waitForUrl(page, (url) => url.pathname === `${path}/item/${item.id}`, `expected the URL of ${item.name}`);
    let dialog = page.getByRole('dialog', { name: item.name });
    await waitForVisible(dialog.getByText('Image 1 of 2', { exact: true }));
    await waitForText(dialog, `${shownPrice} per day`);
    await dialog.getByRole('button', { name: 'Next image' }).click();
    await waitForVisible(dialog.getByText('Image 2 of 2', { exact: true }));

    await dialog.getByRole('link', { name: owner.name, exact: true }).click();
    await waitForPath(page, `/owner/${item.owner.id}`);
    const main = page.getByRole('main');
    await waitForVisible(main.getByRole('heading', { level: 1, name: owner.name, exact: true }));
    await waitForVisible(main.getByText('1 item', { exact: true }));
    await waitForText(gridCard(page, item.name), `${shownPrice} / day`);
    await expectNoAxeViolations(page, `/owner/${item.owner.id}`);

    await itemCard(page, item.name).click();
    await waitForUrl(page, (url) => url.pathname === `/owner/${item.owner.id}` && url.searchParams.get('item') === item.id, 'expected the popup over the owner page');
    dialog = page.getByRole('dialog', { name: item.name });
    await waitForVisible(dialog.getByRole('heading', { name: item.name }));
    await waitForVisible(dialog.getByText('Image 1 of 2', { exact: true }));
  });

  journey('the owner changes the daily rate from My Items; the new price shows there and in the category', async ({ page, baseUrl }) => {
    const owner = await confirmedAccount(baseUrl, 'Editor');
    const entry = newItemEntry('Pressure Washer', category.id);
    const item = await listItemThroughApi(baseUrl, owner, entry, photos.slice(0, 1));
    const newRate = '17.25';
    await signInTo(page, owner, '/my-items');
    const card = myItemCard(page, item.name);
    await waitForText(card, `${price(entry.dailyRate)} / day`);
    await card.getByRole('link', { name: `Edit ${item.name}`, exact: true }).click();
    await waitForPath(page, `/edit-item/${item.id}`);

    const main = page.getByRole('main');
    await waitForVisible(main.getByRole('heading', { level: 1, name: 'Edit item' }));
    const rate = main.getByLabel('Daily rate (£)', { exact: true });
    await waitUntil(async () => (await rate.inputValue()) === entry.dailyRate, `the form to show the rate ${entry.dailyRate}`, () => rate.inputValue());
    assert.equal(await main.getByLabel('Name', { exact: true }).inputValue(), item.name, 'the form holds the item');
    await rate.fill(newRate);
    await main.getByRole('button', { name: 'Save Changes', exact: true }).click();

    await waitForPath(page, '/my-items');
    await waitForVisible(toast(page, 'Item updated'));
    await waitForText(myItemCard(page, item.name), `${price(newRate)} / day`);
    await searchCategory(page, item.name);
    await waitForText(gridCard(page, item.name), `${price(newRate)} / day`);
    assert.equal((await api.item(item.id)).dailyRatePence, poundsToPence(Number(newRate)));
  });

  journey("another user cannot edit someone else's item: the page says Item Not Found and the API refuses", async ({ page, baseUrl }) => {
    const owner = await confirmedAccount(baseUrl, 'Keeper');
    const entry = newItemEntry('Hedge Trimmer', category.id);
    const item = await listItemThroughApi(baseUrl, owner, entry);
    const stranger = await confirmedAccount(baseUrl, 'Stranger');
    await signInTo(page, stranger, `/edit-item/${item.id}`);
    const main = page.getByRole('main');
    await waitForVisible(main.getByRole('heading', { level: 1, name: 'Item Not Found' }));
    await waitForVisible(main.getByText("The item you're trying to edit could not be found.", { exact: true }));
    assert.equal(await main.getByLabel('Daily rate (£)').count(), 0, 'no form for an item that is not yours');

    const theirs = ownerApi(page.request, baseUrl);
    assert.equal(await theirs.statusOf('PUT', item.id, inputOf({ ...entry, dailyRate: '1' })), 404, 'a PUT by another user is told the item does not exist');
    assert.equal(await theirs.statusOf('DELETE', item.id), 404, 'so is a DELETE');
    const unchanged = await api.item(item.id);
    assert.equal(unchanged.dailyRatePence, item.dailyRatePence, 'the price is unchanged');
  });

  journey('the owner deletes an item from My Items after confirming; it leaves My Items and its category', async ({ page, baseUrl }) => {
    const owner = await confirmedAccount(baseUrl, 'Remover');
    const item = await listItemThroughApi(baseUrl, owner, newItemEntry('Sack Truck', category.id));
    await signInTo(page, owner, `/category/${category.id}`);
    await searchCategory(page, item.name);
    await waitForVisible(itemCard(page, item.name));

    await page.goto('/my-items');
    const card = myItemCard(page, item.name);
    await waitForVisible(card);
    const deleteButton = card.getByRole('button', { name: `Delete ${item.name}`, exact: true });
    const dialog = page.getByRole('dialog', { name: `Delete ${item.name}?` });
    // Cancel first: nothing happens without the confirmation.
    await deleteButton.click();
    await waitForVisible(dialog);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await waitForGone(dialog);
    await waitForVisible(card);

    await deleteButton.click();
    await waitForVisible(dialog.getByText('It will no longer be listed.', { exact: false }));
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await waitForGone(dialog);
    await waitForVisible(toast(page, 'Item deleted'));
    await waitForGone(card);
    await waitForVisible(page.getByRole('main').getByText('You have not listed any items yet.', { exact: true }));
    await page.reload();
    await waitForVisible(page.getByRole('main').getByText('You have not listed any items yet.', { exact: true }));

    await searchCategory(page, item.name);
    await waitForVisible(page.getByText(NO_MATCH, { exact: true }));
    assert.equal(await itemCard(page, item.name).count(), 0, `${item.name} is no longer in ${category.name}`);
    assert.equal((await fetch(`${baseUrl}/api/items/${item.id}`)).status, 404, 'the item is gone from the API');
  });

  journey('an empty item form is refused with a message per field and nothing is created', async ({ page, baseUrl }) => {
    const owner = await confirmedAccount(baseUrl, 'Hasty');
    await signInTo(page, owner, '/add-item');
    const main = page.getByRole('main');
    await waitForVisible(main.getByRole('heading', { level: 1, name: 'Add an item' }));
    await main.getByRole('button', { name: 'Add Item', exact: true }).click();

    await waitForVisible(main.getByText(LOCATION_MESSAGE, { exact: true }));
    for (const message of ['Please enter a name', 'Please enter a description', 'Please choose a category']) {
      await waitForVisible(main.getByText(message, { exact: true }));
    }
    for (const label of ['Name', 'Description', 'Category', 'Address', 'City', 'Postcode']) {
      assert.equal(await main.getByLabel(label, { exact: true }).getAttribute('aria-invalid'), 'true', `${label} is marked invalid`);
    }
    const name = main.getByLabel('Name', { exact: true });
    await waitUntil(() => name.evaluate((el) => el === document.activeElement), 'focus on the first field with a problem');
    await expectNoAxeViolations(page, '/add-item (after a validation error)');

    // Everything but the postcode: the location rule still holds the form back.
    await fillItemForm(page, { ...newItemEntry('Ladder', category.id), postcode: '' });
    await main.getByRole('button', { name: 'Add Item', exact: true }).click();
    await waitForVisible(main.getByText(LOCATION_MESSAGE, { exact: true }));
    await waitForGone(main.getByText('Please enter a name', { exact: true }));
    assert.equal(new URL(page.url()).pathname, '/add-item', 'a refused form stays on /add-item');
    assert.deepEqual(await ownerApi(page.request, baseUrl).myItems(), [], 'nothing was created');
  });
});
