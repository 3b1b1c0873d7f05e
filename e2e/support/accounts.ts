import { expect, type Locator, type Page } from '@playwright/test';
import { SUBJECTS, waitForMail } from './mailbox.ts';

/** Long enough and uncommon enough for the password rules. */
export const PASSWORD = 'a sturdy wheelbarrow 42';

export interface Account {
  name: string;
  email: string;
  password: string;
}

let made = 0;

/** A new person per journey: every journey runs in a fresh browser and must not depend on another. */
export function newAccount(label: string): Account {
  made += 1;
  const tag = `${Date.now().toString(36)}${made}`;
  return { name: `${label} Tester`, email: `${label.toLowerCase()}-${tag}@example.com`, password: PASSWORD };
}

/**
 * Signs up and confirms the email straight through the API, as the web app does, for journeys
 * about what comes after. The browser is left signed out: it signs in through the form.
 */
export async function createConfirmedAccount(baseUrl: string, account: Account): Promise<void> {
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name: account.name, email: account.email, password: account.password, callbackURL: '/' }),
  });
  if (!res.ok) throw new Error(`Sign-up of ${account.email} answered ${res.status}: ${await res.text()}`);
  const mail = await waitForMail(baseUrl, { to: account.email, subject: SUBJECTS.confirm });
  const link = mail.links.map((l) => new URL(l)).find((u) => u.pathname === '/auth/callback');
  const token = link?.searchParams.get('token');
  if (!token) throw new Error(`No confirmation link in the email to ${account.email}: ${JSON.stringify(mail.links)}`);
  const verified = await fetch(`${baseUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`, { redirect: 'manual' });
  // A redirect would also mean success; only a refusal is an error.
  if (verified.status >= 400) throw new Error(`Confirming ${account.email} answered ${verified.status}: ${await verified.text()}`);
}

/** The header's account area (signed in or out, it is the navigation named 'Account'). */
export function accountNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Account' });
}

export async function expectSignedIn(page: Page, name: string): Promise<void> {
  const nav = accountNav(page);
  await expect(nav.getByRole('link', { name, exact: true }).first()).toBeVisible();
  await expect(nav.getByRole('link', { name: 'My Items', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'My Rentals', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: /^Notifications\b/ })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Sign Out', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Log In', exact: true })).toBeHidden();
}

export async function expectSignedOut(page: Page): Promise<void> {
  const nav = accountNav(page);
  await expect(nav.getByRole('link', { name: 'Log In', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign Up', exact: true })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Sign Out', exact: true })).toBeHidden();
}

/** The browser is on /login with `from` naming the page the visitor was sent away from. */
export async function expectLoginFrom(page: Page, from: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('from') === from);
}

/** The browser is on `pathname`, whatever the query. */
export async function expectPath(page: Page, pathname: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === pathname);
}

/** The sign-in or sign-up form of /login; its name follows the mode. */
export function loginForm(page: Page, mode: 'Sign in' | 'Sign up'): Locator {
  return page.getByRole('form', { name: mode, exact: true });
}

/** Fills and sends the sign-in form of the /login page the browser is on. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  const form = loginForm(page, 'Sign in');
  await expect(form).toBeVisible();
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Opens /login, switches to sign-up with the form's own toggle and sends the form. */
export async function submitSignUp(page: Page, account: Account): Promise<void> {
  const signIn = loginForm(page, 'Sign in');
  await expect(signIn).toBeVisible();
  await signIn.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  const form = loginForm(page, 'Sign up');
  await expect(form).toBeVisible();
  await form.getByLabel('Full name', { exact: true }).fill(account.name);
  await form.getByLabel('Email', { exact: true }).fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Sign Up', exact: true }).click();
}
