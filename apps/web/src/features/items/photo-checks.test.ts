import { MAX_IMAGE_BYTES } from '@toolshed/core/contract';
import { describe, expect, it } from 'vitest';
import { checkPhotos, PHOTO_MESSAGES } from './photo-checks.ts';

function file(name: string, type: string, size = 1000): File {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

describe('checkPhotos', () => {
  it('accepts JPEG, PNG and WebP up to 5 MB and says why anything else is refused', () => {
    const result = checkPhotos(
      [
        file('a.jpg', 'image/jpeg'),
        file('b.gif', 'image/gif'),
        file('c.png', 'image/png', MAX_IMAGE_BYTES + 1),
        file('d.webp', 'image/webp', MAX_IMAGE_BYTES),
      ],
      0,
      ['jpeg', null, 'png', 'webp'],
    );
    expect(result.map((r) => r.problem)).toEqual([undefined, PHOTO_MESSAGES.type, PHOTO_MESSAGES.size, undefined]);
  });

  it('refuses a file whose bytes are not an image, whatever its name and type say', () => {
    const result = checkPhotos([file('fake.jpg', 'image/jpeg'), file('real.jpg', 'image/jpeg')], 0, [null, 'jpeg']);
    expect(result.map((r) => r.problem)).toEqual([PHOTO_MESSAGES.notImage, undefined]);
  });

  it('refuses files beyond eight photos in total, counting only the files that pass', () => {
    const result = checkPhotos(
      [file('bad.txt', 'text/plain'), file('1.jpg', 'image/jpeg'), file('2.jpg', 'image/jpeg'), file('3.jpg', 'image/jpeg')],
      6,
      [null, 'jpeg', 'jpeg', 'jpeg'],
    );
    expect(result.map((r) => r.problem)).toEqual([PHOTO_MESSAGES.type, undefined, undefined, 'An item can have at most 8 photos.']);
  });
});
