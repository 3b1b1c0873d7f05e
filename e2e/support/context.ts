import type { BrowserContextOptions } from '@playwright/test';

/**
 * Every journey's browser: a London clock and English dates (so 'today' matches the app's) on a
 * 1280x900 screen. The config applies it to `page`; a second person's page gets the same.
 */
export const BROWSER_CONTEXT = {
  timezoneId: 'Europe/London',
  locale: 'en-GB',
  viewport: { width: 1280, height: 900 },
} satisfies BrowserContextOptions;
