import { expect, type Locator, type Page } from '@playwright/test';

/** Subjects of the emails the journeys follow, as the API writes them. */
export const SUBJECTS = {
  confirm: 'Confirm your email for Toolshed',
  reset: 'Reset your Toolshed password',
} as const;

export interface MailQuery {
  to: string;
  subject: string;
}

export interface Mail extends MailQuery {
  text: string;
  links: string[];
}

const unescapeHtml = (s: string) => s.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/**
 * The development mailbox as data, newest first. It is a page for people, so this reads its markup:
 * one <article> per email with the subject in <h2>, the address in <strong>, the text and the links.
 */
export async function readMailbox(baseUrl: string): Promise<Mail[]> {
  const res = await fetch(`${baseUrl}/dev/mailbox`);
  if (!res.ok) throw new Error(`GET /dev/mailbox answered ${res.status}: is the API running outside production?`);
  const html = await res.text();
  return [...html.matchAll(/<article>([\s\S]*?)<\/article>/g)].map(([, body = '']) => ({
    subject: unescapeHtml(/<h2>([\s\S]*?)<\/h2>/.exec(body)?.[1] ?? ''),
    to: unescapeHtml(/<strong>([\s\S]*?)<\/strong>/.exec(body)?.[1] ?? ''),
    text: unescapeHtml(/<pre>([\s\S]*?)<\/pre>/.exec(body)?.[1] ?? ''),
    links: [...body.matchAll(/href="([^"]*)"/g)].map(([, href = '']) => unescapeHtml(href)),
  }));
}

const heading = (mail: MailQuery) => `${mail.subject} -> ${mail.to}`;

/** Waits for the newest email matching `query` (mail is written while or just after the request answers). */
export async function waitForMail(baseUrl: string, query: MailQuery): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await readMailbox(baseUrl);
        found = mails.find((m) => m.to === query.to && m.subject === query.subject);
        return mails.map(heading);
      },
      { message: `an email '${query.subject}' to ${query.to} in /dev/mailbox` },
    )
    .toContain(heading(query));
  return found!;
}

/** The newest email on the mailbox page matching `query`, as a user would pick it out. */
export function mailOnPage(page: Page, query: MailQuery): Locator {
  return page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: query.subject, exact: true }) })
    .filter({ hasText: `To ${query.to}` })
    .first();
}

/** Opens /dev/mailbox in `page`, reloading until the email has arrived; returns its article. */
export async function openMail(page: Page, query: MailQuery): Promise<Locator> {
  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Mailbox (development)' })).toBeVisible();
  const mail = mailOnPage(page, query);
  // The page is written once per load: look again until the email is on it.
  await expect(async () => {
    if ((await mail.count()) === 0) await page.reload();
    await expect(mail).toBeVisible({ timeout: 500 });
  }, `an email '${query.subject}' to ${query.to} on /dev/mailbox`).toPass();
  return mail;
}

/**
 * Follows the first link of the newest email matching `query` (every account email carries one
 * action link), in the same page, as a person reading the mailbox would. Returns the address.
 */
export async function followMailLink(page: Page, query: MailQuery): Promise<string> {
  const link = (await openMail(page, query)).getByRole('link').first();
  const href = (await link.getAttribute('href')) ?? '';
  await link.click();
  return href;
}
