import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import {
  accountNav,
  createConfirmedAccount,
  expectSignedIn,
  expectSignedOut,
  loginForm,
  newAccount,
  submitSignIn,
  submitSignUp,
  type Account,
} from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/browser.ts';
import { setUpJourneys } from '../support/journey.ts';
import { SUBJECTS, followMailLink, openMail } from '../support/mailbox.ts';
import { startApiServer } from '../support/server.ts';
import { waitForGone, waitForUrl, waitForVisible } from '../support/waits.ts';

// The mailbox page exists only outside production, and email links must open on the browser's own
// host (cookies are per host). Every journey signs in or up, so the per-address limit is raised.
const { journey } = setUpJourneys(() =>
  startApiServer({ env: (baseUrl) => ({ NODE_ENV: 'development', APP_URL: baseUrl, AUTH_RATE_LIMIT: '100' }) }),
);

const CHECK_EMAIL = 'Please check your email to confirm your account before signing in.';
const INVALID_LOGIN = 'Invalid email or password.';
const DUPLICATE_EMAIL = 'An account with this email already exists.';
const RESET_SENT = 'If an account exists for that email, we have sent a link to reset your password.';
const PASSWORD_CHANGED = 'Your password has been changed. Please sign in.';
const CONTACT_THANKS = 'Thanks! We have received your message and will reply within 24 hours.';
const SUPPORT_ADDRESS = 'support@toolshed.local';

/** Waits for /login with `from` naming the page the visitor was sent away from. */
function waitForLoginFrom(page: Page, from: string) {
  return waitForUrl(page, (url) => url.pathname === '/login' && url.searchParams.get('from') === from, `expected /login?from=${from}`);
}

function waitForPath(page: Page, pathname: string) {
  return waitForUrl(page, (url) => url.pathname === pathname, `expected ${pathname}`);
}

/** A confirmed account, signed in through the form and sent on to `from`. */
async function signedIn(page: Page, baseUrl: string, label: string, from: string): Promise<Account> {
  const account = newAccount(label);
  await createConfirmedAccount(baseUrl, account);
  await page.goto(`/login?${new URLSearchParams({ from })}`);
  await submitSignIn(page, account.email, account.password);
  await waitForPath(page, from);
  await expectSignedIn(page, account.name);
  return account;
}

