import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_IMAGE_SIZES,
  FIRST_SCREEN_ELEMENT_ID,
  GALLERY_IMAGE_SIZES,
  POPUP_FIRST_PAINT_ELEMENT_ID,
  type FirstScreenData,
} from '@toolshed/core';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { addImage, createItem, createUser, insertCategories } from '../../test/factories.ts';

/** Shaped like the build's index.html: viewport meta, the categories fetch preload, the app's script. */
const INDEX_HTML = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Toolshed</title>
    <link rel="preload" href="/api/categories" as="fetch" crossorigin="anonymous" />
    <script type="module" crossorigin src="/assets/index-Abc123de.js"></script>
  </head>
  <body class="bg-stone-50">
    <div id="root"></div>
  </body>
</html>
`;
/** Shaped like the build's .vite/manifest.json: the popup imports the entry and a shared chunk, which imports another. */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-Abc123de.js',
    src: 'index.html',
    isEntry: true,
    dynamicImports: ['src/features/item-detail/item-detail-popup.tsx'],
  },
  'src/features/item-detail/item-detail-popup.tsx': {
    file: 'assets/item-detail-popup-Pop123.js',
    src: 'src/features/item-detail/item-detail-popup.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_public-location-Loc123.js'],
    dynamicImports: ['src/features/item-detail/location-map.tsx'],
    css: ['assets/item-detail-popup-Css123.css'],
  },
  '_public-location-Loc123.js': { file: 'assets/public-location-Loc123.js', imports: ['_postcode-Pc123.js', 'index.html'] },
  '_postcode-Pc123.js': { file: 'assets/postcode-Pc123.js' },
  'src/features/item-detail/location-map.tsx': { file: 'assets/location-map-Map123.js', isDynamicEntry: true, imports: ['index.html'] },
};
const HOSTILE_NAME = 'Saw </script><script>alert(1)</script> <!-- kit';

let ctx: TestContext;
let distDir: string;
let hostileId: string;
let drillId: string;

/** The embedded data of a page, or null when it has none. */
function embedded(html: string): FirstScreenData | null {
  const match = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">(.*?)</script>`, 's').exec(html);
  return match ? (JSON.parse(match[1]!) as FirstScreenData) : null;
}

const page = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const api = async (url: string) => (await page(url)).json() as unknown;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'toolshed-shell-'));
  await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
  await mkdir(path.join(distDir, '.vite'));
  await writeFile(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  ctx = await createTestApp({ env: { WEB_DIST_DIR: distDir } });
  const db = ctx.database.db;
  await insertCategories(db);
  const owner = await createUser(db);
  const drill = await createItem(db, owner.id);
  await addImage(db, drill.id, 0);
  await addImage(db, drill.id, 1);
  const hostile = await createItem(db, owner.id, { name: HOSTILE_NAME, categoryId: 'garden-tools' });
  await addImage(db, hostile.id, 0);
  drillId = drill.id;
  hostileId = hostile.id;
});

