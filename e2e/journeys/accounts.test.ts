import type { Page } from '@playwright/test';
import {
  accountNav,
  createConfirmedAccount,
  expectLoginFrom,
  expectPath,
  expectSignedIn,
  expectSignedOut,
  loginForm,
  newAccount,
  submitSignIn,
  submitSignUp,
  type Account,
} from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { SUBJECTS } from '../support/mailbox.ts';

// The mailbox page exists only outside production, and email links must open on the browser's own
// host (cookies are per host). Every journey signs in or up, so the per-address limit is raised.
test.use({ serverOptions: { mode: 'development', env: { AUTH_RATE_LIMIT: '100' } } });

const CHECK_EMAIL = 'Please check your email to confirm your account before signing in.';
const INVALID_LOGIN = 'Invalid email or password.';
const DUPLICATE_EMAIL = 'An account with this email already exists.';
const RESET_SENT = 'If an account exists for that email, we have sent a link to reset your password.';
const PASSWORD_CHANGED = 'Your password has been changed. Please sign in.';
const CONTACT_THANKS = 'Thanks! We have received your message and will reply within 24 hours.';
const SUPPORT_ADDRESS = 'support@toolshed.local';

/** A confirmed account, signed in through the form and sent on to `from`. */
async function signedIn(page: Page, baseUrl: string, label: string, from: string): Promise<Account> {
  const account = newAccount(label);
  await createConfirmedAccount(baseUrl, account);
  await page.goto(`/login?${new URLSearchParams({ from })}`);
  await submitSignIn(page, account.email, account.password);
  await expectPath(page, from);
  await expectSignedIn(page, account.name);
  return account;
}

