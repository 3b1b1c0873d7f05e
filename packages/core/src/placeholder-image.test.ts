import { describe, expect, it } from 'vitest';
import { escapeXml, placeholderImageDataUrl, placeholderImageSvg, type PlaceholderImageOptions } from './placeholder-image.ts';
import { SAMPLE_DRAWINGS, samplePictureSvg } from './sample-pictures/index.ts';
import { PARCEL } from './sample-pictures/picture.ts';

const base: PlaceholderImageOptions = {
  title: 'Cordless Combi Drill',
  subtitle: 'Photo 1 of 3',
  categoryId: 'power-tools',
  variant: 0,
  itemKey: 'power-drill-1',
};

/** The item's own group, which follows its ground shadow: its transform and its shapes. */
function itemGroup(svg: string): { scale: number; shapes: string } {
  const rest = svg.slice(svg.indexOf('/>', svg.indexOf('url(#sh)')) + 2);
  const m = /^<g transform="translate\([^)]*\) scale\((-?[\d.]+)[^"]*">/.exec(rest)!;
  return { scale: Number(m[1]), shapes: rest.slice(m[0].length) };
}

describe('placeholderImageSvg', () => {
  it('is a 600x400 SVG document', () => {
    const svg = placeholderImageSvg(base);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('width="600" height="400" viewBox="0 0 600 400"');
    expect(svg.endsWith('</svg>')).toBe(true);
  });

  it('shows a drawing of the item instead of printing its name, and loads nothing external', () => {
    const svg = placeholderImageSvg(base);
    expect(svg).not.toContain('<text');
    expect(svg).toContain(SAMPLE_DRAWINGS['power-drill-1']!.draw());
    expect(svg).not.toMatch(/href=|@import|url\((?!#)/);
    // The name stays in the accessible label, where it belongs.
    expect(svg).toContain('aria-label="Cordless Combi Drill – Photo 1 of 3"');
    expect(svg).toBe(samplePictureSvg('power-drill-1', 0, 'power-tools', 'Cordless Combi Drill – Photo 1 of 3'));
  });

  it('escapes XML special characters in the label', () => {
    const svg = placeholderImageSvg({ ...base, title: `Tom & Jerry's <"Big"> Amp`, subtitle: 'A & B' });
    expect(svg).toContain('Tom &amp; Jerry&apos;s &lt;&quot;Big&quot;&gt; Amp – A &amp; B');
    expect(svg).not.toContain('<"Big">');
  });

  it('frames each photo of one item differently: background, size and the side it is seen from', () => {
    const pictures = ([0, 1, 2] as const).map((variant) => placeholderImageSvg({ ...base, variant }));
    expect(new Set(pictures).size).toBe(3);
    const groups = pictures.map(itemGroup);
    expect(new Set(groups.map((g) => Math.abs(g.scale))).size).toBe(3);
    expect(groups[1]!.scale).toBeLessThan(0); // the in-use photo shows its other side
    expect(groups[2]!.scale).toBeGreaterThan(groups[0]!.scale); // the close-up is closer
    expect(new Set(groups.map((g) => g.shapes.slice(0, 200))).size).toBe(1); // the same item each time
  });

  it('shows different things for different items of one category', () => {
    const drill = itemGroup(placeholderImageSvg(base)).shapes;
    const saw = itemGroup(placeholderImageSvg({ ...base, title: 'Sliding Mitre Saw', itemKey: 'power-mitre-saw-2' })).shapes;
    expect(drill).not.toBe(saw);
  });

  it('lays a different backdrop for each category and falls back for an unknown category', () => {
    const paper = (categoryId: string) =>
      /<linearGradient id="st" x2="0" y2="1"><stop offset="0" stop-color="(#[0-9a-f]{6})"/.exec(
        placeholderImageSvg({ ...base, categoryId }),
      )![1];
    expect(paper('garden-tools')).not.toBe(paper('audio-visual'));
    expect(paper('no-such-category')).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('draws a plain parcel for an item it has no drawing of, without failing', () => {
    for (const itemKey of [undefined, 'no-such-item']) expect(placeholderImageSvg({ ...base, itemKey })).toContain(PARCEL.draw());
  });
});

describe('escapeXml', () => {
  it('replaces all five special characters', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });
});

describe('placeholderImageDataUrl', () => {
  it('is a UTF-8 SVG data URL that decodes back to the same SVG', () => {
    const opts = { ...base, title: 'Café & Crêpe Pan', variant: 2 } as const;
    const url = placeholderImageDataUrl(opts);
    const prefix = 'data:image/svg+xml;charset=utf-8,';
    expect(url.startsWith(prefix)).toBe(true);
    expect(url).not.toMatch(/[<>"# ]/);
    expect(decodeURIComponent(url.slice(prefix.length))).toBe(placeholderImageSvg(opts));
  });
});
