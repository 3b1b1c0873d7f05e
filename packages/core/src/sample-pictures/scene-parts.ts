/**
 * Pieces the scenes are built from: skies, tree lines, floors in perspective, walls. Drawn by this
 * project's own code and under the project's licence.
 */
import { line, num, path, rect } from './parts.ts';

/** A 600x400 background and the height of the floor an item stands on. */
export interface Scene {
  back: string;
  floor: number;
  /** Drawn over the item, e.g. grass in front of its wheels. */
  front?: string;
}

/** A vertical gradient definition. */
export const vgrad = (id: string, ...stops: string[]): string =>
  `<linearGradient id="${id}" x2="0" y2="1">${stops.map((c, i) => `<stop offset="${num(i / Math.max(1, stops.length - 1))}" stop-color="${c}"/>`).join('')}</linearGradient>`;

/** A sky from the top of the picture down to y. */
export const sky = (y: number, top = '#9fc6e6', bottom = '#e4eff5'): string =>
  `<defs>${vgrad('sk', top, bottom)}</defs>${rect(0, 0, 600, y, 'url(#sk)')}`;

/** A row of rounded tree tops along y, `height` tall. */
export function treeline(y: number, height: number, colour: string, seed = 1): string {
  let d = `M0 ${num(y)}`;
  let x = 0;
  let i = seed;
  while (x < 600) {
    const w = 40 + ((i * 37) % 45);
    const h = height * (0.55 + ((i * 53) % 45) / 100);
    d += `q${num(w / 2)} ${num(-h * 1.3)} ${num(w)} 0`;
    x += w;
    i++;
  }
  return path(`${d}V${num(y + height)}H0z`, colour);
}

/** Rolling hills: a band from y down, with a wavy top. */
export const hills = (y: number, colour: string, amp = 25): string =>
  path(`M0 ${num(y)}q150 ${num(-amp * 2)} 300 ${num(-amp / 2)}t300 ${num(amp / 2)}V400H0z`, colour);

/** Lines converging towards a far point: boards of a floor, slabs, planks, mown stripes. */
export function perspectiveLines(top: number, bottom: number, count: number, colour: string, width = 1.5, spread = 2.2): string {
  let d = '';
  for (let i = 0; i <= count; i++) {
    const x = -300 + (1200 * i) / count;
    d += `M${num(300 + (x - 300) / spread)} ${num(top)}L${num(x)} ${num(bottom)}`;
  }
  return line(d, colour, width);
}

/** Horizontal joints getting closer towards the far edge. */
export function depthLines(top: number, bottom: number, count: number, colour: string, width = 1.5): string {
  let d = '';
  for (let i = 1; i <= count; i++) {
    const t = (i / (count + 1)) ** 1.6;
    d += `M0 ${num(top + (bottom - top) * t)}H600`;
  }
  return line(d, colour, width);
}

/** A wall, its skirting board and a floor below it. */
export function room(wall: string, floorTop: number, floor: string, skirting = '#f4f2ee'): string {
  return (
    rect(0, 0, 600, floorTop, wall) +
    rect(0, floorTop, 600, 400 - floorTop, floor) +
    rect(0, floorTop - 14, 600, 14, skirting) +
    rect(0, floorTop - 2, 600, 3, '#000', 0, 'fill-opacity=".12"')
  );
}

/** A window in a wall: frame, glass with sky and a glare. */
export function windowPane(x: number, y: number, w: number, h: number, frame = '#f6f6f3'): string {
  return [
    rect(x - 8, y - 8, w + 16, h + 16, frame, 2),
    rect(x, y, w, h, 'url(#wg)'),
    path(
      `M${num(x + w * 0.15)} ${num(y + h)}l${num(w * 0.35)} ${num(-h)}h${num(w * 0.18)}l${num(-w * 0.35)} ${num(h)}z`,
      '#fff',
      'fill-opacity=".3"',
    ),
    rect(x + w / 2 - 3, y, 6, h, frame),
    rect(x, y + h * 0.4 - 3, w, 6, frame),
  ].join('');
}

/** A flowering shrub or pot plant, a round mass of leaves. */
export function shrub(cx: number, base: number, r: number, leaf = '#4e8a3a'): string {
  return [
    `<circle cx="${num(cx - r * 0.5)}" cy="${num(base - r * 0.8)}" r="${num(r * 0.7)}" fill="${leaf}"/>`,
    `<circle cx="${num(cx + r * 0.45)}" cy="${num(base - r * 0.75)}" r="${num(r * 0.75)}" fill="${leaf}"/>`,
    `<circle cx="${num(cx)}" cy="${num(base - r * 1.25)}" r="${num(r * 0.75)}" fill="${leaf}"/>`,
    `<circle cx="${num(cx - r * 0.2)}" cy="${num(base - r * 1.4)}" r="${num(r * 0.4)}" fill="#fff" fill-opacity=".12"/>`,
  ].join('');
}

/** Tufts of grass along the bottom edge, to stand an item in the lawn. */
export function grassTufts(y: number, colour = '#3f7a2a'): string {
  let d = '';
  for (let x = 8; x < 600; x += 23) {
    const h = 8 + ((x * 7) % 9);
    d += `M${x} ${y + ((x * 13) % 30)}l-4 ${-h}m4 ${h}l2 ${-h - 3}m-2 ${h + 3}l6 ${-h + 2}`;
  }
  return line(d, colour, 2);
}
