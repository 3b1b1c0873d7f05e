import { placeholderImageDataUrl, placeholderImageSvg, type PlaceholderImageOptions } from '../placeholder-image.ts';
import type { SampleItem } from './types.ts';

/** Every sample item has this many pictures, each a different variant of its placeholder. */
export const SAMPLE_IMAGE_COUNT = 3;

type Pictured = Pick<SampleItem, 'key' | 'name' | 'categoryId' | 'pictureKey'>;

function options(item: Pictured, index: number): PlaceholderImageOptions {
  if (!Number.isInteger(index) || index < 0 || index >= SAMPLE_IMAGE_COUNT) throw new RangeError(`No sample image ${index}`);
  return {
    title: item.name,
    subtitle: `Photo ${index + 1} of ${SAMPLE_IMAGE_COUNT}`,
    categoryId: item.categoryId,
    variant: index as PlaceholderImageOptions['variant'],
    itemKey: item.pictureKey ?? item.key,
  };
}

/** The SVG the seed rasterises for picture `index` (0-based). */
export function sampleImageSvg(item: Pictured, index: number): string {
  return placeholderImageSvg(options(item, index));
}

export function sampleImageDataUrl(item: Pictured, index: number): string {
  return placeholderImageDataUrl(options(item, index));
}

export function sampleImageAlt(name: string, index: number): string {
  return `${name} – photo ${index + 1} of ${SAMPLE_IMAGE_COUNT}`;
}
