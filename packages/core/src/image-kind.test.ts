import { describe, expect, it } from 'vitest';
import { sniffImage } from './image-kind.ts';

const bytes = (...parts: Array<number[] | string>) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffImage', () => {
  it('knows JPEG, PNG and WebP by their first bytes', () => {
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImage(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('png');
    expect(sniffImage(bytes('RIFF', [0x24, 0, 0, 0], 'WEBP', 'VP8 '))).toBe('webp');
  });

  it('refuses text named like a picture, GIF, other RIFF files and files too short to tell', () => {
    expect(sniffImage(bytes('this is not a jpeg\n'))).toBeNull();
    expect(sniffImage(bytes('GIF89a', [1, 0, 1, 0]))).toBeNull();
    expect(sniffImage(bytes('RIFF', [0x24, 0, 0, 0], 'WAVE'))).toBeNull();
    expect(sniffImage(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffImage(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a]))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });
});
