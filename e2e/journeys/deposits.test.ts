import { formatPence, poundsToPence, todayInLondon } from '@toolshed/core';
import type { Locator, Page } from '@playwright/test';
import type { DepositView, ItemDetail } from '@toolshed/core/contract';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expectPath } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { fillItemForm, inputOf, newItemEntry, ownerApi, signInTo } from '../support/owner-items.ts';
import { waitForMail } from '../support/mailbox.ts';
import { bookTodayThroughApi } from '../support/renter-api.ts';
import { itemDialog } from '../support/wheelbarrow.ts';
import { escapeRegExp } from '../support/text.ts';
import { makePhotos, type PhotoFile } from '../support/photos.ts';

const today = todayInLondon();

const SCREENS = [
  { name: 'a desktop (1280 x 900)', width: 1280, height: 900 },
  { name: 'a phone (390 x 844)', width: 390, height: 844 },
];

// Development mode for /dev/mailbox (sign-up confirmations and support's email), a quick simulated
// card processor, and the development clock (POST /dev/clock) to see a dispute a week on.
test.use({ serverOptions: { mode: 'development', env: { AUTH_RATE_LIMIT: '100', PAYMENT_DELAY_MS: '300', DEV_CLOCK: 'true' } } });

/** The figure under a label of the Balance tab, e.g. 'Available balance' -> '£45.00'. */
async function figure(page: Page, label: string, expected: string): Promise<void> {
  const term = page
    .getByRole('main')
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) });
  await expect(term.locator('xpath=following-sibling::dd[1]')).toContainText(expected);
}

let evidence: PhotoFile[];
let handoverPhotos: PhotoFile[];
let cleanUps: Array<() => Promise<void>> = [];
test.beforeAll(async () => {
  const made = await makePhotos(1, 'cracked guard');
  evidence = made.files;
  const handover = await makePhotos(2, 'handover');
  handoverPhotos = handover.files;
  cleanUps = [made.cleanUp, handover.cleanUp];
});
test.afterAll(async () => {
  for (const cleanUp of cleanUps) await cleanUp();
});

/** Chooses `file` through the file chooser the button opens, as a person would. */
async function choosePhoto(page: Page, button: Locator, file: PhotoFile): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles([file.path]);
}

