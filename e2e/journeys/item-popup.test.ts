import { formatPence } from '@toolshed/core';
import type { ItemDetail } from '@toolshed/core/contract';
import type { Locator, Page } from '@playwright/test';
import { expectPath } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { clickDay } from '../support/calendar.ts';
import { findItem, firstFreeRange, loadCatalogue, rangeAcrossBooking, type Catalogue } from '../support/catalogue.ts';
import { expect, test } from '../support/fixtures.ts';
import { itemCard } from '../support/grid.ts';
import { startsWith } from '../support/text.ts';

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

// The API as deployed, with the sample catalogue.
test.use({ serverOptions: { mode: 'production' } });

test.beforeAll(async ({ api }) => {
  catalogue = await loadCatalogue(api);
  const { today } = catalogue;
  bookable = findItem(catalogue, 'several images, a booking with free days either side and a free valid range', (d) => {
    const across = rangeAcrossBooking(d, today);
    const length = Math.max(d.minDays, 2);
    const valid = length <= d.maxDays ? firstFreeRange(d, length, today) : null;
    return d.images.length >= 2 && across && valid ? { across, valid } : null;
  });
  tooShort = findItem(catalogue, 'a minimum of 2 days or more and a free day', (d) =>
    d.minDays >= 2 ? firstFreeRange(d, 1, today) : null,
  );
  tooLong = findItem(catalogue, 'a free range one day longer than its maximum', (d) => firstFreeRange(d, d.maxDays + 1, today));
});

function dialogOf(page: Page, item: ItemDetail): Locator {
  return page.getByRole('dialog', { name: item.name });
}

/** Opens an item by clicking its card on a category page (with an optional filter query). */
async function openFromGrid(page: Page, item: ItemDetail, query = ''): Promise<Locator> {
  await page.goto(`/category/${item.categoryId}${query}`);
  await itemCard(page, item.name).click();
  await expectPath(page, `/category/${item.categoryId}/item/${item.id}`);
  await expect(dialogOf(page, item)).toBeVisible();
  return dialogOf(page, item);
}

function bookingButton(dialog: Locator, label: string): Locator {
  return dialog.getByRole('button', { name: label, exact: true });
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element is laid out').toBeTruthy();
  return found!;
}

async function pickRange(dialog: Locator, range: Range): Promise<void> {
  await clickDay(dialog, range.startDate);
  await clickDay(dialog, range.endDate);
}

