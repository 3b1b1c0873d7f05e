import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { formatPence } from '@toolshed/core';
import type { ItemDetail } from '@toolshed/core/contract';
import type { Locator, Page } from 'playwright-core';
import { createApiReader } from '../support/api.ts';
import { expectNoAxeViolations } from '../support/browser.ts';
import { clickDay } from '../support/calendar.ts';
import { findItem, firstFreeRange, loadCatalogue, rangeAcrossBooking, type Catalogue } from '../support/catalogue.ts';
import { itemCard } from '../support/grid.ts';
import { setUpJourneys } from '../support/journey.ts';
import { startApiServer } from '../support/server.ts';
import { startsWith, waitForGone, waitForText, waitForUrl, waitForVisible, waitUntil } from '../support/waits.ts';

interface Range {
  startDate: string;
  endDate: string;
}

let catalogue: Catalogue;
/** Has a booking with free days either side, a free valid range and several images. */
let bookable: { detail: ItemDetail; found: { across: Range; valid: Range } };
/** Needs at least two days and is free for one. */
let tooShort: { detail: ItemDetail; found: Range };
/** Free for one day longer than it may be rented. */
let tooLong: { detail: ItemDetail; found: Range };

const { journey } = setUpJourneys(startApiServer, async (baseUrl) => {
  catalogue = await loadCatalogue(createApiReader(baseUrl));
  const { today } = catalogue;
  bookable = findItem(catalogue, 'several images, a booking with free days either side and a free valid range', (d) => {
    const across = rangeAcrossBooking(d, today);
    const length = Math.max(d.minDays, 2);
    const valid = length <= d.maxDays ? firstFreeRange(d, length, today) : null;
    return d.images.length >= 2 && across && valid ? { across, valid } : null;
  });
  tooShort = findItem(catalogue, 'a minimum of 2 days or more and a free day', (d) => (d.minDays >= 2 ? firstFreeRange(d, 1, today) : null));
  tooLong = findItem(catalogue, 'a free range one day longer than its maximum', (d) => firstFreeRange(d, d.maxDays + 1, today));
});

function dialogOf(page: Page, item: ItemDetail): Locator {
  return page.getByRole('dialog', { name: item.name });
}

/** Opens an item by clicking its card on a category page (with an optional filter query). */
async function openFromGrid(page: Page, item: ItemDetail, query = ''): Promise<Locator> {
  await page.goto(`/category/${item.categoryId}${query}`);
  await itemCard(page, item.name).click();
  await waitForUrl(page, (url) => url.pathname === `/category/${item.categoryId}/item/${item.id}`, `expected the URL of ${item.name}`);
  return waitForVisible(dialogOf(page, item));
}

function bookingButton(dialog: Locator, label: string): Locator {
  return dialog.getByRole('button', { name: label, exact: true });
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  assert.ok(found, 'the element is laid out');
  return found;
}

async function pickRange(dialog: Locator, range: Range): Promise<void> {
  await clickDay(dialog, range.startDate);
  await clickDay(dialog, range.endDate);
}

