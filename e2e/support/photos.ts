import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

export interface PhotoFile {
  path: string;
  name: string;
  mimeType: 'image/jpeg' | 'image/png';
}

/** Distinct colours, so two photos of one item are not the same bytes. */
const COLOURS = [
  { r: 34, g: 139, b: 34 },
  { r: 205, g: 92, b: 0 },
  { r: 70, g: 90, b: 180 },
  { r: 160, g: 40, b: 120 },
];

/**
 * Real image files made at run time (the API reads the bytes, not the name): a coloured 600x400
 * picture with a lighter band, alternating JPEG and PNG. Nothing binary lives in the repository.
 */
export async function makePhotos(count: number, label = 'photo'): Promise<{ files: PhotoFile[]; cleanUp(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'toolshed-photos-'));
  const files: PhotoFile[] = [];
  for (let i = 0; i < count; i++) {
    const background = COLOURS[i % COLOURS.length]!;
    const band = await sharp({ create: { width: 600, height: 80, channels: 3, background: { r: 245, g: 245, b: 235 } } })
      .png()
      .toBuffer();
    const picture = sharp({ create: { width: 600, height: 400, channels: 3, background } }).composite([
      { input: band, top: 160 + i * 20, left: 0 },
    ]);
    const png = i % 2 === 1;
    const name = `${label}-${i + 1}.${png ? 'png' : 'jpg'}`;
    const file = path.join(dir, name);
    await (png ? picture.png() : picture.jpeg({ quality: 80 })).toFile(file);
    files.push({ path: file, name, mimeType: png ? 'image/png' : 'image/jpeg' });
  }
  return { files, cleanUp: () => rm(dir, { recursive: true, force: true }) };
}

/** The file as a multipart part for an API request. */
export async function photoPart(photo: PhotoFile): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  return { name: photo.name, mimeType: photo.mimeType, buffer: await readFile(photo.path) };
}
