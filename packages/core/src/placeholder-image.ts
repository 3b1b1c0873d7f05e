/**
 * 600x400 pictures of sample items: the item's pictogram (an open icon set, see tool-icons.ts) on
 * its category's colours, each photo of an item from another angle, crop and background, so a card
 * shows what the thing is. Pure string building, so the API seed can rasterise the same picture the
 * web app shows as a data URL in Mock Data mode; nothing is fetched.
 */
import { SAMPLE_DRAWINGS, samplePictureSvg } from './sample-pictures/index.ts';
import { toolIconShapes } from './tool-icons.ts';

export interface PlaceholderImageOptions {
  title: string;
  subtitle: string;
  categoryId: string;
  variant: 0 | 1 | 2;
  /** The sample item's key, which picks its drawing (sample-pictures/). */
  itemKey?: string;
}

interface Palette {
  from: string;
  to: string;
  accent: string;
  accent2: string;
  ink: string;
}

const PALETTES: Record<string, Palette> = {
  'garden-tools': { from: '#d9f2d0', to: '#8fcf7e', accent: '#3f8f3a', accent2: '#f4d35e', ink: '#1f3d1c' },
  'power-tools': { from: '#ffe3c2', to: '#f7a44a', accent: '#c2571a', accent2: '#2f6690', ink: '#3b1d08' },
  'kitchen-appliances': { from: '#fde2e4', to: '#f4a7b1', accent: '#c44569', accent2: '#fff3b0', ink: '#4a1022' },
  'camping-gear': { from: '#dcefe6', to: '#7fb7a1', accent: '#2d6a4f', accent2: '#e9c46a', ink: '#11332a' },
  'party-supplies': { from: '#efe1ff', to: '#c19ef0', accent: '#7b3fc4', accent2: '#ffd166', ink: '#2e1052' },
  'sports-equipment': { from: '#d7ecff', to: '#7fb8f0', accent: '#1d5fa8', accent2: '#ff8c42', ink: '#0d2a4d' },
  'diy-hand-tools': { from: '#f1e6d6', to: '#c9a57a', accent: '#7a4e24', accent2: '#3d5a80', ink: '#33200d' },
  'cleaning-equipment': { from: '#dff7fb', to: '#86d4e3', accent: '#137c91', accent2: '#ffffff', ink: '#08343d' },
  'moving-equipment': { from: '#ece9e4', to: '#b3aa9c', accent: '#5c544a', accent2: '#e76f51', ink: '#2a2520' },
  'audio-visual': { from: '#dfe3f5', to: '#8d98cf', accent: '#2b3a8c', accent2: '#f15bb5', ink: '#111a45' },
  'musical-instruments': { from: '#fff1d6', to: '#f2c46d', accent: '#b5651d', accent2: '#6a4c93', ink: '#3d2306' },
};

const DEFAULT_PALETTE: Palette = { from: '#eef0f3', to: '#b8c0cc', accent: '#4a5568', accent2: '#f6ad55', ink: '#1a202c' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** A small stable hash, so two items of one category do not get identical pictures. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** How each of an item's three photos frames the pictogram: size, where, and how far it is turned. */
const SHOTS = [
  { scale: 11, x: 300, y: 200, turn: -8 },
  { scale: 9, x: 210, y: 210, turn: 12 },
  { scale: 17, x: 360, y: 250, turn: -20 },
] as const;

/** Photo 1: a diagonal gradient with a soft spotlight. */
function studioBackground(p: Palette, seed: number): string {
  return [
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>`,
    `<rect width="600" height="400" fill="url(#bg)"/>`,
    `<circle cx="${260 + (seed % 80)}" cy="190" r="170" fill="#ffffff" fill-opacity="0.35"/>`,
  ].join('');
}

/** Photo 2: a workbench: a plain wall and a darker surface the item stands on. */
function benchBackground(p: Palette, seed: number): string {
  const edge = 270 + (seed % 30);
  return [
    `<rect width="600" height="400" fill="${p.from}"/>`,
    `<rect y="${edge}" width="600" height="${400 - edge}" fill="${p.to}"/>`,
    `<rect y="${edge}" width="600" height="6" fill="${p.accent}" fill-opacity="0.35"/>`,
    `<circle cx="${500 - (seed % 90)}" cy="90" r="46" fill="${p.accent2}" fill-opacity="0.8"/>`,
  ].join('');
}

/** Photo 3: a close-up on a bold colour with diagonal stripes. */
function detailBackground(p: Palette, seed: number): string {
  const stripes: string[] = [];
  for (let i = -2; i < 8; i++) {
    const x = i * 110 + (seed % 55);
    stripes.push(`<polygon points="${x},0 ${x + 50},0 ${x - 150},400 ${x - 200},400" fill="#ffffff" fill-opacity="0.12"/>`);
  }
  return [`<rect width="600" height="400" fill="${p.to}"/>`, ...stripes].join('');
}

const BACKGROUNDS = [studioBackground, benchBackground, detailBackground] as const;

export function placeholderImageSvg(opts: PlaceholderImageOptions): string {
  const label = escapeXml(`${opts.title} – ${opts.subtitle}`);
  if (opts.itemKey !== undefined && Object.hasOwn(SAMPLE_DRAWINGS, opts.itemKey)) return samplePictureSvg(opts.itemKey, opts.variant, opts.categoryId, label);
  const p = PALETTES[opts.categoryId] ?? DEFAULT_PALETTE;
  const seed = hash(`${opts.categoryId}|${opts.title}`);
  const shot = SHOTS[opts.variant];
  // A little wobble per item, so two drills in one category are not the same picture.
  const turn = shot.turn + ((seed >> 3) % 9) - 4;
  const size = 24 * shot.scale;
  const icon = toolIconShapes(opts.title, opts.categoryId);
  const place = `translate(${shot.x} ${shot.y}) rotate(${turn})`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400" role="img" aria-label="${label}">`,
    BACKGROUNDS[opts.variant](p, seed),
    // A shadow under the item, then a light plate behind it so the strokes read on any colour.
    `<ellipse cx="${shot.x + 12}" cy="${shot.y + size * 0.42}" rx="${size * 0.42}" ry="${size * 0.07}" fill="${p.ink}" fill-opacity="0.18"/>`,
    `<g transform="${place}">`,
    `<g transform="scale(${shot.scale}) translate(-12 -12)" fill="none" stroke-linecap="round" stroke-linejoin="round">`,
    `<g stroke="#ffffff" stroke-opacity="0.85" stroke-width="3.6">${icon}</g>`,
    `<g stroke="${p.ink}" stroke-width="1.7">${icon}</g>`,
    `<g stroke="${p.accent}" stroke-width="0.7" stroke-opacity="0.9">${icon}</g>`,
    `</g></g>`,
    `</svg>`,
  ].join('');
}

export function placeholderImageDataUrl(opts: PlaceholderImageOptions): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(placeholderImageSvg(opts))}`;
}
