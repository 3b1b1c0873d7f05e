import { IMAGE_SIGNATURE_LENGTH, sniffImage, type ImageKind } from '@toolshed/core';

/**
 * What a chosen file really is, read from its first bytes with the server's own rule: a text file
 * named fake.jpg is null, as is a file that cannot be read. Item photos and profile pictures use it
 * to refuse such a file the moment it is chosen.
 */
export async function readImageKind(file: Blob): Promise<ImageKind | null> {
  try {
    return sniffImage(new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_LENGTH).arrayBuffer()));
  } catch {
    return null;
  }
}
