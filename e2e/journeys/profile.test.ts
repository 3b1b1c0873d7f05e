import assert from 'node:assert/strict';
import { after, describe } from 'node:test';
import { addDays, formatDate, todayInLondon } from '@toolshed/core';
import type { Page } from 'playwright-core';
import { accountNav } from '../support/accounts.ts';
import { expectNoAxeViolations, newContext, screenshotOnFailure } from '../support/browser.ts';
import { dayButtonName, showMonthOf } from '../support/calendar.ts';
import { setUpJourneys } from '../support/journey.ts';
import { readMailbox } from '../support/mailbox.ts';
import { confirmedAccount, listItemThroughApi, newItemEntry, signInTo } from '../support/owner-items.ts';
import { makePhotos, type PhotoFile } from '../support/photos.ts';
import { startApiServer } from '../support/server.ts';
import { waitForVisible, waitUntil } from '../support/waits.ts';

let photos: PhotoFile[];
let removePhotos: () => Promise<void> = async () => {};

// Development mode: /dev/mailbox lists emails (accounts are confirmed from it) and text messages.
const { journey } = setUpJourneys(
  () => startApiServer({ env: (baseUrl) => ({ NODE_ENV: 'development', APP_URL: baseUrl, AUTH_RATE_LIMIT: '100' }) }),
  async () => {
    const made = await makePhotos(1, 'avatar');
    photos = made.files;
    removePhotos = made.cleanUp;
  },
);
after(() => removePhotos());

/** The header's link to the profile, named by the user's name; it holds the avatar. */
const headerProfileLink = (page: Page, name: string) => accountNav(page).getByRole('link', { name, exact: true }).first();

