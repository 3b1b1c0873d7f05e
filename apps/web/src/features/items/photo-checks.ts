import { MAX_IMAGE_BYTES, MAX_ITEM_IMAGES } from '@toolshed/core/contract';

/** The types the API accepts (it checks the bytes too; this only saves a pointless upload). */
export const ACCEPTED_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The server's own words, so a photo refused here reads the same as one refused there. */
export const PHOTO_MESSAGES = {
  type: 'Only JPEG, PNG and WebP images are accepted.',
  size: 'Each photo must be 5 MB or smaller.',
  count: `An item can have at most ${MAX_ITEM_IMAGES} photos.`,
} as const;

export interface CheckedPhoto {
  file: File;
  /** Why this file will not be uploaded; undefined when it will. */
  problem: string | undefined;
}

/**
 * Checks newly chosen files in order. `taken` counts the photos the item already has or will
 * have (kept photos and files already accepted); only files that pass take one of the free places.
 */
export function checkPhotos(files: readonly File[], taken: number): CheckedPhoto[] {
  let used = taken;
  return files.map((file) => {
    let problem: string | undefined;
    if (!(ACCEPTED_PHOTO_TYPES as readonly string[]).includes(file.type)) problem = PHOTO_MESSAGES.type;
    else if (file.size > MAX_IMAGE_BYTES) problem = PHOTO_MESSAGES.size;
    else if (used >= MAX_ITEM_IMAGES) problem = PHOTO_MESSAGES.count;
    else used += 1;
    return { file, problem };
  });
}
