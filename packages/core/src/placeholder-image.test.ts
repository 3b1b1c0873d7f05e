import { describe, expect, it } from 'vitest';
import { escapeXml, placeholderImageDataUrl, placeholderImageSvg, type PlaceholderImageOptions } from './placeholder-image.ts';
import { samplePictureSvg } from './sample-pictures/index.ts';
import { toolIconShapes } from './tool-icons.ts';

const base: PlaceholderImageOptions = { title: 'Cordless Combi Drill', subtitle: 'Photo 1 of 3', categoryId: 'power-tools', variant: 0 };

describe('placeholderImageSvg', () => {
  it('is a 600x400 SVG document', () => {
    const svg = placeholderImageSvg(base);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('width="600" height="400" viewBox="0 0 600 400"');
    expect(svg.endsWith('</svg>')).toBe(true);
  });

  it('shows the item as a pictogram instead of printing its name, and loads nothing external', () => {
    const svg = placeholderImageSvg(base);
    expect(svg).not.toContain('<text');
    expect(svg).toMatch(/<path d="M10 18a1 1 0 0 1 1 1v2/); // the drill pictogram's handle
    expect(svg).not.toMatch(/href=|@import|url\((?!#)/);
    // The name stays in the accessible label, where it belongs.
    expect(svg).toContain('aria-label="Cordless Combi Drill – Photo 1 of 3"');
  });

  it('draws a sample item that has a drawing from its key, with the item named in the label', () => {
    const mower = { title: 'Self-Propelled Petrol Lawn Mower', subtitle: 'Photo 2 of 3', categoryId: 'garden-tools', variant: 1, itemKey: 'garden-mower-1' } as const;
    const svg = placeholderImageSvg(mower);
    expect(svg).toBe(samplePictureSvg('garden-mower-1', 1, 'garden-tools', 'Self-Propelled Petrol Lawn Mower – Photo 2 of 3'));
    expect(svg).not.toContain('stroke-width="1.7"');
    expect(svg).toContain('aria-label="Self-Propelled Petrol Lawn Mower – Photo 2 of 3"');
  });

  it('escapes XML special characters in the label', () => {
    const svg = placeholderImageSvg({ ...base, title: `Tom & Jerry's <"Big"> Amp`, subtitle: 'A & B' });
    expect(svg).toContain('Tom &amp; Jerry&apos;s &lt;&quot;Big&quot;&gt; Amp – A &amp; B');
    expect(svg).not.toContain('<"Big">');
  });

  it('frames each photo of one item differently: background, size and angle', () => {
    const pictures = ([0, 1, 2] as const).map((variant) => placeholderImageSvg({ ...base, variant }));
    expect(new Set(pictures).size).toBe(3);
    const scales = pictures.map((svg) => /scale\(([\d.]+)\)/.exec(svg)![1]);
    expect(new Set(scales).size).toBe(3);
    const turns = pictures.map((svg) => /rotate\((-?[\d.]+)\)/.exec(svg)![1]);
    expect(new Set(turns).size).toBe(3);
  });

  it('shows different things for different items of one category', () => {
    const drill = placeholderImageSvg(base);
    const saw = placeholderImageSvg({ ...base, title: 'Sliding Mitre Saw' });
    const icon = (svg: string) => /stroke-width="1.7">(.*?)<\/g>/.exec(svg)![1];
    expect(icon(drill)).not.toBe(icon(saw));
  });

  it('colours categories differently and falls back for an unknown category', () => {
    const colour = (categoryId: string) => /stop-color="(#[0-9a-f]{6})"/.exec(placeholderImageSvg({ ...base, categoryId }))![1];
    expect(colour('garden-tools')).not.toBe(colour('audio-visual'));
    expect(colour('no-such-category')).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe('toolIconShapes', () => {
  it('draws a pictogram of the thing itself, different for different tools', () => {
    const names = ['Triple Extension Ladder', 'Cordless Combi Drill (18V)', 'Sliding Mitre Saw', 'Six-Person Family Tent', 'Electric Guitar and Practice Amp', 'Concert Ukulele', 'Leaf Blower and Garden Vacuum', 'Wet and Dry Vacuum'];
    const shapes = names.map((name) => toolIconShapes(name, 'any'));
    for (const s of shapes) {
      expect(s).toMatch(/^<(path|circle|rect|line|polyline|ellipse|polygon)/);
      expect(s).not.toContain('<svg');
    }
    expect(new Set(shapes).size).toBe(names.length);
  });

  it('falls back to the category, and to a toolbox for an unknown category', () => {
    expect(toolIconShapes('Something Unheard Of', 'camping-gear')).toBe(toolIconShapes('Six-Person Family Tent', 'camping-gear'));
    expect(toolIconShapes('Something Unheard Of', 'nowhere')).toBe(toolIconShapes('Complete Hand Tool Kit', 'diy-hand-tools'));
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
