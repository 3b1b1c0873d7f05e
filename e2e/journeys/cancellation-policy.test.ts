import {
  TEST_CARDS,
  addDays,
  formatPence,
  policyHeading,
  refundNowSentence,
  refundScheduleLines,
  renterRefundAt,
  todayInLondon,
} from '@toolshed/core';
import { expectPath } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { freshLine } from '../support/booking-plan.ts';
import { expect, test } from '../support/fixtures.ts';
import { listItemThroughApi, newItemEntry, signInTo } from '../support/owner-items.ts';
import { asRenter, bookThroughApi } from '../support/renter-api.ts';

const today = todayInLondon();

// Development mode for /dev/mailbox (sign-up confirmations), a quick simulated card processor.
test.use({ serverOptions: { mode: 'development', env: { AUTH_RATE_LIMIT: '100', PAYMENT_DELAY_MS: '300' } } });

const SCREENS = [
  { name: 'a computer (1280 x 900)', width: 1280, height: 900 },
  { name: 'a phone (390 x 844)', width: 390, height: 844 },
];

test.describe('cancelling under the Strict policy', () => {
  for (const screen of SCREENS) {
    test(`on ${screen.name}: the rental page and the cancel dialog show the step and its exact time, and the refund is the policy's half`, async ({
      page,
      baseUrl,
      accounts,
      api,
    }) => {
      const owner = await accounts.confirmed('Owner');
      const renter = await accounts.confirmed('Renter');
      const item = await listItemThroughApi(baseUrl, owner, {
        ...newItemEntry('Strict sander', 'garden-tools'),
        cancellationPolicy: 'strict',
      });
      // Ten days ahead: before Strict's 7-day deadline, so cancelling now gives half back.
      const line = await freshLine(api, item, addDays(today, 10));
      await bookThroughApi(baseUrl, renter, [line], TEST_CARDS.success, today);
      const rental = (await asRenter(baseUrl, renter, async (r) => (await r.rentals()).find((x) => x.item.id === item.id)))!;
      expect(rental.cancellationPolicy).toBe('strict');
      const { percent, refundPence } = renterRefundAt(
        { policy: 'strict', startDate: rental.startDate, linePence: rental.totalPence, feePence: rental.paidPence - rental.totalPence },
        new Date(),
      );
      expect(percent).toBe(50);
      const steps = refundScheduleLines('strict', rental.startDate, new Date());
      // 'Cancel before 00:00 on <7 days before>: half refunded.', then 'From then until the start (...): no refund.'
      expect(steps).toHaveLength(2);

      // Signed in on a computer's screen (the account menu it checks), then on the screen under test.
      await signInTo(page, renter, '/my-rentals');
      await page.setViewportSize({ width: screen.width, height: screen.height });
      await page.getByRole('link', { name: item.name, exact: true }).click();
      await expectPath(page, `/rentals/${rental.id}`);
      const policy = page.getByRole('definition').filter({ hasText: policyHeading('strict') });
      await expect(policy).toHaveText([policyHeading('strict'), ...steps].join(''));
      await expectNoAxeViolations(page, `rental page before cancelling (${screen.name})`);

      await page.getByRole('button', { name: 'Cancel rental', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Cancel your rental of ${item.name}?` });
      await expect(dialog.getByText(refundNowSentence('strict', percent, refundPence, rental.paidPence), { exact: false })).toBeVisible();
      await expect(dialog).toContainText(`You get back ${formatPence(refundPence)} of the ${formatPence(rental.paidPence)} you paid`);
      await expectNoAxeViolations(page, `cancel dialog (${screen.name})`);
      await dialog.getByRole('button', { name: 'Cancel rental', exact: true }).click();

      await expect(
        page.getByText(
          `Cancelled by you. Refunded ${formatPence(refundPence)} to Visa ending 4242. Refunds usually reach your card in 5-10 working days.`,
        ),
      ).toBeVisible();
      // After: the policy it was cancelled under, each step with its time, beside the refund.
      await expect(page.getByRole('definition').filter({ hasText: policyHeading('strict') })).toHaveText(
        [policyHeading('strict'), ...refundScheduleLines('strict', rental.startDate)].join(''),
      );
      await expectNoAxeViolations(page, `rental page after cancelling (${screen.name})`);

      const seen = await asRenter(baseUrl, renter, async (r) => (await r.rentals()).find((x) => x.id === rental.id));
      expect({ status: seen?.status, by: seen?.cancellation?.by, refund: seen?.cancellation?.refundPence }).toEqual({
        status: 'cancelled',
        by: 'renter',
        refund: refundPence,
      });
      expect(refundPence).toBeLessThan(rental.paidPence);
    });
  }
});
