import { formatPence, GALLERY_IMAGE_SIZES, photoSrcSet, POPUP_FIRST_PAINT_ELEMENT_ID } from '@toolshed/core';
import type { ItemDetail } from '@toolshed/core/contract';

const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const attribute = (value: string) => text(value).replace(/"/g, '&quot;');

/** The gallery's previous and next buttons (image-gallery.tsx), drawn over the photo. */
const NAV_BUTTON =
  'rounded-full bg-white/95 px-3 py-2 text-sm font-medium text-slate-900 shadow ring-1 ring-slate-300 hover:bg-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-emerald-700';

/**
 * What the item popup shows first on a phone (the web app's item-dialog.tsx, the header of
 * item-detail-view.tsx and the top of image-gallery.tsx, with the same classes): the bar with Close,
 * the item's name and price, and its main photo, as plain HTML, so the photo is painted with the
 * page instead of after the app's code has run. Phones only (`md:hidden`), where the popup fills the
 * screen; a wider screen shows the popup over the page and waits for the app as before. Hidden from
 * assistive technology and inert: it is a picture of the popup until the app's own, which the app
 * opens over it and then removes it. Empty for an item without photos.
 */
export function popupFirstPaint(item: ItemDetail): string {
  const photo = item.images[0];
  if (!photo) return '';
  const srcset = photoSrcSet(photo);
  const image = [
    `src="${attribute(photo.url)}"`,
    ...(srcset ? [`srcset="${attribute(srcset)}"`, `sizes="${attribute(GALLERY_IMAGE_SIZES)}"`] : []),
    `alt=""`,
    `width="1200"`,
    `height="800"`,
    `fetchpriority="high"`,
    `class="aspect-[3/2] h-auto w-full object-cover"`,
  ].join(' ');
  const weekly =
    item.weeklyRatePence != null
      ? `<span class="block text-base font-medium text-emerald-900">${text(formatPence(item.weeklyRatePence))} per week</span>`
      : '';
  const arrows =
    item.images.length > 1
      ? `<span class="${NAV_BUTTON} absolute left-2 top-1/2 -translate-y-1/2"><span>‹ </span>Previous image</span>` +
        `<span class="${NAV_BUTTON} absolute right-2 top-1/2 -translate-y-1/2">Next image<span> ›</span></span>`
      : '';
  return (
    `<div id="${POPUP_FIRST_PAINT_ELEMENT_ID}" aria-hidden="true" class="fixed inset-0 z-50 overflow-hidden bg-white text-slate-900 md:hidden">` +
    `<div class="flex justify-end border-b border-slate-200 bg-white/95 px-4 py-2">` +
    `<span class="inline-block rounded-md border border-slate-400 bg-white px-4 py-1.5 font-medium text-slate-900">Close</span></div>` +
    `<div class="px-4 pb-6 pt-4"><div class="flex flex-col gap-6">` +
    `<div class="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">` +
    `<div class="min-w-0 text-2xl font-bold break-words text-slate-900">${text(item.name)}</div>` +
    `<div class="text-xl font-semibold text-emerald-800">${text(formatPence(item.dailyRatePence))} per day${weekly}</div></div>` +
    `<div class="w-full"><div class="flex flex-col gap-3"><div class="relative">` +
    `<span class="block w-full overflow-hidden rounded-lg bg-slate-100"><img ${image}></span>${arrows}` +
    `</div></div></div></div></div></div>`
  );
}