afterAll(async () => {
  await ctx?.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('the HTML of a browse address', () => {
  it('embeds the categories and the items page exactly as the API answers them for /category/all', async () => {
    const res = await page('/category/all');
    expect(res.statusCode).toBe(200);
    const data = embedded(res.body)!;
    expect(data.categories).toEqual(await api('/api/categories'));
    expect(data.items).toEqual({ categoryId: 'all', query: '', page: await api('/api/categories/all/items') });
    expect(data.items!.page.items.map((i) => i.id)).toEqual([hostileId, drillId]);
    expect(data.item).toBeUndefined();
    // The embedded answer replaces the categories request the plain page starts.
    expect(res.body).not.toContain('href="/api/categories"');
  });

  it('embeds the page the address filters ask for, under the query the web app keys it by', async () => {
    const res = await page('/category/power-tools?page=1&utm_source=mail&search=%20drill%20&maxPrice=');
    const data = embedded(res.body)!;
    expect(data.items!.query).toBe('search=drill&page=1');
    expect(data.items!.page).toEqual(await api('/api/categories/power-tools/items?search=drill&page=1'));
    expect(data.items!.page.items.map((i) => i.id)).toEqual([drillId]);
  });

  it('embeds no items for an unknown category or invalid filters, and the categories still', async () => {
    for (const url of ['/category/no-such-category', '/category/all?maxPrice=lots', '/category/all?page=0']) {
      const data = embedded((await page(url)).body)!;
      expect(data.categories.categories.length).toBeGreaterThan(0);
      expect(data.items).toBeUndefined();
    }
  });

  it('writes < inside the data as \\u003c, so an item name cannot end the script', async () => {
    const html = (await page('/category/garden-tools')).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!-- kit');
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the app's script and the data's own end
    expect(embedded(html)!.items!.page.items[0]!.name).toBe(HOSTILE_NAME);
  });

  it('preloads the first card photo with the srcset and sizes of its <img>, at high priority', async () => {
    const html = (await page('/category/all')).body;
    const links = html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(links).toHaveLength(2);
    const thumb = `/media/items/${hostileId}/0-thumb.webp`;
    expect(links[0]).toBe(
      `<link rel="preload" as="image" href="${thumb}" imagesrcset="${thumb} 400w, /media/items/${hostileId}/0-large.webp 1200w" imagesizes="${CARD_IMAGE_SIZES}" fetchpriority="high">`,
    );
    // The second card is on the first screen only where the grid has two columns or more.
    expect(links[1]).toContain('media="(min-width: 640px)"');
    expect(links[1]).not.toContain('fetchpriority');
    // After the viewport meta, so sizes and media are read against the phone's width.
    expect(html.indexOf(links[0]!)).toBeGreaterThan(html.indexOf('name="viewport"'));
  });

  it("embeds a popup deep link's item as any visitor sees it and preloads its main photo", async () => {
    const html = (await page(`/category/all/item/${drillId}`)).body;
    const data = embedded(html)!;
    const fromApi = (await api(`/api/items/${drillId}`)) as Record<string, unknown>;
    expect(data.item).toEqual(fromApi);
    expect(data.item!.location.address).toBeNull();
    expect(data.items!.categoryId).toBe('all');
    const links = html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(links).toEqual([
      `<link rel="preload" as="image" href="/media/items/${drillId}/0-large.webp" imagesrcset="/media/items/${drillId}/0-thumb.webp 400w, /media/items/${drillId}/0-large.webp 1200w" imagesizes="${GALLERY_IMAGE_SIZES}" fetchpriority="high">`,
    ]);
  });

  it("draws the popup's top for a phone in the HTML: the item's name, price and main photo with its <img>'s srcset and sizes", async () => {
    const html = (await page(`/category/all/item/${drillId}`)).body;
    const item = embedded(html)!.item!;
    const drawing = new RegExp(
      `<div id="${POPUP_FIRST_PAINT_ELEMENT_ID}" aria-hidden="true" class="[^"]*md:hidden[^"]*">.*?</div></div></div></div></div></div>`,
    ).exec(html)?.[0];
    expect(drawing).toBeDefined();
    expect(drawing).toContain(`>${item.name}</div>`);
    expect(drawing).toContain(`£${(item.dailyRatePence / 100).toFixed(2)} per day`);
    expect(drawing).toContain(
      `<img src="/media/items/${drillId}/0-large.webp" srcset="/media/items/${drillId}/0-thumb.webp 400w, /media/items/${drillId}/0-large.webp 1200w" sizes="${GALLERY_IMAGE_SIZES}" alt="" width="1200" height="800" fetchpriority="high"`,
    );
    // Two photos: the gallery's arrows are drawn too; nothing in it can take focus.
    expect(drawing).toContain('Next image');
    expect(drawing).not.toMatch(/<(a|button|input)\b|tabindex/);
    // Before the data, which the app reads.
    expect(html.indexOf(POPUP_FIRST_PAINT_ELEMENT_ID)).toBeLessThan(html.indexOf(`id="${FIRST_SCREEN_ELEMENT_ID}"`));
  });

  it('escapes the item name in the drawing of the popup', async () => {
    const html = (await page(`/category/garden-tools/item/${hostileId}`)).body;
    expect(html).toContain('Saw &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;!-- kit');
    expect(html).not.toContain(HOSTILE_NAME);
  });

  it('draws no popup on a browse page, for a request with a cookie or for an unknown item', async () => {
    for (const [url, headers] of [
      ['/category/all', {}],
      [`/category/all/item/${drillId}`, { cookie: 'session=anything' }],
      ['/category/all/item/00000000-0000-4000-8000-000000000000', {}],
    ] as const) {
      expect((await page(url, headers)).body).not.toContain(POPUP_FIRST_PAINT_ELEMENT_ID);
    }
  });

  it('leaves the item out when the request carries a cookie (its owner is answered with the address)', async () => {
    const data = embedded((await page(`/category/all/item/${drillId}`, { cookie: 'session=anything' })).body)!;
    expect(data.item).toBeUndefined();
    expect(data.items).toBeDefined();
  });

  it("still serves an unknown item's deep link, without an item", async () => {
    const res = await page('/category/all/item/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(200);
    expect(embedded(res.body)!.item).toBeUndefined();
  });

  it('is revalidated on every visit, keeps the security headers and goes out compressed', async () => {
    const res = await page('/category/all', { 'accept-encoding': 'br' });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-encoding']).toBe('br');
    expect(embedded(brotliDecompressSync(res.rawPayload).toString())).not.toBeNull();
  });

  it("answers / with All Items' first screen", async () => {
    const data = embedded((await page('/?search=ignored')).body)!;
    expect(data.items).toMatchObject({ categoryId: 'all', query: '' });
  });
});

describe("the popup's code on a popup deep link", () => {
  const modulePreloads = (html: string) => html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];

  it("is preloaded with the page: the popup's chunk, the chunks it imports and its styles, after the entry script and the stylesheet", async () => {
    for (const headers of [{}, { cookie: 'session=anything' }] as Array<Record<string, string>>) {
      const html = (await page(`/category/power-tools/item/${drillId}?search=drill`, headers)).body;
      expect(modulePreloads(html)).toEqual([
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/item-detail-popup-Pop123.js">',
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/public-location-Loc123.js">',
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/postcode-Pc123.js">',
      ]);
      expect(html).toContain('<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/item-detail-popup-Css123.css">');
      // The entry is already the page's script, and the map is imported only when the popup shows it.
      expect(html).not.toContain('rel="modulepreload" crossorigin fetchpriority="low" href="/assets/index-');
      expect(html).not.toContain('location-map');
      expect(html.indexOf(modulePreloads(html)[0]!)).toBeGreaterThan(html.indexOf('<script type="module"'));
      // After the stylesheet too, which the first paint waits for: at the end of the head.
      expect(html).toMatch(/item-detail-popup-Css123\.css">\s*<\/head>/);
      expect(embedded(html)).not.toBeNull();
    }
  });

  it('is not preloaded on a browse page nor on other addresses', async () => {
    for (const url of ['/category/all', '/', '/login']) {
      const html = (await page(url)).body;
      expect(modulePreloads(html)).toEqual([]);
      expect(html).not.toContain('item-detail-popup');
    }
  });

  it('is named by a manifest the server keeps to itself', async () => {
    const res = await page('/.vite/manifest.json');
    expect(res.body).not.toContain('item-detail-popup');
  });
});

describe('other addresses', () => {
  it("get index.html as built, with no data (and so does /index.html, the service worker's shell)", async () => {
    for (const url of ['/login', '/owner/abc', '/help?x=1', '/index.html']) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX_HTML);
    }
  });

  it('are unaffected under /api', async () => {
    expect((await page('/api/no-such-route')).statusCode).toBe(404);
  });
});
