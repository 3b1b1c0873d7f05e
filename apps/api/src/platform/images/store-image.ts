import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { FileStorage } from '../storage/file-storage.ts';
import { imageProcessing, MAX_IMAGE_PIXELS } from './image-limits.ts';

export const LARGE_WIDTH = 1200;
export const THUMB_WIDTH = 400;

export interface StoredImage {
  /** Also the image's row id, so a URL names its image. */
  id: string;
  largeKey: string;
  thumbKey: string;
  width: number;
  height: number;
}

/**
 * Turns one source image into the two stored sizes (WebP, metadata stripped: sharp drops EXIF/GPS
 * unless asked to keep it) and stores both under a fresh key, so URLs can be cached forever.
 * Decoding waits for a slot (two at a time) and refuses more than MAX_IMAGE_PIXELS.
 */
export async function storeItemImage(
  storage: FileStorage,
  itemId: string,
  source: Buffer,
  folder: 'items' | 'avatars' | 'private/handovers' | 'private/claims' = 'items',
): Promise<StoredImage> {
  const { large, thumb } = await imageProcessing.run(async () => {
    const base = sharp(source, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
    return {
      large: await base
        .clone()
        .resize({ width: LARGE_WIDTH, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true }),
      thumb: await base.clone().resize({ width: THUMB_WIDTH, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer(),
    };
  });
  const id = randomUUID();
  const largeKey = `${folder}/${itemId}/${id}-large.webp`;
  const thumbKey = `${folder}/${itemId}/${id}-thumb.webp`;
  await storage.put(largeKey, large.data);
  await storage.put(thumbKey, thumb);
  return { id, largeKey, thumbKey, width: large.info.width, height: large.info.height };
}
