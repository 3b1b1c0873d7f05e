/**
 * 600x400 pictures of sample items: a drawing of the item itself (sample-pictures/, drawn by this
 * project's own code and under its licence) in three photos: a studio shot, the item in use or in
 * place, and a close-up. Pure string building, so the API seed can rasterise the same picture the
 * web app shows as a data URL in Mock Data mode; nothing is fetched.
 */
import { samplePictureSvg } from './sample-pictures/index.ts';

export interface PlaceholderImageOptions {
  title: string;
  subtitle: string;
  categoryId: string;
  variant: 0 | 1 | 2;
  /** The sample item's key, which picks its drawing; without one (or an unknown one) a plain parcel. */
  itemKey?: string;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

export function placeholderImageSvg(opts: PlaceholderImageOptions): string {
  return samplePictureSvg(opts.itemKey, opts.variant, opts.categoryId, escapeXml(`${opts.title} – ${opts.subtitle}`));
}

export function placeholderImageDataUrl(opts: PlaceholderImageOptions): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(placeholderImageSvg(opts))}`;
}