// Before the dispute below, which moves the server's clock a week on.
for (const screen of SCREENS) {
  test.describe(`claims on ${screen.name}`, () => {
    test('the owner lowers a £30 claim to £20; the renter accepts it only through a confirmation naming the amount and what happens, and the page follows without a reload', async ({
      page,
      secondPage,
      baseUrl,
      accounts,
    }) => {
      const owner = await accounts.confirmed('Lender');
      const renter = await accounts.confirmed('Borrower');
      await signInTo(page, owner, '/my-items');
      const item = await ownerApi(page.request, baseUrl).createItem({
        ...inputOf(newItemEntry('Hedge trimmer', 'garden-tools')),
        depositPence: 5000,
      });
      const rental = await bookTodayThroughApi(baseUrl, renter, item, today);
      const headers = { origin: baseUrl };
      expect((await page.request.post(`${baseUrl}/api/rentals/${rental.id}/return`, { headers, data: {} })).ok()).toBe(true);
      const reported = await page.request.post(`${baseUrl}/api/rentals/${rental.id}/claims`, {
        headers,
        data: { kind: 'damaged', amountPence: 3000, note: 'The blade came back bent.' },
      });
      expect(reported.ok(), await reported.text()).toBe(true);

      // The owner, at this size, lowers the claim to £20.
      await page.setViewportSize({ width: screen.width, height: screen.height });
      await page.goto(`/rentals/${rental.id}`);
      const ownerSection = page.getByRole('main').getByRole('region', { name: 'Deposit and problems' });
      await expect(ownerSection.getByText(/^Filed: waiting for the renter to accept or dispute it\./)).toBeVisible();
      await ownerSection.getByRole('button', { name: 'Lower the claim', exact: true }).click();
      const lower = ownerSection.getByRole('form', { name: 'New amount' });
      await lower.getByLabel('New amount (£)').fill('20');
      await lower.getByRole('button', { name: 'Lower the claim', exact: true }).click();
      await expect(ownerSection.getByText('Damaged: £20.00')).toBeVisible();
      await expect(lower).toHaveCount(0);
      await expectNoAxeViolations(page, `rental page with a lowered claim (owner, ${screen.name})`);

      // The renter: one tap opens the question, not the payment.
      await signInTo(secondPage, renter, '/my-rentals');
      await secondPage.setViewportSize({ width: screen.width, height: screen.height });
      await secondPage.goto(`/rentals/${rental.id}`);
      const renterSection = secondPage.getByRole('main').getByRole('region', { name: 'Deposit and problems' });
      const accept = renterSection.getByRole('button', { name: 'Accept £20.00', exact: true });
      await accept.click();
      const dialog = secondPage.getByRole('dialog', { name: 'Accept the damaged claim of £20.00?' });
      await expect(dialog).toContainText(`£20.00 will be paid to ${owner.name} from your £50.00 deposit; the rest is released.`);
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await expectNoAxeViolations(secondPage, `the accept confirmation (${screen.name})`);
      await secondPage.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(accept).toBeFocused();
      await expect(renterSection.getByText('£50.00 deposit held on your card, not charged.')).toBeVisible();

      await accept.click();
      await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
      await expect(dialog).toHaveCount(0);
      await expect(renterSection.getByText('£20.00 of the £50.00 deposit paid to the owner; £30.00 released.')).toBeVisible();
      await expect(renterSection.getByText('Settled: £20.00 paid to the owner from the deposit. Nothing more to do.')).toBeVisible();
      await expect(renterSection.getByRole('button', { name: /Accept|Dispute/ })).toHaveCount(0);
      await expectNoAxeViolations(secondPage, `rental page with a settled claim (${screen.name})`);
      const hold = ((await (await secondPage.request.get(`${baseUrl}/api/rentals/${rental.id}/deposit`)).json()) as DepositView).hold;
      expect(hold).toMatchObject({ amountPence: 5000, state: 'captured', capturedPence: 2000 });
    });
  });
}

