import { describe, expect, it } from 'vitest';
import { SAMPLE_ITEMS } from '../sample-catalogue/items.ts';
import { sampleImageSvg } from '../sample-catalogue/sample-images.ts';
import { SAMPLE_DRAWINGS, samplePictureSvg } from './index.ts';
import { PARCEL } from './picture.ts';

const photos = SAMPLE_ITEMS.flatMap((item) => [0, 1, 2].map((index) => ({ item, index, svg: sampleImageSvg(item, index) })));

/** Checks that every tag is closed in order; returns the first problem found. */
function tagProblem(svg: string): string | undefined {
  const open: string[] = [];
  for (const [, close, name, self] of svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    if (self) continue;
    if (!close) open.push(name!);
    else if (open.pop() !== name) return `unexpected </${name}>`;
  }
  return open.length ? `unclosed <${open.at(-1)}>` : undefined;
}

describe('sample pictures', () => {
  it('has a drawing of its own for every item of the catalogue: none falls back to the parcel', () => {
    for (const item of SAMPLE_ITEMS) {
      expect(Object.hasOwn(SAMPLE_DRAWINGS, item.key), item.key).toBe(true);
      expect(sampleImageSvg(item, 0), item.key).not.toContain(PARCEL.draw());
    }
    expect(Object.keys(SAMPLE_DRAWINGS)).toHaveLength(SAMPLE_ITEMS.length);
  });

  it('no two items share a drawing', () => {
    const shapes = Object.values(SAMPLE_DRAWINGS).map((d) => d.draw());
    expect(new Set(Object.values(SAMPLE_DRAWINGS)).size).toBe(shapes.length);
    expect(new Set(shapes).size).toBe(shapes.length);
    for (const s of shapes) expect(s).not.toBe(PARCEL.draw());
  });

  it('only has drawings for items of the catalogue', () => {
    const keys = new Set(SAMPLE_ITEMS.map((i) => i.key));
    for (const key of Object.keys(SAMPLE_DRAWINGS)) expect(keys, key).toContain(key);
  });

  it('gives every item three photos, all pairwise different, each naming the item', () => {
    expect(photos).toHaveLength(SAMPLE_ITEMS.length * 3);
    expect(new Set(photos.map((p) => p.svg)).size).toBe(photos.length);
    for (const { item, index, svg } of photos) {
      expect(svg).toContain(`aria-label="${item.name.replace(/"/g, '&quot;')} – Photo ${index + 1} of 3"`);
      expect(svg).toContain('<g transform=');
    }
  });

  it('frames the three photos differently: studio backdrop, a scene, a close-up on the blurred scene', () => {
    for (const item of SAMPLE_ITEMS) {
      const [studio = '', inUse = '', closeUp = ''] = [0, 1, 2].map((i) => sampleImageSvg(item, i));
      expect(studio).toContain('fill="url(#st)"');
      expect(inUse).not.toContain('url(#st)');
      expect(inUse).not.toContain('filter=');
      expect(closeUp).toContain('filter="url(#bl)"');
      // The item's group follows its shadow.
      const scale = (svg: string) =>
        Math.abs(
          Number(/^<g transform="translate\([^)]*\) scale\((-?[\d.]+)/.exec(svg.slice(svg.indexOf('/>', svg.indexOf('url(#sh)')) + 2))![1]),
        );
      expect(scale(closeUp), item.key).toBeGreaterThan(scale(studio) * 1.5);
    }
  });

  it('are small, well-formed and self-contained: every reference defined once, nothing loaded, no text', () => {
    for (const { item, index, svg } of photos) {
      const where = `${item.key} #${index}`;
      expect(svg.length, where).toBeLessThan(12_000);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400"'), where).toBe(true);
      expect(tagProblem(svg), where).toBeUndefined();
      expect(svg, where).not.toMatch(/<text|<image|href=|@import|url\((?!#)|NaN|undefined/);
      const ids = [...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
      expect(new Set(ids).size, where).toBe(ids.length);
      for (const [, ref] of svg.matchAll(/url\(#([^)]+)\)/g)) expect(ids, `${where} uses #${ref}`).toContain(ref);
    }
  });

  it('draws a plain parcel for an unknown key', () => {
    const svg = samplePictureSvg('no-such-item', 0, 'garden-tools', 'Parcel');
    expect(svg).toContain(PARCEL.draw());
    expect(samplePictureSvg(undefined, 1, 'nowhere', 'Parcel')).toContain(PARCEL.draw());
  });
});
