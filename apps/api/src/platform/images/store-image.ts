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

/** An image in the two stored sizes, before it is stored. */
export interface ProcessedImage {
  large: { data: Buffer; info: { width: number; height: number } };
  thumb: Buffer;
}

type ImageFolder = 'items' | 'avatars' | 'private/handovers' | 'private/claims';

/**
 * Turns one source image into the two stored sizes (WebP, metadata stripped: sharp drops EXIF/GPS
 * unless asked to keep it) and stores both under a fresh key, so URLs can be cached forever.
 * Decoding waits for a slot (two at a time) and refuses more than MAX_IMAGE_PIXELS.
 */
export async function storeItemImage(
  storage: FileStorage,
  itemId: string,
  source: Buffer,
  folder: ImageFolder = 'items',
): Promise<StoredImage> {
  return storeProcessedImage(storage, itemId, await processImage(source), folder);
}

/** The two sizes of a source image (see `storeItemImage`), for storing once or under several items. */
export async function processImage(source: Buffer): Promise<ProcessedImage> {
  return imageProcessing.run(async () => {
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
}

/** Stores a processed image's two sizes under a fresh key of the item (or user, handover, claim). */
export async function storeProcessedImage(
  storage: FileStorage,
  itemId: string,
  { large, thumb }: ProcessedImage,
  folder: ImageFolder = 'items',
): Promise<StoredImage> {
  const id = randomUUID();
  const largeKey = `${folder}/${itemId}/${id}-large.webp`;
  const thumbKey = `${folder}/${itemId}/${id}-thumb.webp`;
  await storage.put(largeKey, large.data);
  await storage.put(thumbKey, thumb);
  return { id, largeKey, thumbKey, width: large.info.width, height: large.info.height };
}
