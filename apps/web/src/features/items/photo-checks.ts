import type { ImageKind } from '@toolshed/core';
import { MAX_IMAGE_BYTES, MAX_ITEM_IMAGES } from '@toolshed/core/contract';

/** The types the API accepts (it checks the bytes too; this only saves a pointless upload). */
export const ACCEPTED_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * Why a chosen photo is refused. Type, size and count are the server's own words, so a photo
 * refused here reads the same as one refused there; `notImage` is for a file whose bytes are not a
 * picture whatever its name (the server refuses it too, but only after the item is saved).
 */
export const PHOTO_MESSAGES = {
  type: 'Only JPEG, PNG and WebP images are accepted.',
  notImage: 'Its contents are not a JPEG, PNG or WebP image, whatever its name says.',
  size: 'Each photo must be 5 MB or smaller.',
  count: `An item can have at most ${MAX_ITEM_IMAGES} photos.`,
} as const;

export interface CheckedPhoto {
  file: File;
  /** Why this file will not be uploaded; undefined when it will. */
  problem: string | undefined;
}

/**
 * Checks newly chosen files in order, given what each one's bytes are (`kinds`, from
 * `readImageKind`). `taken` counts the photos the item already has or will have (kept photos
 * and files already accepted); only files that pass take one of the free places.
 */
export function checkPhotos(files: readonly File[], taken: number, kinds: readonly (ImageKind | null)[]): CheckedPhoto[] {
  let used = taken;
  return files.map((file, i) => {
    let problem: string | undefined;
    if (!(ACCEPTED_PHOTO_TYPES as readonly string[]).includes(file.type)) problem = PHOTO_MESSAGES.type;
    else if (!kinds[i]) problem = PHOTO_MESSAGES.notImage;
    else if (file.size > MAX_IMAGE_BYTES) problem = PHOTO_MESSAGES.size;
    else if (used >= MAX_ITEM_IMAGES) problem = PHOTO_MESSAGES.count;
    else used += 1;
    return { file, problem };
  });
}