describe('the item popup', () => {
  journey('an item opened from the grid shows its details, pages through images and zooms', async ({ page }) => {
    const item = bookable.detail;
    const dialog = await openFromGrid(page, item);
    await waitForVisible(dialog.getByRole('heading', { name: item.name }));
    await waitForText(dialog, formatPence(item.dailyRatePence));
    await waitForText(dialog, /per day/i);
    await waitForVisible(dialog.getByRole('link', { name: startsWith(item.owner.name) }));
    for (const part of [item.location.address, item.location.city, item.location.postcode]) if (part) await waitForText(dialog, part);
    await waitForText(dialog.getByText(/Minimum rental/), `${item.minDays} day`);
    await waitForText(dialog.getByText(/Maximum rental/), `${item.maxDays} day`);

    const count = item.images.length;
    await waitForVisible(dialog.getByText(`Image 1 of ${count}`));
    await dialog.getByRole('button', { name: 'Next image' }).click();
    await waitForVisible(dialog.getByText(`Image 2 of ${count}`));
    await dialog.getByRole('button', { name: 'Previous image' }).click();
    await waitForVisible(dialog.getByText(`Image 1 of ${count}`));
    await dialog.getByRole('button', { name: `Show image ${count}`, exact: true }).click();
    await waitForVisible(dialog.getByText(`Image ${count} of ${count}`));

    await dialog.getByRole('button', { name: 'Zoom image' }).click();
    const closeZoom = page.getByRole('button', { name: 'Close zoom' });
    await waitForVisible(closeZoom);
    await closeZoom.click();
    await waitForGone(closeZoom);
    await waitForVisible(dialog.getByText(`Image ${count} of ${count}`));
  });

  journey('the booking button follows the dates picked on the calendar', async ({ page }) => {
    const item = bookable.detail;
    const { across, valid } = bookable.found;
    const dialog = await openFromGrid(page, item);
    const selectDates = bookingButton(dialog, 'Select Dates to Continue');
    await waitForVisible(selectDates);
    assert.ok(await selectDates.isDisabled(), 'no dates yet, so the button cannot be used');

    await pickRange(dialog, across);
    const unavailable = bookingButton(dialog, 'Unavailable for Selected Dates');
    await waitForVisible(unavailable);
    assert.ok(await unavailable.isDisabled(), `${across.startDate} to ${across.endDate} spans a booking`);

    await pickRange(dialog, valid);
    const add = bookingButton(dialog, 'Add to Wheelbarrow');
    await waitForVisible(add);
    assert.ok(await add.isEnabled(), `${valid.startDate} to ${valid.endDate} is free and within the limits`);
    await add.click();
    await waitForGone(dialogOf(page, item));
    await waitForVisible(page.getByText('Added to your wheelbarrow'));
  });

  journey('dates from the category filters are pre-selected, too short or too long as they are', async ({ page }) => {
    const short = tooShort.detail;
    let dialog = await openFromGrid(page, short, `?startDate=${tooShort.found.startDate}&endDate=${tooShort.found.endDate}`);
    await waitForVisible(bookingButton(dialog, `Minimum ${short.minDays} days required`));

    const long = tooLong.detail;
    dialog = await openFromGrid(page, long, `?startDate=${tooLong.found.startDate}&endDate=${tooLong.found.endDate}`);
    await waitForVisible(bookingButton(dialog, `Maximum ${long.maxDays} days allowed`));
  });

  journey('Escape closes the popup and gives focus back to the card', async ({ page }) => {
    const item = bookable.detail;
    const dialog = await openFromGrid(page, item);
    await waitForVisible(bookingButton(dialog, 'Select Dates to Continue'));
    await page.keyboard.press('Escape');
    await waitForGone(dialogOf(page, item));
    await waitForUrl(page, (url) => url.pathname === `/category/${item.categoryId}`, `expected /category/${item.categoryId} again`);
    const card = itemCard(page, item.name);
    await waitUntil(
      () => card.evaluate((el) => el === document.activeElement),
      `focus back on the card of ${item.name}`,
      () => page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing focused'),
    );
  });

  journey('a deep link opens the popup directly; Close returns to the category', async ({ page }) => {
    const item = bookable.detail;
    await page.goto(`/category/all/item/${item.id}`);
    const dialog = await waitForVisible(dialogOf(page, item));
    await waitForVisible(dialog.getByRole('heading', { name: item.name }));
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await waitForGone(dialogOf(page, item));
    await waitForUrl(page, (url) => url.pathname === '/category/all', 'expected /category/all after Close');
    await waitForVisible(page.getByRole('heading', { level: 1, name: 'All Items' }));
  });

  journey('on a computer (1280 x 900) the price, the calendar and Add to Wheelbarrow are on the first screen beside the photos', async ({ page }) => {
    const item = bookable.detail;
    await page.setViewportSize({ width: 1280, height: 900 });
    const dialog = await openFromGrid(page, item);
    const gallery = await box(dialog.getByText(`Image 1 of ${item.images.length}`));
    const inFirstScreen = async (what: string, locator: Locator) => {
      const found = await box(locator);
      assert.ok(found.y >= 0 && found.y + found.height <= 900, `${what} is on the first screen (${found.y}-${found.y + found.height}px)`);
      assert.ok(found.x > gallery.x + 300, `${what} is beside the photos (at x ${found.x}, photos at ${gallery.x})`);
      return found;
    };
    await inFirstScreen('the price', dialog.getByText(`${formatPence(item.dailyRatePence)} per day`, { exact: true }));
    await inFirstScreen('the calendar', dialog.getByRole('grid').first());
    await pickRange(dialog, bookable.found.valid);
    await inFirstScreen('Add to Wheelbarrow', bookingButton(dialog, 'Add to Wheelbarrow'));
    // The panel stays in view while the rest of the popup scrolls under it.
    await dialog.getByRole('heading', { name: 'Location' }).scrollIntoViewIfNeeded();
    await inFirstScreen('Add to Wheelbarrow after scrolling', bookingButton(dialog, 'Add to Wheelbarrow'));
  });

  journey('the open popup has no accessibility violations', async ({ page }) => {
    const item = bookable.detail;
    const dialog = await openFromGrid(page, item);
    await waitForVisible(bookingButton(dialog, 'Select Dates to Continue'));
    await waitForVisible(dialog.getByText(`Image 1 of ${item.images.length}`));
    await expectNoAxeViolations(page, `the popup of ${item.name}`);
  });
});
