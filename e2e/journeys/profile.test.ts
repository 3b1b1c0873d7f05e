import { addDays, formatDate, todayInLondon } from '@toolshed/core';
import type { Page } from '@playwright/test';
import { accountNav } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { dayButtonName, showMonthOf } from '../support/calendar.ts';
import { expect, test } from '../support/fixtures.ts';
import { listItemThroughApi, newItemEntry, signInTo } from '../support/owner-items.ts';
import { makePhotos, type PhotoFile } from '../support/photos.ts';

let photos: PhotoFile[];
let removePhotos: () => Promise<void> = async () => {};

// Development mode: /dev/mailbox lists emails (accounts are confirmed from it) and text messages.
test.use({ serverOptions: { mode: 'development', env: { AUTH_RATE_LIMIT: '100' } } });

test.beforeAll(async () => {
  const made = await makePhotos(1, 'avatar');
  photos = made.files;
  removePhotos = made.cleanUp;
});
test.afterAll(() => removePhotos());

/** The header's link to the profile, named by the user's name; it holds the avatar. */
const headerProfileLink = (page: Page, name: string) => accountNav(page).getByRole('link', { name, exact: true }).first();

test.describe('profile', () => {
  test('a user uploads a profile picture and the header avatar changes without a reload', async ({ page, accounts }) => {
    const me = await accounts.confirmed('Pictured');
    await signInTo(page, me, '/profile');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name: 'Profile picture' })).toBeVisible();
    await expect(headerProfileLink(page, me.name).locator('img'), 'initials before any picture').toHaveCount(0);
    await expectNoAxeViolations(page, '/profile');

    await main.getByRole('button', { name: 'Upload picture', exact: true }).click();
    await expect(main.getByText('Please select an image file', { exact: true })).toBeVisible();
    await main.getByLabel('Choose a picture', { exact: true }).setInputFiles(photos[0]!.path);
    await main.getByRole('button', { name: 'Upload picture', exact: true }).click();
    await expect(main.getByText('Your profile picture has been updated.', { exact: true })).toBeVisible();

    const avatar = headerProfileLink(page, me.name).locator('img');
    await expect(avatar, 'the header avatar to show the uploaded picture').toHaveAttribute('src', /^\/media\/avatars\/.+\.webp$/);
    const loaded = await avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    expect(loaded, 'the avatar image loads').toBe(true);
  });

  test('a user verifies a phone number with the code from the development outbox', async ({ page, accounts, mailbox }) => {
    const me = await accounts.confirmed('Phoned');
    await signInTo(page, me, '/profile');
    const main = page.getByRole('main');
    const form = main.getByRole('form', { name: 'Send a verification code' });
    await expect(form).toBeVisible();
    await form.getByLabel('Country', { exact: true }).selectOption('GB');
    // Numbers are unique per run so the outbox message is this journey's.
    const six = String(Date.now()).slice(-6);
    const number = `7400${six}`;
    // One trunk 0 as typed at home is dropped (07400 ...); a second one leaves a number that cannot be.
    await form.getByRole('textbox', { name: 'Phone number' }).fill(`00${number}`);
    await form.getByRole('button', { name: 'Send code', exact: true }).click();
    await expect(form.getByText('Please enter a valid phone number', { exact: true })).toBeVisible();
    await form.getByRole('textbox', { name: 'Phone number' }).fill(number);
    await form.getByRole('button', { name: 'Send code', exact: true }).click();
    await expect(main.getByText(`We have sent a 6-digit code to 07400 ${six}. It expires in 10 minutes.`, { exact: true })).toBeVisible();

    // Read the code as a developer would: on the development mailbox page.
    const outbox = await page.context().newPage();
    let code = '';
    await expect(async () => {
      await outbox.goto('/dev/mailbox');
      const text = (await mailbox.read()).find((m) => m.to === `+44${number}`)?.text ?? '';
      code = /\b(\d{6})\b/.exec(text)?.[1] ?? '';
      expect(code, 'a six-digit code in the text message').not.toBe('');
      await expect(outbox.getByText(`+44${number}`).first()).toBeVisible({ timeout: 500 });
    }, `a text message to +44${number} on /dev/mailbox`).toPass();
    await outbox.close();

    const codeForm = main.getByRole('form', { name: 'Enter the verification code' });
    await codeForm.getByLabel('Verification code', { exact: true }).fill(code === '000000' ? '111111' : '000000');
    await codeForm.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(codeForm.getByText('Invalid verification code. Please try again.', { exact: true })).toBeVisible();
    await codeForm.getByLabel('Verification code', { exact: true }).fill(code);
    await codeForm.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(main.getByText('Your phone number has been verified.', { exact: true })).toBeVisible();
    await expect(main.getByText('Verified', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, '/profile after verifying');
  });

  test("an owner switches vacation mode on and a renter sees the item's days blocked until the end date", async ({
    page,
    secondPage: renter,
    baseUrl,
    accounts,
  }) => {
    const owner = await accounts.confirmed('Away');
    const item = await listItemThroughApi(baseUrl, owner, newItemEntry('Away Mower', 'garden-tools'));
    const today = todayInLondon();
    const until = addDays(today, 4);

    await signInTo(page, owner, '/profile');
    const main = page.getByRole('main');
    const vacation = main.getByRole('form', { name: 'Vacation mode' });
    await expect(vacation).toBeVisible();
    await vacation.getByLabel('Away until (last day)', { exact: true }).fill(until);
    await vacation.getByRole('button', { name: 'Switch vacation mode on', exact: true }).click();
    await expect(main.getByText(`Vacation mode is on until ${formatDate(until)}.`, { exact: true })).toBeVisible();

    // The renter, in a browser of their own.
    const renterAccount = await accounts.confirmed('Renter');
    await signInTo(renter, renterAccount, '/category/all');
    await renter.goto(`/owner/${item.owner.id}?item=${item.id}`);
    const dialog = renter.getByRole('dialog', { name: item.name });
    await expect(
      dialog.getByText(`The owner is away until ${formatDate(until)}: those days cannot be booked.`, { exact: true }),
    ).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Calendar key' }).getByText('Owner away', { exact: true })).toBeVisible();
    for (let i = 0; i <= 4; i++) {
      const day = addDays(today, i);
      await showMonthOf(dialog, day);
      const button = dialog.getByRole('button', { name: dayButtonName(day) });
      await expect(button).toBeVisible();
      await expect(button, `${day} cannot be picked while the owner is away`).toBeDisabled();
      await expect(button, `${day} is announced as the owner being away, not as booked`).toHaveAttribute('aria-label', /, owner away$/);
    }
    const back = addDays(until, 1);
    await showMonthOf(dialog, back);
    await expect(dialog.getByRole('button', { name: dayButtonName(back) }), `${back}, after the end date, can be picked`).toBeEnabled();
  });
});
