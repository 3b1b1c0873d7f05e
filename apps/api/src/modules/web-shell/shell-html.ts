import { CARD_IMAGE_SIZES, FIRST_SCREEN_ELEMENT_ID, GALLERY_IMAGE_SIZES, photoSrcSet, type FirstScreenData } from '@toolshed/core';
import { popupFirstPaint } from './popup-first-paint.ts';

interface ImagePreload {
  href: string;
  srcset: string | undefined;
  sizes: string;
  /** Only where the photo is on the first screen (the grid has more columns on wider screens). */
  media?: string;
  high: boolean;
}

/** The grid shows 1, 2, 3 or 4 cards in its first row (item-results.tsx: sm, lg and xl columns). */
const FIRST_ROW_MEDIA = [undefined, '(min-width: 640px)', '(min-width: 1024px)', '(min-width: 1280px)'];

/**
 * The photos the first screen shows: a popup's main photo, or the cards of the grid's first row,
 * with the same srcset and sizes as their <img>, so the browser reuses the preloaded download.
 */
function imagePreloads(data: FirstScreenData): ImagePreload[] {
  const photo = data.item?.images[0];
  if (photo) return [{ href: photo.url, srcset: photoSrcSet(photo), sizes: GALLERY_IMAGE_SIZES, high: true }];
  if (data.item || !data.items) return [];
  return data.items.page.items.slice(0, FIRST_ROW_MEDIA.length).flatMap((card, i) => {
    if (!card.image) return [];
    const media = FIRST_ROW_MEDIA[i];
    return [
      { href: card.image.thumbUrl, srcset: photoSrcSet(card.image), sizes: CARD_IMAGE_SIZES, ...(media ? { media } : {}), high: i === 0 },
    ];
  });
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function preloadTag(p: ImagePreload): string {
  const parts = [`rel="preload"`, `as="image"`, `href="${attribute(p.href)}"`];
  if (p.srcset) parts.push(`imagesrcset="${attribute(p.srcset)}"`, `imagesizes="${attribute(p.sizes)}"`);
  if (p.media) parts.push(`media="${attribute(p.media)}"`);
  if (p.high) parts.push(`fetchpriority="high"`);
  return `<link ${parts.join(' ')}>`;
}

/**
 * JSON for a data script: `<` written as \u003c, so no text in it (an item called
 * "</script><script>...") can end the element or open a comment; JSON.parse reads it back unchanged.
 */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The built page's fetch preload of the categories, which the embedded answer replaces. */
const CATEGORIES_PRELOAD = /<link\b[^>]*\bhref="\/api\/categories"[^>]*>\s*/;

/**
 * Where the preloads go: right after the viewport meta, so the media queries and sizes are read
 * against the phone's width (not the 980 px a page has without one), and before scripts and styles.
 */
const VIEWPORT_META = /<meta\b[^>]*\bname="viewport"[^>]*>/i;

/**
 * The built index.html with the first screen's photo preloads early in the head and its data as a
 * JSON script at the end of the body; on a popup deep link, the popup's first paint on a phone
 * (popup-first-paint.ts) just before the data.
 * The data is inert: a JSON script is not run, so the script-src policy is unaffected.
 */
export function renderShell(template: string, data: FirstScreenData): string {
  const preloads = imagePreloads(data).map(preloadTag).join('');
  const popup = data.item ? popupFirstPaint(data.item) : '';
  const json = `${popup}<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${scriptSafeJson(data)}</script>`;
  const after = VIEWPORT_META.test(template) ? VIEWPORT_META : /<head>/i;
  return template
    .replace(CATEGORIES_PRELOAD, '')
    .replace(after, (tag) => `${tag}${preloads}`)
    .replace(/<\/body>/i, (end) => `${json}${end}`);
}
