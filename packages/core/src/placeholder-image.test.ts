import { describe, expect, it } from 'vitest';
import { escapeXml, placeholderImageDataUrl, placeholderImageSvg, wrapTitle, type PlaceholderImageOptions } from './placeholder-image.ts';

const base: PlaceholderImageOptions = { title: 'Cordless Combi Drill', subtitle: 'Photo 1 of 3', categoryId: 'power-tools', variant: 0 };

describe('placeholderImageSvg', () => {
  it('is a 600x400 SVG document', () => {
    const svg = placeholderImageSvg(base);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('width="600" height="400" viewBox="0 0 600 400"');
    expect(svg.endsWith('</svg>')).toBe(true);
  });

  it('shows the title and the subtitle with a font every machine has, and loads nothing external', () => {
    const svg = placeholderImageSvg(base);
    expect(svg).toContain('>Cordless Combi Drill<');
    expect(svg).toContain('>Photo 1 of 3<');
    expect(svg).toContain('font-family="DejaVu Sans, Arial, sans-serif"');
    expect(svg).not.toMatch(/href=|@import|url\((?!#)/);
  });

  it('escapes XML special characters in the text', () => {
    const svg = placeholderImageSvg({ ...base, title: `Tom & Jerry's <"Big"> Amp`, subtitle: 'A & B' });
    expect(svg).toContain('Tom &amp; Jerry&apos;s');
    expect(svg).toContain('&lt;&quot;Big&quot;&gt;');
    expect(svg).toContain('>A &amp; B<');
    expect(svg).not.toContain('<"Big">');
    expect(svg).not.toMatch(/& /);
  });

  it('draws a different picture for each variant of one item', () => {
    const pictures = ([0, 1, 2] as const).map((variant) => placeholderImageSvg({ ...base, variant }));
    expect(new Set(pictures).size).toBe(3);
  });

  it('colours categories differently and falls back for an unknown category', () => {
    const colour = (categoryId: string) => /stop-color="(#[0-9a-f]{6})"/.exec(placeholderImageSvg({ ...base, categoryId }))![1];
    expect(colour('garden-tools')).not.toBe(colour('audio-visual'));
    expect(colour('no-such-category')).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('puts a long title on two lines instead of running off the picture', () => {
    const svg = placeholderImageSvg({ ...base, title: 'Heavy Duty Self-Propelled Petrol Lawn Mower With Mulching Kit' });
    expect(svg.match(/<tspan /g)).toHaveLength(2);
  });
});

describe('wrapTitle', () => {
  it.each([
    ['Drill', ['Drill']],
    ['Self-Propelled Petrol Lawn Mower', ['Self-Propelled Petrol', 'Lawn Mower']],
    ['One Two Three Four Five Six Seven Eight Nine Ten Eleven', ['One Two Three Four Five', 'Six Seven Eight Nine…']],
    ['Supercalifragilisticexpialidocious', ['Supercalifragilisticexp…']],
  ])('%s -> %j', (title, lines) => {
    expect(wrapTitle(title)).toEqual(lines);
    for (const line of wrapTitle(title)) expect(line.length).toBeLessThanOrEqual(24);
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
