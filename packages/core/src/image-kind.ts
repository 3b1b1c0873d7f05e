/** The image formats Toolshed accepts for item photos and profile pictures. */
export type ImageKind = 'jpeg' | 'png' | 'webp';

/** How many leading bytes `sniffImage` needs to tell every accepted format. */
export const IMAGE_SIGNATURE_LENGTH = 12;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/**
 * What a file really is, from its first bytes (magic numbers), whatever its name or type claims:
 * JPEG (FF D8 FF), PNG (89 'PNG' 0D 0A 1A 0A) or WebP ('RIFF', four bytes of size, 'WEBP').
 * Anything else, GIF included, is null. The server decides with this, and the browser checks a
 * chosen file with it too, so both accept and refuse the same files.
 */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= IMAGE_SIGNATURE_LENGTH && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  return null;
}
