import type { Locator, Page } from '@playwright/test';
import { futureExpiry } from './renter-api.ts';

/** The card form of /payment/card. */
export function cardForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Pay by card' });
}

/** Fills every field of the card form, as a person paying would type them. */
export async function fillCard(form: Locator, number: string, today: string, name: string): Promise<void> {
  await form.getByLabel('Card number', { exact: true }).fill(number);
  await form.getByLabel('Expiry date (MM/YY)', { exact: true }).fill(futureExpiry(today));
  await form.getByLabel('Security code (CVV)', { exact: true }).fill('123');
  await form.getByLabel('Name on card', { exact: true }).fill(name);
}
