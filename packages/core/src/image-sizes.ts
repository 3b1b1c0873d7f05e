/**
 * How the web app asks for the API's photos (a 400 px thumbnail and a 1200 px large WebP of each).
 * The server's image preloads use the same strings: a preload whose srcset or sizes differ from the
 * <img> it is meant for is not reused, and the browser downloads the photo twice.
 */

/** One column on a phone, up to four on a wide screen. */
export const CARD_IMAGE_SIZES = '(min-width: 1280px) 300px, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 100vw';

/** The item popup's main photo. */
export const GALLERY_IMAGE_SIZES = '(min-width: 768px) 672px, 100vw';

/** Both sizes of a photo; none when there is only one (Mock Data draws one picture for both). */
export function photoSrcSet(image: { url: string; thumbUrl: string }): string | undefined {
  return image.thumbUrl !== image.url ? `${image.thumbUrl} 400w, ${image.url} 1200w` : undefined;
}