test.describe('accounts', () => {
  test('sign-up sends a confirmation email whose link signs the user in where sign-up started', async ({
    page,
    baseUrl,
    accounts,
    mailbox,
  }) => {
    const account = accounts.fresh('Signup');
    await page.goto('/my-items');
    await expectLoginFrom(page, '/my-items');
    await submitSignUp(page, account);
    await expect(page.getByText(CHECK_EMAIL, { exact: true })).toBeVisible();
    await expect(loginForm(page, 'Sign in')).toBeVisible();
    await expectSignedOut(page);

    const href = await mailbox.followLink({ to: account.email, subject: SUBJECTS.confirm });
    const link = new URL(href);
    expect(link.origin, 'the confirmation link opens on the address the browser uses').toBe(baseUrl);
    expect(link.pathname).toBe('/auth/callback');
    expect(link.searchParams.get('redirectTo'), 'the link returns to where sign-up started').toBe('/my-items');

    await expectPath(page, '/my-items');
    await expect(page.getByRole('heading', { level: 1, name: 'My Items' })).toBeVisible();
    await expectSignedIn(page, account.name);
    await page.reload();
    await expectSignedIn(page, account.name);
  });

  test('signing out restores Log In and Sign Up, and the profile then asks to sign in', async ({ page, baseUrl }) => {
    await signedIn(page, baseUrl, 'Signout', '/category/all');
    await accountNav(page).getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expectSignedOut(page);
    // A full load reads the session from the server: it must really have ended.
    await page.reload();
    await expectSignedOut(page);
    await page.goto('/profile');
    await expectLoginFrom(page, '/profile');
    await expect(loginForm(page, 'Sign in')).toBeVisible();
  });

  test('a protected route sends a visitor to sign in, then back to that route', async ({ page, accounts }) => {
    const account = await accounts.confirmed('Returning');
    await page.goto('/my-rentals');
    await expectLoginFrom(page, '/my-rentals');
    await expectSignedOut(page);
    await submitSignIn(page, account.email, account.password);
    await expectPath(page, '/my-rentals');
    await expect(page.getByRole('heading', { level: 1, name: 'My Rentals' })).toBeVisible();
    await expectSignedIn(page, account.name);
  });

  test('a wrong password and a second sign-up with the same email are refused with clear messages', async ({ page, accounts }) => {
    const account = await accounts.confirmed('Refused');
    await page.goto('/login');
    await submitSignIn(page, account.email, 'not the right password 7');
    await expect(page.getByRole('alert').getByText(INVALID_LOGIN, { exact: true })).toBeVisible();
    expect(new URL(page.url()).pathname, 'a refused sign-in stays on /login').toBe('/login');
    await expectSignedOut(page);

    await page.goto('/login');
    await submitSignUp(page, { ...account, name: 'Someone Else' });
    const alert = page.getByRole('alert');
    await expect(alert.getByText(DUPLICATE_EMAIL, { exact: true })).toBeVisible();
    await alert.getByRole('button', { name: 'Click here to sign in instead', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Toolshed' })).toBeVisible();
    await submitSignIn(page, account.email, account.password);
    await expectSignedIn(page, account.name);
  });

  test('the profile shows the account and a new name reaches the header', async ({ page, baseUrl }) => {
    const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'Europe/London' });
    const joined = monthYear.format(new Date());
    const account = await signedIn(page, baseUrl, 'Profile', '/profile');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: account.name, exact: true })).toBeVisible();
    await expect(main.getByText(account.email, { exact: true })).toBeVisible();
    // Either month, should the month turn while the journey runs.
    const since = main
      .getByText(`Member since ${joined}`, { exact: true })
      .or(main.getByText(`Member since ${monthYear.format(new Date())}`, { exact: true }));
    await expect(since.first()).toBeVisible();

    const renamed = 'Renamed Profile Tester';
    await main.getByRole('button', { name: 'Edit name', exact: true }).click();
    const form = main.getByRole('form', { name: 'Edit your name' });
    await form.getByLabel('Full name', { exact: true }).fill(renamed);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(main.getByText('Your name has been saved.', { exact: true })).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: renamed, exact: true })).toBeVisible();
    await expectSignedIn(page, renamed);
    await page.reload();
    await expectSignedIn(page, renamed);
  });

  test('the help contact form sends, thanks for three seconds, and mails the support address', async ({ page, mailbox }) => {
    const subject = `Hedge trimmer question ${Date.now().toString(36)}`;
    const message = 'Can I collect the hedge trimmer in the evening after work?';
    await page.goto('/help');
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByLabel('Name', { exact: true }).fill('Help Tester');
    await form.getByLabel('Email', { exact: true }).fill('help-tester@example.com');
    await form.getByLabel('Subject', { exact: true }).fill(subject);
    await form.getByLabel('Message', { exact: true }).fill(message);
    await form.getByRole('button', { name: 'Send message', exact: true }).click();

    const thanks = page.getByText(CONTACT_THANKS, { exact: true });
    await expect(thanks).toBeVisible();
    const shownAt = Date.now();
    await expect(thanks).toBeHidden({ timeout: 10_000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor >= 2_000 && shownFor <= 6_000, `the thank-you message shows for about 3 s, it showed for ${shownFor} ms`).toBe(true);

    const mail = await mailbox.open({ to: SUPPORT_ADDRESS, subject: `[Support] ${subject}` });
    await expect(mail.getByText(message)).toBeVisible();
    await expect(mail.getByText('help-tester@example.com')).toBeVisible();
  });

  test('a forgotten password is reset from the emailed link and the new one signs in', async ({ page, baseUrl, accounts, mailbox }) => {
    const account = await accounts.confirmed('Forgetful');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?', exact: true }).click();
    await expectPath(page, '/forgot-password');
    const request = page.getByRole('form', { name: 'Reset your password' });
    await request.getByLabel('Email', { exact: true }).fill(account.email);
    await request.getByRole('button', { name: 'Send reset link', exact: true }).click();
    await expect(page.getByText(RESET_SENT, { exact: true })).toBeVisible();

    const href = await mailbox.followLink({ to: account.email, subject: SUBJECTS.reset });
    expect(new URL(href).origin, 'the reset link opens on the address the browser uses').toBe(baseUrl);
    await expectPath(page, '/reset-password');
    const newPassword = 'a brand new lawnmower 77';
    const choose = page.getByRole('form', { name: 'Choose a new password' });
    await choose.getByLabel('New password', { exact: true }).fill(newPassword);
    await choose.getByRole('button', { name: 'Change password', exact: true }).click();
    await expect(page.getByText(PASSWORD_CHANGED, { exact: true })).toBeVisible();

    await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
    await expectPath(page, '/login');
    await submitSignIn(page, account.email, account.password);
    await expect(page.getByRole('alert').getByText(INVALID_LOGIN, { exact: true })).toBeVisible();
    await submitSignIn(page, account.email, newPassword);
    await expectSignedIn(page, account.name);
  });

  test('sign-in, sign-up and help have no accessibility violations', async ({ page }) => {
    await page.goto('/login');
    await expect(loginForm(page, 'Sign in')).toBeVisible();
    await expectNoAxeViolations(page, '/login (sign in)');
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await expect(loginForm(page, 'Sign up')).toBeVisible();
    await expectNoAxeViolations(page, '/login (sign up)');
    await page.goto('/help');
    await expect(page.getByRole('form', { name: 'Contact us' })).toBeVisible();
    await expectNoAxeViolations(page, '/help');
  });

  test('the signed-in profile has no accessibility violations', async ({ page, baseUrl }) => {
    const account = await signedIn(page, baseUrl, 'Axe', '/profile');
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: account.name, exact: true })).toBeVisible();
    await expectNoAxeViolations(page, '/profile');
  });
});
