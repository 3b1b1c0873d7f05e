import { test as base, expect, type Page } from '@playwright/test';
import { createConfirmedAccount, newAccount, type Account } from './accounts.ts';
import { createApiReader, type ApiReader } from './api.ts';
import { BROWSER_CONTEXT } from './context.ts';
import { followMailLink, openMail, readMailbox, waitForMail, type Mail, type MailQuery } from './mailbox.ts';
import { startApiServer, startStaticServer, type RunningServer } from './servers.ts';

/**
 * What a journey file runs against, set once at the top of the file:
 *   test.use({ serverOptions: { mode: 'development', env: { AUTH_RATE_LIMIT: '100' } } });
 * - production: the compiled API as deployed (NODE_ENV=production) with the sample catalogue;
 * - development: the same with the development mailbox (/dev/mailbox: emails and text messages);
 * - static: the built web app on a plain static host with no API, so the app shows Mock Data.
 * `env` adds to or overrides the API's environment.
 *
 * The server is worker-scoped and each file's `test.use` object is its own, so each file gets its
 * own worker and so its own server with a fresh database (a worker restarted after a failure gets
 * a fresh one too). The journeys of a file share that server, as they always have.
 */
export interface ServerOptions {
  mode: 'production' | 'development' | 'static';
  env?: Record<string, string>;
}

/** The server's start-up includes migrating and seeding an empty database (servers.ts allows it 180 s). */
const SERVER_START_TIMEOUT_MS = 240_000;

interface WorkerFixtures {
  serverOptions: ServerOptions;
  server: RunningServer & { files: Set<string> };
  /** The server's address, which is also every page's baseURL. */
  baseUrl: string;
  /** The seeded catalogue read straight from the API, for choosing test values. */
  api: ApiReader;
}

export interface Accounts {
  /** A new person (not yet signed up): unique name and email, the shared password. */
  fresh(label: string): Account;
  /** A new person signed up and confirmed through the API and the mailbox; the browser stays signed out. */
  confirmed(label: string): Promise<Account>;
}

export interface Mailbox {
  /** Every email and text message, newest first. */
  read(): Promise<Mail[]>;
  /** Waits for the newest email matching `query`. */
  find(query: MailQuery): Promise<Mail>;
  /** Opens /dev/mailbox in the journey's page until the email is there; returns its article. */
  open(query: MailQuery): ReturnType<typeof openMail>;
  /** Follows the email's action link in the journey's page, as a person would; returns the address. */
  followLink(query: MailQuery): Promise<string>;
}

interface TestFixtures {
  accounts: Accounts;
  mailbox: Mailbox;
  /** A page in a browser context of its own: a second person at the same time as `page`. */
  secondPage: Page;
  /** Browser errors seen during the journey, added to the report when it fails. */
  pageErrors: string[];
  /** Fails a journey whose worker's server already served another file (see ServerOptions). */
  ownServer: void;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  serverOptions: [{ mode: 'production' }, { option: true, scope: 'worker' }],

  server: [
    async ({ serverOptions }, use) => {
      const running =
        serverOptions.mode === 'static'
          ? await startStaticServer()
          : await startApiServer({ NODE_ENV: serverOptions.mode, ...serverOptions.env });
      try {
        await use({ ...running, files: new Set() });
      } finally {
        await running.stop();
      }
    },
    { scope: 'worker', timeout: SERVER_START_TIMEOUT_MS },
  ],

  baseUrl: [async ({ server }, use) => use(server.baseUrl), { scope: 'worker' }],

  api: [async ({ baseUrl }, use) => use(createApiReader(baseUrl)), { scope: 'worker' }],

  baseURL: async ({ baseUrl }, use) => use(baseUrl),

  ownServer: [
    async ({ server }, use, testInfo) => {
      server.files.add(testInfo.file);
      if (server.files.size > 1) {
        throw new Error(
          `One server served ${[...server.files].join(' and ')}: give each journey file its own test.use({ serverOptions: { ... } }).`,
        );
      }
      await use();
    },
    { auto: true },
  ],

  pageErrors: [
    async ({ page }, use, testInfo) => {
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      if (errors.length && testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('browser errors', { body: errors.join('\n'), contentType: 'text/plain' });
      }
    },
    { auto: true },
  ],

  accounts: async ({ baseUrl }, use) => {
    await use({
      fresh: newAccount,
      async confirmed(label) {
        const account = newAccount(label);
        await createConfirmedAccount(baseUrl, account);
        return account;
      },
    });
  },

  mailbox: async ({ baseUrl, page }, use) => {
    await use({
      read: () => readMailbox(baseUrl),
      find: (query) => waitForMail(baseUrl, query),
      open: (query) => openMail(page, query),
      followLink: (query) => followMailLink(page, query),
    });
  },

  secondPage: async ({ browser, baseUrl }, use) => {
    const context = await browser.newContext({ ...BROWSER_CONTEXT, baseURL: baseUrl });
    try {
      await use(await context.newPage());
    } finally {
      await context.close();
    }
  },
});

export { expect };
