/**
 * Illustration-like 600x400 placeholder pictures for sample items. Pure string building, so the
 * API seed can rasterise the same picture the web app shows as a data URL in Mock Data mode.
 */

export interface PlaceholderImageOptions {
  title: string;
  subtitle: string;
  categoryId: string;
  variant: 0 | 1 | 2;
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

const FONT = 'DejaVu Sans, Arial, sans-serif';
const MAX_LINE_CHARS = 24;

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** A small stable hash, so two items of one category do not get identical pictures. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Breaks a title into at most two lines; a longer title ends with an ellipsis rather than overflowing. */
export function wrapTitle(title: string, maxChars = MAX_LINE_CHARS): string[] {
  const words = title.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= maxChars || !line) {
      line = next;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  const clipped = lines.slice(0, 2).map((l) => (l.length > maxChars ? `${l.slice(0, maxChars - 1)}…` : l));
  if (lines.length > 2) {
    // Drop whole words rather than cutting one in half to make room for the ellipsis.
    let second = lines[1]!;
    while (second.length >= maxChars && second.includes(' ')) second = second.slice(0, second.lastIndexOf(' '));
    clipped[1] = `${second.slice(0, maxChars - 1)}…`;
  }
  return clipped;
}

/** Variant 0: a sun over rolling hills. */
function hillsMotif(p: Palette, seed: number): string {
  const sunX = 110 + (seed % 380);
  return [
    `<circle cx="${sunX}" cy="95" r="58" fill="${p.accent2}" fill-opacity="0.85"/>`,
    `<ellipse cx="${120 + (seed % 60)}" cy="300" rx="260" ry="120" fill="${p.accent}" fill-opacity="0.35"/>`,
    `<ellipse cx="${470 - (seed % 70)}" cy="320" rx="280" ry="130" fill="${p.accent}" fill-opacity="0.55"/>`,
  ].join('');
}

/** Variant 1: overlapping diagonal bands and a triangle, like a folded paper poster. */
function bandsMotif(p: Palette, seed: number): string {
  const shift = seed % 120;
  return [
    `<polygon points="${-40 + shift},0 ${160 + shift},0 ${-40 + shift},240" fill="${p.accent}" fill-opacity="0.3"/>`,
    `<polygon points="${260 + shift},0 ${420 + shift},0 ${120 + shift},400 ${-40 + shift},400" fill="${p.accent}" fill-opacity="0.22"/>`,
    `<polygon points="600,${40 + (seed % 60)} 600,300 ${400 - shift / 2},300" fill="${p.accent2}" fill-opacity="0.7"/>`,
  ].join('');
}

/** Variant 2: a loose grid of rounded tiles with one highlighted. */
function tilesMotif(p: Palette, seed: number): string {
  const tiles: string[] = [];
  const highlight = seed % 15;
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 5; col++) {
      const i = row * 5 + col;
      const fill = i === highlight ? p.accent2 : p.accent;
      const opacity = i === highlight ? 0.9 : 0.15 + ((seed >> i) & 3) * 0.08;
      tiles.push(`<rect x="${40 + col * 108}" y="${24 + row * 72}" width="88" height="56" rx="14" fill="${fill}" fill-opacity="${opacity.toFixed(2)}"/>`);
    }
  }
  return tiles.join('');
}

const MOTIFS = [hillsMotif, bandsMotif, tilesMotif] as const;

export function placeholderImageSvg(opts: PlaceholderImageOptions): string {
  const p = PALETTES[opts.categoryId] ?? DEFAULT_PALETTE;
  const seed = hash(`${opts.categoryId}|${opts.title}`);
  const lines = wrapTitle(opts.title);
  const titleSize = lines.length > 1 ? 32 : 38;
  const firstBaseline = lines.length > 1 ? 280 : 304;
  const titleText = lines
    .map((line, i) => `<tspan x="300" y="${firstBaseline + i * 38}">${escapeXml(line)}</tspan>`)
    .join('');
  const label = escapeXml(`${opts.title} – ${opts.subtitle}`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400" role="img" aria-label="${label}">`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>`,
    `<rect width="600" height="400" fill="url(#bg)"/>`,
    MOTIFS[opts.variant](p, seed),
    `<rect x="36" y="236" width="528" height="140" rx="20" fill="#ffffff" fill-opacity="0.82"/>`,
    `<text text-anchor="middle" font-family="${FONT}" font-size="${titleSize}" font-weight="bold" fill="${p.ink}">${titleText}</text>`,
    `<text x="300" y="356" text-anchor="middle" font-family="${FONT}" font-size="18" fill="${p.ink}" fill-opacity="0.75">${escapeXml(opts.subtitle)}</text>`,
    `</svg>`,
  ].join('');
}

export function placeholderImageDataUrl(opts: PlaceholderImageOptions): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(placeholderImageSvg(opts))}`;
}