test.describe('deposits and claims', () => {
  test('an owner lists a tool with a £50 deposit; the renter sees it held; both photograph the handover; after the return the owner claims £20 for damage with a photo, the renter accepts, the owner gains £20, £30 is released, and the renter’s public record shows the claim upheld', async ({
    page,
    secondPage,
    baseUrl,
    accounts,
  }) => {
    const owner = await accounts.confirmed('Lender');
    const renter = await accounts.confirmed('Borrower');

    // The owner lists the tool through the form, with a deposit.
    await signInTo(page, owner, '/add-item');
    const entry = newItemEntry('Mitre saw', 'power-tools');
    await fillItemForm(page, entry);
    const main = page.getByRole('main');
    await main.getByLabel('Refundable deposit (£)', { exact: true }).fill('1000.01');
    await main.getByRole('button', { name: 'Add Item', exact: true }).click();
    await expect(main.getByText('The deposit can be at most £1,000', { exact: true })).toBeVisible();
    await main.getByLabel('Refundable deposit (£)', { exact: true }).fill('50');
    await main.getByRole('button', { name: 'Add Item', exact: true }).click();
    await expectPath(page, '/my-items');
    const [mine] = await ownerApi(page.request, baseUrl).myItems();
    const item = (await (await page.request.get(`${baseUrl}/api/items/${mine!.id}`)).json()) as ItemDetail;
    expect(item.depositPence).toBe(5000);

    // A renter's popup says what is held; the renter books for today.
    await signInTo(secondPage, renter, '/my-rentals');
    await secondPage.goto(`/category/${item.categoryId}/item/${item.id}`);
    await expect(itemDialog(secondPage, item).getByText(/£50\.00 deposit held, not charged/)).toBeVisible();
    const rental = await bookTodayThroughApi(baseUrl, renter, item, today);
    await secondPage.goto(`/rentals/${rental.id}`);
    const renterSection = secondPage.getByRole('region', { name: 'Deposit and problems' });
    await expect(renterSection.getByText('£50.00 deposit held on your card, not charged.')).toBeVisible();

    // Picked up today: the owner photographs the tool as it leaves.
    await page.goto(`/rentals/${rental.id}`);
    const handover = main.getByRole('region', { name: 'Handover photos' });
    const pickUp = handover.getByRole('region', { name: 'Before (pick-up)' });
    await choosePhoto(page, pickUp.getByRole('button', { name: 'Add pick-up photos', exact: true }), handoverPhotos[0]!);
    await expect(pickUp.getByText('Photo added.')).toBeVisible();
    await expect(pickUp.getByRole('img')).toHaveCount(1);

    // The renter photographs it on the way back, and sees the owner's pick-up photo.
    await secondPage.reload();
    const theirHandover = secondPage.getByRole('main').getByRole('region', { name: 'Handover photos' });
    await expect(theirHandover.getByRole('region', { name: 'Before (pick-up)' }).getByRole('img')).toHaveCount(1);
    const theirReturn = theirHandover.getByRole('region', { name: 'After (return)' });
    await choosePhoto(secondPage, theirReturn.getByRole('button', { name: 'Add return photos', exact: true }), handoverPhotos[1]!);
    await expect(theirReturn.getByText('Photo added.')).toBeVisible();
    await expect(theirReturn.getByRole('img')).toHaveCount(1);

    // The owner sees before and after, marks it returned and reports damage of £20.
    await page.reload();
    await expect(handover.getByRole('region', { name: 'After (return)' }).getByText(`Photos by ${renter.name}`)).toBeVisible();
    await expect(handover.getByRole('region', { name: 'After (return)' }).getByRole('img')).toHaveCount(1);
    await main.getByRole('button', { name: 'Mark as returned', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as returned', exact: true }).click();
    const ownerSection = main.getByRole('region', { name: 'Deposit and problems' });
    await ownerSection.getByRole('button', { name: 'Report a problem', exact: true }).click();
    const report = ownerSection.getByRole('form', { name: 'Report a problem' });
    await report.getByLabel('What went wrong').selectOption('damaged');
    await report.getByLabel('Amount (£)').fill('20');
    await report.getByLabel('What happened').fill('The blade guard came back cracked.');
    await report.getByRole('button', { name: 'Send report', exact: true }).click();
    await expect(ownerSection.getByText('Damaged: £20.00')).toBeVisible();
    await expect(ownerSection.getByText('Waiting for an answer')).toBeVisible();
    await ownerSection.getByLabel('Add photos to this claim').setInputFiles(evidence.map((p) => p.path));
    await expect(ownerSection.getByRole('img', { name: 'Damaged claim, evidence 1 of 1, by the owner' })).toBeVisible();
    await expectNoAxeViolations(page, 'rental page with a claim (owner)');

    // The renter accepts: £20 to the owner, the other £30 released.
    await secondPage.reload();
    await expect(renterSection.getByText(/reported: “The blade guard came back cracked\.”/)).toBeVisible();
    await expect(renterSection.getByRole('img', { name: 'Damaged claim, evidence 1 of 1, by the owner' })).toBeVisible();
    await expectNoAxeViolations(secondPage, 'rental page with a claim to answer (renter)');
    await renterSection.getByRole('button', { name: 'Accept £20.00', exact: true }).click();
    await secondPage.getByRole('dialog', { name: 'Accept the damaged claim of £20.00?' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(renterSection.getByText('£20.00 of the £50.00 deposit paid to the owner; £30.00 released.')).toBeVisible();
    await expect(renterSection.getByRole('button', { name: /Accept|Dispute/ })).toHaveCount(0);

    // The owner's available balance: the day's earnings and the £20.
    await page.goto('/profile?tab=balance');
    await figure(page, 'Available balance', formatPence(poundsToPence(Number(entry.dailyRate)) + 2000));
    await page.goto(`/rentals/${rental.id}`);
    await expect(ownerSection.getByText('£20.00 of the £50.00 deposit paid to the owner; £30.00 released.')).toBeVisible();
    const hold = ((await (await secondPage.request.get(`${baseUrl}/api/rentals/${rental.id}/deposit`)).json()) as DepositView).hold;
    expect(hold).toMatchObject({ amountPence: 5000, state: 'captured', capturedPence: 2000 });

    // The renter's public page, from their name on the rental: one rental back on time, the claim upheld.
    await main.getByRole('link', { name: renter.name, exact: true }).click();
    await expectPath(page, `/owner/${rental.renter.id}`);
    await expect(page.getByRole('heading', { level: 1, name: renter.name })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Track record' }).getByRole('listitem')).toHaveText([
      'Email verified',
      '1 rental, returned on time',
      '1 claim upheld against them',
    ]);
    await expectNoAxeViolations(page, 'the renter’s public page with a claim upheld');
  });

  test('a claim disputed and not agreed within 7 days reaches the support mailbox with its photos listed, and the deposit stays held', async ({
    page,
    secondPage,
    baseUrl,
    accounts,
  }) => {
    const owner = await accounts.confirmed('Lender');
    const renter = await accounts.confirmed('Borrower');
    await signInTo(page, owner, '/my-items');
    const item = await ownerApi(page.request, baseUrl).createItem({
      ...inputOf(newItemEntry('Tile cutter', 'power-tools')),
      depositPence: 4000,
    });
    const rental = await bookTodayThroughApi(baseUrl, renter, item, today);

    // The owner marks it returned and claims £25 for a missing part, with a photo.
    await page.goto(`/rentals/${rental.id}`);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Mark as returned', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as returned', exact: true }).click();
    const ownerSection = main.getByRole('region', { name: 'Deposit and problems' });
    await ownerSection.getByRole('button', { name: 'Report a problem', exact: true }).click();
    const report = ownerSection.getByRole('form', { name: 'Report a problem' });
    await report.getByLabel('What went wrong').selectOption('missing_parts');
    await report.getByLabel('Amount (£)').fill('25');
    await report.getByLabel('What happened').fill('The scoring wheel is missing.');
    await report.getByRole('button', { name: 'Send report', exact: true }).click();
    await ownerSection.getByLabel('Add photos to this claim').setInputFiles(evidence.map((p) => p.path));
    await expect(ownerSection.getByRole('img', { name: /^Missing parts claim, evidence 1 of 1/ })).toBeVisible();
    const claim = ((await (await page.request.get(`${baseUrl}/api/rentals/${rental.id}/deposit`)).json()) as DepositView).claims[0]!;

    // The renter disputes it.
    await signInTo(secondPage, renter, `/rentals/${rental.id}`);
    const renterSection = secondPage.getByRole('main').getByRole('region', { name: 'Deposit and problems' });
    await renterSection.getByRole('button', { name: 'Dispute', exact: true }).click();
    await renterSection.getByLabel(/Why you disagree/).fill('The wheel was in the case when I gave it back.');
    await renterSection.getByRole('button', { name: 'Send dispute', exact: true }).click();
    await expect(renterSection.getByText('Disputed', { exact: true })).toBeVisible();
    // The form closes once sent, without a reload.
    await expect(renterSection.getByLabel(/Why you disagree/)).toHaveCount(0);
    await expect(renterSection.getByText(/Goes to Toolshed support on/)).toBeVisible();
    await expectNoAxeViolations(secondPage, 'rental page with a disputed claim');

    // Eight days on, nobody has agreed: support has the whole evidence, the hold is kept.
    const moved = await page.request.post(`${baseUrl}/dev/clock`, { headers: { origin: baseUrl }, data: { days: 8 } });
    expect(moved.ok(), await moved.text()).toBe(true);
    const mail = await waitForMail(baseUrl, { to: 'support@toolshed.local', subject: `Disputed claim ${claim.id}: Missing parts, £25.00` });
    expect(mail.text).toContain('The scoring wheel is missing.');
    expect(mail.text).toContain('The wheel was in the case when I gave it back.');
    expect(mail.text).toContain(`/api/claims/${claim.id}/photos/${claim.photos[0]!.id}`);
    expect(mail.text).toContain('Deposit: £40.00, held');
    await secondPage.reload();
    await expect(renterSection.getByText('With Toolshed support', { exact: true })).toBeVisible();
    await expect(renterSection.getByText('£40.00 deposit held on your card, not charged.')).toBeVisible();
  });
});