describe('accounts', () => {
  journey('sign-up sends a confirmation email whose link signs the user in where sign-up started', async ({ page, baseUrl }) => {
    const account = newAccount('Signup');
    await page.goto('/my-items');
    await waitForLoginFrom(page, '/my-items');
    await submitSignUp(page, account);
    await waitForVisible(page.getByText(CHECK_EMAIL, { exact: true }));
    await waitForVisible(loginForm(page, 'Sign in'));
    await expectSignedOut(page);

    const href = await followMailLink(page, { to: account.email, subject: SUBJECTS.confirm });
    const link = new URL(href);
    assert.equal(link.origin, baseUrl, 'the confirmation link opens on the address the browser uses');
    assert.equal(link.pathname, '/auth/callback');
    assert.equal(link.searchParams.get('redirectTo'), '/my-items', 'the link returns to where sign-up started');

    await waitForPath(page, '/my-items');
    await waitForVisible(page.getByRole('heading', { level: 1, name: 'My Items' }));
    await expectSignedIn(page, account.name);
    await page.reload();
    await expectSignedIn(page, account.name);
  });

  journey('signing out restores Log In and Sign Up, and the profile then asks to sign in', async ({ page, baseUrl }) => {
    await signedIn(page, baseUrl, 'Signout', '/category/all');
    await accountNav(page).getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expectSignedOut(page);
    // A full load reads the session from the server: it must really have ended.
    await page.reload();
    await expectSignedOut(page);
    await page.goto('/profile');
    await waitForLoginFrom(page, '/profile');
    await waitForVisible(loginForm(page, 'Sign in'));
  });

  journey('a protected route sends a visitor to sign in, then back to that route', async ({ page, baseUrl }) => {
    const account = newAccount('Returning');
    await createConfirmedAccount(baseUrl, account);
    await page.goto('/my-rentals');
    await waitForLoginFrom(page, '/my-rentals');
    await expectSignedOut(page);
    await submitSignIn(page, account.email, account.password);
    await waitForPath(page, '/my-rentals');
    await waitForVisible(page.getByRole('heading', { level: 1, name: 'My Rentals' }));
    await expectSignedIn(page, account.name);
  });

  journey('a wrong password and a second sign-up with the same email are refused with clear messages', async ({ page, baseUrl }) => {
    const account = newAccount('Refused');
    await createConfirmedAccount(baseUrl, account);
    await page.goto('/login');
    await submitSignIn(page, account.email, 'not the right password 7');
    await waitForVisible(page.getByRole('alert').getByText(INVALID_LOGIN, { exact: true }));
    assert.equal(new URL(page.url()).pathname, '/login', 'a refused sign-in stays on /login');
    await expectSignedOut(page);

    await page.goto('/login');
    await submitSignUp(page, { ...account, name: 'Someone Else' });
    const alert = page.getByRole('alert');
    await waitForVisible(alert.getByText(DUPLICATE_EMAIL, { exact: true }));
    await alert.getByRole('button', { name: 'Click here to sign in instead', exact: true }).click();
    await waitForVisible(page.getByRole('heading', { level: 1, name: 'Sign in to Toolshed' }));
    await submitSignIn(page, account.email, account.password);
    await expectSignedIn(page, account.name);
  });

  journey('the profile shows the account and a new name reaches the header', async ({ page, baseUrl }) => {
    const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'Europe/London' });
    const joined = monthYear.format(new Date());
    const account = await signedIn(page, baseUrl, 'Profile', '/profile');
    const main = page.getByRole('main');
    await waitForVisible(main.getByRole('heading', { level: 1, name: 'My Profile' }));
    await waitForVisible(main.getByRole('heading', { level: 2, name: account.name, exact: true }));
    await waitForVisible(main.getByText(account.email, { exact: true }));
    const since = main.getByText(`Member since ${joined}`, { exact: true }).or(main.getByText(`Member since ${monthYear.format(new Date())}`, { exact: true }));
    await waitForVisible(since);

    const renamed = 'Renamed Profile Tester';
    await main.getByRole('button', { name: 'Edit name', exact: true }).click();
    const form = main.getByRole('form', { name: 'Edit your name' });
    await form.getByLabel('Full name', { exact: true }).fill(renamed);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForVisible(main.getByText('Your name has been saved.', { exact: true }));
    await waitForVisible(main.getByRole('heading', { level: 2, name: renamed, exact: true }));
    await expectSignedIn(page, renamed);
    await page.reload();
    await expectSignedIn(page, renamed);
  });

  journey('the help contact form sends, thanks for three seconds, and mails the support address', async ({ page }) => {
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
    await waitForVisible(thanks);
    const shownAt = Date.now();
    await waitForGone(thanks, 10_000);
    const shownFor = Date.now() - shownAt;
    assert.ok(shownFor >= 2_000 && shownFor <= 6_000, `the thank-you message shows for about 3 s, it showed for ${shownFor} ms`);

    const mail = await openMail(page, { to: SUPPORT_ADDRESS, subject: `[Support] ${subject}` });
    await waitForVisible(mail.getByText(message));
    await waitForVisible(mail.getByText('help-tester@example.com'));
  });

  journey('a forgotten password is reset from the emailed link and the new one signs in', async ({ page, baseUrl }) => {
    const account = newAccount('Forgetful');
    await createConfirmedAccount(baseUrl, account);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?', exact: true }).click();
    await waitForPath(page, '/forgot-password');
    const request = page.getByRole('form', { name: 'Reset your password' });
    await request.getByLabel('Email', { exact: true }).fill(account.email);
    await request.getByRole('button', { name: 'Send reset link', exact: true }).click();
    await waitForVisible(page.getByText(RESET_SENT, { exact: true }));

    const href = await followMailLink(page, { to: account.email, subject: SUBJECTS.reset });
    assert.equal(new URL(href).origin, baseUrl, 'the reset link opens on the address the browser uses');
    await waitForPath(page, '/reset-password');
    const newPassword = 'a brand new lawnmower 77';
    const choose = page.getByRole('form', { name: 'Choose a new password' });
    await choose.getByLabel('New password', { exact: true }).fill(newPassword);
    await choose.getByRole('button', { name: 'Change password', exact: true }).click();
    await waitForVisible(page.getByText(PASSWORD_CHANGED, { exact: true }));

    await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
    await waitForPath(page, '/login');
    await submitSignIn(page, account.email, account.password);
    await waitForVisible(page.getByRole('alert').getByText(INVALID_LOGIN, { exact: true }));
    await submitSignIn(page, account.email, newPassword);
    await expectSignedIn(page, account.name);
  });

  journey('sign-in, sign-up and help have no accessibility violations', async ({ page }) => {
    await page.goto('/login');
    await waitForVisible(loginForm(page, 'Sign in'));
    await expectNoAxeViolations(page, '/login (sign in)');
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await waitForVisible(loginForm(page, 'Sign up'));
    await expectNoAxeViolations(page, '/login (sign up)');
    await page.goto('/help');
    await waitForVisible(page.getByRole('form', { name: 'Contact us' }));
    await expectNoAxeViolations(page, '/help');
  });

  journey('the signed-in profile has no accessibility violations', async ({ page, baseUrl }) => {
    const account = await signedIn(page, baseUrl, 'Axe', '/profile');
    await waitForVisible(page.getByRole('main').getByRole('heading', { level: 2, name: account.name, exact: true }));
    await expectNoAxeViolations(page, '/profile');
  });
});
