import { describe, expect, it } from 'vitest';
import { imageIdFromUrl } from './image-id.ts';

describe('imageIdFromUrl', () => {
  it.each([
    ['/media/items/item-1/3f2a9c1e-0b7d-4e55-9a10-2c6c0f8e4d11-large.webp', '3f2a9c1e-0b7d-4e55-9a10-2c6c0f8e4d11'],
    ['/media/items/item-1/abc-thumb.webp', 'abc'],
    ['https://cdn.example.com/media/items/i/photo-7-large.webp?v=2', 'photo-7'],
  ])('takes the id out of %s', (url, id) => {
    expect(imageIdFromUrl(url)).toBe(id);
  });

  it('gives nothing for a URL that does not name a stored photo', () => {
    expect(imageIdFromUrl('/media/items/item-1/cover.jpg')).toBeUndefined();
    expect(imageIdFromUrl('')).toBeUndefined();
  });
});
