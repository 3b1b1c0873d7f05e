import { crc32 } from 'node:zlib';
import sharp from 'sharp';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0);
  return Buffer.concat([length, typeAndData, crc]);
}

/** A small, valid PNG photo (noise, so it is not trivially compressible). */
export async function smallPng(width = 64, height = 48): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/**
 * A valid PNG of exactly `bytes` bytes: a small picture plus a text chunk (with a correct CRC) that
 * pads it, so the size limit can be tested to the byte with a file every decoder accepts.
 */
export async function pngOfExactSize(bytes: number): Promise<Buffer> {
  const base = await smallPng();
  const iend = base.length - 12; // the IEND chunk is the last 12 bytes
  const padding = bytes - base.length - 12 - 'comment\0'.length;
  if (padding < 0) throw new Error(`cannot make a PNG as small as ${bytes} bytes`);
  const text = chunk('tEXt', Buffer.concat([Buffer.from('comment\0', 'latin1'), Buffer.alloc(padding, 0x61)]));
  const png = Buffer.concat([base.subarray(0, iend), text, base.subarray(iend)]);
  if (png.length !== bytes) throw new Error('size arithmetic is wrong');
  return png;
}

/**
 * A 'pixel bomb': a small PNG made by sharp whose header claims `width` x `height` (16000 x 16000 is
 * 256 megapixels). A decoder that trusts the header allocates for all of them.
 */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await smallPng(16, 16));
  // Signature (8) + IHDR length (4) + 'IHDR' (4): width and height follow, then 5 bytes, then the CRC.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}