test.describe('the item popup', () => {
  test('an item opened from the grid shows its details, pages through images and zooms', async ({ page }) => {
    const item = bookable.detail;
    const dialog = await openFromGrid(page, item);
    await expect(dialog.getByRole('heading', { name: item.name })).toBeVisible();
    await expect(dialog).toContainText(formatPence(item.dailyRatePence));
    await expect(dialog).toContainText(/per day/i);
    await expect(dialog.getByRole('link', { name: startsWith(item.owner.name) })).toBeVisible();
    for (const part of [item.location.address, item.location.city, item.location.postcode])
      if (part) await expect(dialog).toContainText(part);
    await expect(dialog.getByText(/Minimum rental/).first()).toContainText(`${item.minDays} day`);
    await expect(dialog.getByText(/Maximum rental/).first()).toContainText(`${item.maxDays} day`);

    const count = item.images.length;
    await expect(dialog.getByText(`Image 1 of ${count}`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Next image' }).click();
    await expect(dialog.getByText(`Image 2 of ${count}`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Previous image' }).click();
    await expect(dialog.getByText(`Image 1 of ${count}`)).toBeVisible();
    await dialog.getByRole('button', { name: `Show image ${count}`, exact: true }).click();
    await expect(dialog.getByText(`Image ${count} of ${count}`)).toBeVisible();

    await dialog.getByRole('button', { name: 'Zoom image' }).click();
    const closeZoom = page.getByRole('button', { name: 'Close zoom' });
    await expect(closeZoom).toBeVisible();
    await closeZoom.click();
    await expect(closeZoom).toBeHidden();
    await expect(dialog.getByText(`Image ${count} of ${count}`)).toBeVisible();
  });

  test('the booking button follows the dates picked on the calendar', async ({ page }) => {
    const item = bookable.detail;
    const { across, valid } = bookable.found;
    const dialog = await openFromGrid(page, item);
    const selectDates = bookingButton(dialog, 'Select Dates to Continue');
    await expect(selectDates).toBeVisible();
    await expect(selectDates, 'no dates yet, so the button cannot be used').toBeDisabled();

    await pickRange(dialog, across);
    const unavailable = bookingButton(dialog, 'Unavailable for Selected Dates');
    await expect(unavailable).toBeVisible();
    await expect(unavailable, `${across.startDate} to ${across.endDate} spans a booking`).toBeDisabled();

    await pickRange(dialog, valid);
    const add = bookingButton(dialog, 'Add to Wheelbarrow');
    await expect(add).toBeVisible();
    await expect(add, `${valid.startDate} to ${valid.endDate} is free and within the limits`).toBeEnabled();
    await add.click();
    await expect(dialogOf(page, item)).toBeHidden();
    await expect(page.getByText('Added to your wheelbarrow').first()).toBeVisible();
  });

  test('dates from the category filters are pre-selected, too short or too long as they are', async ({ page }) => {
    const short = tooShort.detail;
    let dialog = await openFromGrid(page, short, `?startDate=${tooShort.found.startDate}&endDate=${tooShort.found.endDate}`);
    await expect(bookingButton(dialog, `Minimum ${short.minDays} days required`)).toBeVisible();

    const long = tooLong.detail;
    dialog = await openFromGrid(page, long, `?startDate=${tooLong.found.startDate}&endDate=${tooLong.found.endDate}`);
    await expect(bookingButton(dialog, `Maximum ${long.maxDays} days allowed`)).toBeVisible();
  });

  test('Escape closes the popup and gives focus back to the card', async ({ page }) => {
    const item = bookable.detail;
    const dialog = await openFromGrid(page, item);
    await expect(bookingButton(dialog, 'Select Dates to Continue')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialogOf(page, item)).toBeHidden();
    await expectPath(page, `/category/${item.categoryId}`);
    await expect(itemCard(page, item.name), `focus back on the card of ${item.name}`).toBeFocused();
  });

  test('a deep link opens the popup directly; Close returns to the category', async ({ page }) => {
    const item = bookable.detail;
    await page.goto(`/category/all/item/${item.id}`);
    const dialog = dialogOf(page, item);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: item.name })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialogOf(page, item)).toBeHidden();
    await expectPath(page, '/category/all');
    await expect(page.getByRole('heading', { level: 1, name: 'All Items' })).toBeVisible();
  });

  test('on a computer (1280 x 900) the price, the calendar and Add to Wheelbarrow are on the first screen beside the photos', async ({
    page,
  }) => {
    const item = bookable.detail;
    await page.setViewportSize({ width: 1280, height: 900 });
    const dialog = await openFromGrid(page, item);
    const gallery = await box(dialog.getByText(`Image 1 of ${item.images.length}`));
    const inFirstScreen = async (what: string, locator: Locator) => {
      const found = await box(locator);
      expect(found.y >= 0 && found.y + found.height <= 900, `${what} is on the first screen (${found.y}-${found.y + found.height}px)`).toBe(
        true,
      );
      expect(found.x, `${what} is beside the photos (at x ${found.x}, photos at ${gallery.x})`).toBeGreaterThan(gallery.x + 300);
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

  test('the open popup has no accessibility violations', async ({ page }) => {
    const item = bookable.detail;
    const dialog = await openFromGrid(page, item);
    await expect(bookingButton(dialog, 'Select Dates to Continue')).toBeVisible();
    await expect(dialog.getByText(`Image 1 of ${item.images.length}`)).toBeVisible();
    await expectNoAxeViolations(page, `the popup of ${item.name}`);
  });
});
