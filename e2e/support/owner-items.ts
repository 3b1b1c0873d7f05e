import { poundsToPence, type CancellationPolicy } from '@toolshed/core';
import type { ItemDetail, ItemInput, OwnerItem } from '@toolshed/core/contract';
import { request, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectPath, expectSignedIn, submitSignIn, type Account } from './accounts.ts';
import { photoPart, type PhotoFile } from './photos.ts';
import { startsWith } from './text.ts';

/** What an owner types into the item form, as the text in each field. */
export interface ItemEntry {
  name: string;
  description: string;
  dailyRate: string;
  categoryId: string;
  minDays: string;
  maxDays: string;
  address: string;
  city: string;
  postcode: string;
  /** The cancellation policy chosen (the form's default, Flexible, when absent). */
  cancellationPolicy?: CancellationPolicy;
}

let made = 0;

/**
 * An item whose name no other item has or starts with, so a search for it finds exactly one card.
 * The postcode is a real Leeds one: the offline geocoder places it at the LS area, approximately.
 */
export function newItemEntry(label: string, categoryId: string): ItemEntry {
  made += 1;
  const tag = `${Date.now().toString(36)}${made}`;
  return {
    name: `${label} ${tag}`,
    description: `A well looked after ${label.toLowerCase()}, cleaned after every use. Collection from Headingley.`,
    dailyRate: '12.50',
    categoryId,
    minDays: '1',
    maxDays: '5',
    address: '14 Headingley Lane',
    city: 'Leeds',
    postcode: 'LS6 2AB',
  };
}

/** The entry as the API takes it (the form sends the same). */
export function inputOf(entry: ItemEntry): ItemInput {
  return {
    name: entry.name,
    description: entry.description,
    dailyRatePence: poundsToPence(Number(entry.dailyRate)),
    depositPence: 0,
    categoryId: entry.categoryId,
    minDays: Number(entry.minDays),
    maxDays: Number(entry.maxDays),
    address: entry.address,
    city: entry.city,
    postcode: entry.postcode,
    available: true,
    bookingMode: 'instant',
    bufferDays: 0,
    cancellationPolicy: entry.cancellationPolicy ?? 'flexible',
    weeklyRatePence: null,
    requireVerifiedPhone: false,
    minCompletedRentals: 0,
  };
}

/** Signs in through the /login form and waits to be sent on to `from`. */
export async function signInTo(page: Page, account: Account, from: string): Promise<void> {
  await page.goto(`/login?${new URLSearchParams({ from })}`);
  await submitSignIn(page, account.email, account.password);
  await expectPath(page, from);
  await expectSignedIn(page, account.name);
}

/** Types `entry` into the add or edit form on the page, field by field through the labels. */
export async function fillItemForm(page: Page, entry: ItemEntry): Promise<void> {
  const main = page.getByRole('main');
  await main.getByLabel('Name', { exact: true }).fill(entry.name);
  await main.getByLabel('Description', { exact: true }).fill(entry.description);
  await main.getByLabel('Daily rate (£)', { exact: true }).fill(entry.dailyRate);
  await main.getByLabel('Category', { exact: true }).selectOption(entry.categoryId);
  await main.getByLabel('Minimum days', { exact: true }).fill(entry.minDays);
  await main.getByLabel('Maximum days', { exact: true }).fill(entry.maxDays);
  await main.getByLabel('Address', { exact: true }).fill(entry.address);
  await main.getByLabel('City', { exact: true }).fill(entry.city);
  await main.getByLabel('Postcode', { exact: true }).fill(entry.postcode);
}

/** One item in My Items, found by its heading. */
export function myItemCard(page: Page, name: string): Locator {
  return page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
}

/** A whole result card (with its price and city) in a grid, found by the link that names the item. */
export function gridCard(page: Page, name: string): Locator {
  return page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: startsWith(name) }) });
}

/** The signed-in owner's own calls, with the cookies of `requests` (a page's or a context of its own). */
export function ownerApi(requests: APIRequestContext, baseUrl: string) {
  // State-changing calls must name the app's origin, as the browser does.
  const headers = { origin: baseUrl };
  async function call<T>(
    method: string,
    path: string,
    body: { data?: unknown; multipart?: Record<string, { name: string; mimeType: string; buffer: Buffer }> } = {},
  ): Promise<T> {
    const res = await requests.fetch(`${baseUrl}${path}`, { method, headers, ...body });
    if (!res.ok()) throw new Error(`${method} ${path} answered ${res.status()}: ${await res.text()}`);
    return (await res.json()) as T;
  }
  const itemPath = (itemId: string) => `/api/items/${encodeURIComponent(itemId)}`;
  return {
    createItem: (input: ItemInput) => call<ItemDetail>('POST', '/api/items', { data: input }),
    addPhoto: async (itemId: string, photo: PhotoFile) =>
      call<ItemDetail>('POST', `${itemPath(itemId)}/images`, { multipart: { file: await photoPart(photo) } }),
    myItems: async () => (await call<{ items: OwnerItem[] }>('GET', '/api/me/items')).items,
    /** The status alone: for calls that must be refused. */
    async statusOf(method: 'PUT' | 'DELETE', itemId: string, input?: ItemInput): Promise<number> {
      const res = await requests.fetch(`${baseUrl}${itemPath(itemId)}`, { method, headers, ...(input ? { data: input } : {}) });
      return res.status();
    },
  };
}

/**
 * Lists an item for `account` straight through the API, with its photos, for journeys about what
 * comes after adding one. Returns the item as the API then shows it.
 */
export async function listItemThroughApi(
  baseUrl: string,
  account: Account,
  entry: ItemEntry,
  photos: readonly PhotoFile[] = [],
): Promise<ItemDetail> {
  const requests = await request.newContext();
  try {
    const signIn = await requests.post(`${baseUrl}/api/auth/sign-in/email`, {
      headers: { origin: baseUrl },
      data: { email: account.email, password: account.password },
    });
    if (!signIn.ok()) throw new Error(`Sign-in of ${account.email} answered ${signIn.status()}: ${await signIn.text()}`);
    const api = ownerApi(requests, baseUrl);
    let item = await api.createItem(inputOf(entry));
    for (const photo of photos) item = await api.addPhoto(item.id, photo);
    return item;
  } finally {
    await requests.dispose();
  }
}

/**
 * Holds every photo upload of `page` until `release` is called, so the journey can see the
 * progress while it is under way; afterwards uploads pass straight through.
 */
export async function holdPhotoUploads(page: Page): Promise<{ release(): void; count(): number }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let seen = 0;
  await page.route('**/api/items/*/images', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    seen += 1;
    await released;
    await route.continue();
  });
  return { release, count: () => seen };
}
