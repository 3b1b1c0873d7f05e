import sharp from 'sharp';
import { AppError } from '@toolshed/core';
import { createSemaphore } from './semaphore.ts';

/** 40 megapixels (8000 x 5000): more than any phone camera; a 16000 x 16000 'pixel bomb' is refused. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export const TOO_MANY_PIXELS_MESSAGE = 'This photo has too many pixels: at most 40 megapixels (for example 8000 x 5000).';

/** Two photos are decoded at a time in this process; up to 16 more wait. */
export const imageProcessing = createSemaphore(2, 16);

/**
 * Reads only the image's header (milliseconds, whatever the pixel count) and refuses an image too
 * large to decode safely before any pixel is decoded.
 */
export async function checkImageDimensions(
  data: Buffer,
  field = 'file',
  unreadable = 'This image could not be read. Please try another file.',
): Promise<void> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(data).metadata());
  } catch {
    throw new AppError('VALIDATION', unreadable, field);
  }
  if (!width || !height) throw new AppError('VALIDATION', unreadable, field);
  if (width * height > MAX_IMAGE_PIXELS) throw new AppError('VALIDATION', TOO_MANY_PIXELS_MESSAGE, field);
}
