import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

// The API as deployed, with the sample catalogue: what a newcomer finds near home on a first start.
test.use({ serverOptions: { mode: 'production' } });

const SIZES = [
  { name: 'a computer (1280 x 900)', width: 1280, height: 900, phone: false },
  { name: 'a phone (390 x 844)', width: 390, height: 844, phone: true },
];

const miles = (n: number) => `${n} ${n === 1 ? 'mile' : 'miles'}`;

/** Types a place into the location box and chooses a radius, as someone would (behind the Filters button, a sheet on a phone). */
async function browseNear(page: Page, place: string, radius: string, phone: boolean): Promise<void> {
  await page.goto('/category/all');
  await expect(page.getByRole('heading', { level: 1, name: 'All Items' })).toBeVisible();
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByLabel('Near (postcode or town)').fill(place);
  await page.getByLabel('Near (postcode or town)').press('Enter');
  await expect(page).toHaveURL((url) => url.searchParams.get('near') === place);
  await page.getByLabel('Distance').selectOption(radius);
  if (phone) await page.getByRole('button', { name: 'Show results' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('radius') === radius);
}

test.describe('near home', () => {
  for (const size of SIZES) {
    test(`on ${size.name}: the placeholder's own postcode, OX2 6AE, finds things within 5 miles on a fresh start`, async ({
      page,
      api,
    }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const expected = await api.items('all', { near: 'OX2 6AE', radius: '5' });
      expect(expected.total, 'at least five within 5 miles').toBeGreaterThanOrEqual(5);

      await browseNear(page, 'OX2 6AE', '5', size.phone);
      const shown = Math.min(expected.total, expected.pageSize);
      await expect(page.getByRole('heading', { name: `${shown} of ${expected.total} items within 5 miles of OX2` })).toBeVisible();
      const cards = page.getByRole('region', { name: /items within 5 miles of OX2/ }).getByRole('listitem');
      await expect(cards).toHaveCount(shown);
      for (const item of expected.items) {
        expect(item.distanceMiles, item.name).not.toBeNull();
        expect(item.distanceMiles!, item.name).toBeLessThanOrEqual(5);
      }
      await expect(cards.first()).toContainText(`${miles(expected.items[0]!.distanceMiles!)} away`);
      await expectNoAxeViolations(page, `OX2 6AE within 5 miles, on ${size.name}`);
    });

    test(`on ${size.name}: a town with nothing within 5 miles names the nearest matches, and the link widens the radius to them`, async ({
      page,
      api,
    }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      // Hereford: not one of the sample catalogue's towns, none of whose listings are within 5 miles of it.
      const place = 'Hereford';
      const empty = await api.items('all', { near: place, radius: '5' });
      expect(empty.total, 'nothing within 5 miles').toBe(0);
      const nearest = empty.nearest!;
      expect(nearest, 'the nearest matches are named').toBeDefined();
      expect(nearest.radiusMiles, 'a radius reaches them').not.toBeNull();

      await browseNear(page, place, '5', size.phone);
      const things = `${nearest.total} ${nearest.total === 1 ? 'item' : 'items'}`;
      await expect(
        page.getByText(
          `Nothing within 5 miles of Hereford. The nearest: ${things}${nearest.city ? ` in ${nearest.city}` : ''}, ${miles(nearest.distanceMiles)}.`,
        ),
      ).toBeVisible();
      await expectNoAxeViolations(page, `nothing near, on ${size.name}`);

      await page.getByRole('link', { name: `Show items within ${miles(nearest.radiusMiles!)}` }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get('radius') === String(nearest.radiusMiles));
      // On a computer the form opened in place stays open and shows the new radius; on a phone, with
      // the sheet closed, the place and its radius show as a chip.
      if (size.phone)
        await expect(
          page.getByRole('button', { name: `Remove filter: Near ${place}, within ${miles(nearest.radiusMiles!)}`, exact: true }),
        ).toBeVisible();
      else await expect(page.getByLabel('Distance')).toHaveValue(String(nearest.radiusMiles));
      // The first card is the nearest named: its town and its distance.
      const first = page
        .getByRole('region', { name: /items? within \d+ miles of Hereford/ })
        .getByRole('listitem')
        .first();
      await expect(first).toContainText(`${miles(nearest.distanceMiles)} away`);
      if (nearest.city) await expect(first).toContainText(nearest.city);
      await expectNoAxeViolations(page, `nothing near, widened, on ${size.name}`);
    });
  }
});
