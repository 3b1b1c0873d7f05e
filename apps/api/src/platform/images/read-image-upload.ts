import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@toolshed/core';
import { MAX_IMAGE_BYTES } from '@toolshed/core/contract';
import { checkImageDimensions } from './image-limits.ts';
import { sniffImage } from './sniff-image.ts';

export const PHOTO_TOO_LARGE_MESSAGE = 'Each photo must be 5 MB or smaller.';
const UNREADABLE_UPLOAD = 'The upload could not be read. Please choose the photo again.';

function uploadError(err: unknown, tooLarge: string): AppError {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; statusCode?: number };
  if (e.code === 'FST_REQ_FILE_TOO_LARGE' || e.statusCode === 413) return new AppError('PAYLOAD_TOO_LARGE', tooLarge, 'file');
  // Malformed multipart (no boundary, a broken part header, a body cut short), too many parts or fields.
  return new AppError('VALIDATION', UNREADABLE_UPLOAD, 'file');
}

/**
 * The one way an uploaded image is read: multipart field "file", refused whole when it is one byte over
 * `maxBytes` (never truncated and kept), and refused before decoding when it has too many pixels.
 */
export async function readImageUpload(
  request: FastifyRequest,
  options: { maxBytes?: number; tooLargeMessage?: string; missingMessage?: string; unreadableMessage?: string } = {},
): Promise<Buffer> {
  const maxBytes = options.maxBytes ?? MAX_IMAGE_BYTES;
  const tooLarge = options.tooLargeMessage ?? PHOTO_TOO_LARGE_MESSAGE;
  const missing = options.missingMessage ?? 'Please choose a photo to upload.';
  if (!request.isMultipart())
    throw new AppError('VALIDATION', options.missingMessage ?? 'Send the photo as multipart/form-data in a field named "file".', 'file');
  let data: Buffer;
  try {
    const file = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6, headerPairs: 50 } });
    if (!file) throw new AppError('VALIDATION', missing, 'file');
    data = await file.toBuffer();
    // busboy stops at the limit and marks the stream truncated: what was read is not the photo.
    if (file.file.truncated || data.length > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', tooLarge, 'file');
  } catch (err) {
    throw uploadError(err, tooLarge);
  }
  if (data.length === 0) throw new AppError('VALIDATION', missing, 'file');
  // Not one of our formats: the caller refuses it with its own words.
  if (sniffImage(data)) await checkImageDimensions(data, 'file', options.unreadableMessage);
  return data;
}