describe('profile', () => {
  journey('a user uploads a profile picture and the header avatar changes without a reload', async ({ page, baseUrl }) => {
    const me = await confirmedAccount(baseUrl, 'Pictured');
    await signInTo(page, me, '/profile');
    const main = page.getByRole('main');
    await waitForVisible(main.getByRole('heading', { level: 2, name: 'Profile picture' }));
    assert.equal(await headerProfileLink(page, me.name).locator('img').count(), 0, 'initials before any picture');
    await expectNoAxeViolations(page, '/profile');

    await main.getByRole('button', { name: 'Upload picture', exact: true }).click();
    await waitForVisible(main.getByText('Please select an image file', { exact: true }));
    await main.getByLabel('Choose a picture', { exact: true }).setInputFiles(photos[0]!.path);
    await main.getByRole('button', { name: 'Upload picture', exact: true }).click();
    await waitForVisible(main.getByText('Your profile picture has been updated.', { exact: true }));

    const avatar = headerProfileLink(page, me.name).locator('img');
    await waitUntil(async () => /^\/media\/avatars\/.+\.webp$/.test((await avatar.getAttribute('src').catch(() => null)) ?? ''), 'the header avatar to show the uploaded picture');
    const loaded = await avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    assert.ok(loaded, 'the avatar image loads');
  });

  journey('a user verifies a phone number with the code from the development outbox', async ({ page, baseUrl }) => {
    const me = await confirmedAccount(baseUrl, 'Phoned');
    await signInTo(page, me, '/profile');
    const main = page.getByRole('main');
    const form = main.getByRole('form', { name: 'Send a verification code' });
    await waitForVisible(form);
    await form.getByLabel('Country', { exact: true }).selectOption('GB');
    // Numbers are unique per run so the outbox message is this journey's.
    const number = `7700${String(Date.now()).slice(-6)}`;
    await form.getByRole('textbox', { name: 'Phone number' }).fill(`0${number}`);
    await form.getByRole('button', { name: 'Send code', exact: true }).click();
    await waitForVisible(form.getByText('Please enter a valid phone number', { exact: true }));
    await form.getByRole('textbox', { name: 'Phone number' }).fill(number);
    await form.getByRole('button', { name: 'Send code', exact: true }).click();
    await waitForVisible(main.getByText(`We have sent a 6-digit code to +44 ${number}. It expires in 10 minutes.`, { exact: true }));

    // Read the code as a developer would: on the development mailbox page.
    const outbox = await page.context().newPage();
    let code = '';
    await waitUntil(async () => {
      await outbox.goto('/dev/mailbox');
      const text = (await readMailbox(baseUrl)).find((m) => m.to === `+44${number}`)?.text ?? '';
      code = /\b(\d{6})\b/.exec(text)?.[1] ?? '';
      return code !== '' && (await outbox.getByText(`+44${number}`).count()) > 0;
    }, `a text message to +44${number} on /dev/mailbox`);
    await outbox.close();

    const codeForm = main.getByRole('form', { name: 'Enter the verification code' });
    await codeForm.getByLabel('Verification code', { exact: true }).fill(code === '000000' ? '111111' : '000000');
    await codeForm.getByRole('button', { name: 'Verify', exact: true }).click();
    await waitForVisible(codeForm.getByText('Invalid verification code. Please try again.', { exact: true }));
    await codeForm.getByLabel('Verification code', { exact: true }).fill(code);
    await codeForm.getByRole('button', { name: 'Verify', exact: true }).click();
    await waitForVisible(main.getByText('Your phone number has been verified.', { exact: true }));
    await waitForVisible(main.getByText('Verified', { exact: true }));
    await expectNoAxeViolations(page, '/profile after verifying');
  });

  journey("an owner switches vacation mode on and a renter sees the item's days blocked until the end date", async ({ page, baseUrl }) => {
    const owner = await confirmedAccount(baseUrl, 'Away');
    const item = await listItemThroughApi(baseUrl, owner, newItemEntry('Away Mower', 'garden-tools'));
    const today = todayInLondon();
    const until = addDays(today, 4);

    await signInTo(page, owner, '/profile');
    const main = page.getByRole('main');
    const vacation = main.getByRole('form', { name: 'Vacation mode' });
    await waitForVisible(vacation);
    await vacation.getByLabel('Away until (last day)', { exact: true }).fill(until);
    await vacation.getByRole('button', { name: 'Switch vacation mode on', exact: true }).click();
    await waitForVisible(main.getByText(`Vacation mode is on until ${formatDate(until)}.`, { exact: true }));

    const renterAccount = await confirmedAccount(baseUrl, 'Renter');
    const context = await newContext(page.context().browser()!, baseUrl);
    try {
      const renter = await context.newPage();
      await screenshotOnFailure(renter, 'vacation: the renter', () => renterSeesAwayDays(renter));
    } finally {
      await context.close();
    }

    async function renterSeesAwayDays(renter: Page): Promise<void> {
      await signInTo(renter, renterAccount, '/category/all');
      await renter.goto(`/owner/${item.owner.id}?item=${item.id}`);
      const dialog = renter.getByRole('dialog', { name: item.name });
      await waitForVisible(dialog.getByText(`The owner is away until ${formatDate(until)}: those days cannot be booked.`, { exact: true }));
      await waitForVisible(dialog.getByRole('list', { name: 'Calendar key' }).getByText('Owner away', { exact: true }));
      for (let i = 0; i <= 4; i++) {
        const day = addDays(today, i);
        await showMonthOf(dialog, day);
        const button = dialog.getByRole('button', { name: dayButtonName(day) });
        await waitForVisible(button);
        assert.ok(await button.isDisabled(), `${day} cannot be picked while the owner is away`);
        assert.match((await button.getAttribute('aria-label')) ?? '', /, owner away$/, `${day} is announced as the owner being away, not as booked`);
      }
      const back = addDays(until, 1);
      await showMonthOf(dialog, back);
      assert.ok(await dialog.getByRole('button', { name: dayButtonName(back) }).isEnabled(), `${back}, after the end date, can be picked`);
    }
  });
});
