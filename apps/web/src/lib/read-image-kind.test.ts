import { describe, expect, it } from 'vitest';
import { readImageKind } from './read-image-kind.ts';

describe('readImageKind', () => {
  it("reads a file's first bytes, not its name or type", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    expect(await readImageKind(new File([png], 'photo.txt', { type: 'text/plain' }))).toBe('png');
    expect(await readImageKind(new File(['just some notes\n'], 'fake.jpg', { type: 'image/jpeg' }))).toBeNull();
    expect(await readImageKind(new File([], 'empty.png', { type: 'image/png' }))).toBeNull();
  });
});
