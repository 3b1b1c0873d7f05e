/**
 * Puts an item's drawing into one of three photos: a studio shot on a light seamless backdrop, the
 * item in use or in place (scenes.ts), and a close-up of a detail in front of the blurred scene.
 * Drawn by this project's own code and under the project's licence.
 */
import { SHARED_DEFS, box, dark, ellipse, light, num } from './parts.ts';
import { SCENES, type SceneName } from './scenes.ts';

/** How to draw one item, in its own units: a box w x h whose bottom edge (y = h) is the floor. */
export interface Drawing {
  w: number;
  h: number;
  draw: () => string;
  /** The point the close-up is centred on. */
  focus: readonly [number, number];
  /** Where the in-use photo is taken. */
  scene: SceneName;
  /** How far above the floor it hangs or flies in the in-use photo, in its own units. */
  lift?: number;
  /** Close-up magnification over the studio shot (default 2.2). */
  zoom?: number;
  /** Share of the in-use photo it fills (default 1). */
  size?: number;
  /** The in-use photo shows it mirrored, seen from its other side (default true). */
  mirror?: boolean;
}

export type Variant = 0 | 1 | 2;

/** Light seamless backdrops, a slightly different paper per category. */
const PAPER: Record<string, string> = {
  'garden-tools': '#e7ebe2',
  'power-tools': '#e6e8eb',
  'kitchen-appliances': '#efe9e2',
  'camping-gear': '#e5eae6',
  'party-supplies': '#eee7e8',
  'sports-equipment': '#e4e9ee',
  'diy-hand-tools': '#ebe6de',
  'cleaning-equipment': '#e3ebee',
  'moving-equipment': '#e9e6e1',
  'audio-visual': '#e4e5ea',
  'musical-instruments': '#eee8df',
};

/** A plain cardboard parcel, for an item without a drawing of its own. */
export const PARCEL: Drawing = {
  w: 200,
  h: 150,
  focus: [100, 90],
  scene: 'workbench',
  draw: () =>
    box(10, 50, 150, 100, 70, '#c8a06a') + `<path d="M10 80h150M85 50v100" stroke="#d9c7a0" stroke-width="10" stroke-opacity=".6"/>`,
};

function studio(paper: string): string {
  return [
    `<defs><linearGradient id="st" x2="0" y2="1"><stop offset="0" stop-color="${light(paper, 0.55)}"/>`,
    `<stop offset=".6" stop-color="${paper}"/><stop offset="1" stop-color="${dark(paper, 0.1)}"/></linearGradient>`,
    `<radialGradient id="sp" cy=".42" r=".55"><stop offset="0" stop-color="#fff" stop-opacity=".75"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="600" height="400" fill="url(#st)"/><rect width="600" height="400" fill="url(#sp)"/>`,
  ].join('');
}

interface Placement {
  scale: number;
  x: number;
  y: number;
  mirror: boolean;
}

function placed(d: Drawing, art: string, p: Placement, floor: number, lift: number): string {
  const s = p.scale;
  const cx = p.x + (d.w * s) / 2;
  const rx = d.w * s * 0.56;
  const fade = lift > 0 ? Math.max(0.35, 1 - lift / 200) : 1;
  const shadow = ellipse(cx, floor, rx * fade, Math.max(6, rx * 0.1), 'url(#sh)', fade < 1 ? `opacity="${num(fade)}"` : '');
  const transform = p.mirror
    ? `translate(${num(p.x + d.w * s)} ${num(p.y)}) scale(${num3(-s)} ${num3(s)})`
    : `translate(${num(p.x)} ${num(p.y)}) scale(${num3(s)})`;
  return `${shadow}<g transform="${transform}">${art}</g>`;
}

const num3 = (v: number): string => String(Math.round(v * 1000) / 1000);

export function composePicture(d: Drawing, variant: Variant, categoryId: string, label: string): string {
  const art = d.draw();
  const studioScale = Math.min(500 / d.w, 310 / d.h);
  let body: string;
  if (variant === 0) {
    const floor = 362;
    const p = { scale: studioScale, x: 300 - (d.w * studioScale) / 2, y: floor - d.h * studioScale, mirror: false };
    body = studio(PAPER[categoryId] ?? '#e8e8e8') + placed(d, art, p, floor, 0);
  } else {
    const scene = SCENES[d.scene]();
    if (variant === 1) {
      const size = d.size ?? 1;
      const s = Math.min(400 / d.w, (scene.floor - 70) / d.h) * size;
      const lift = (d.lift ?? 0) * s;
      const p = { scale: s, x: 320 - (d.w * s) / 2, y: scene.floor - lift - d.h * s, mirror: d.mirror ?? true };
      body = scene.back + placed(d, art, p, scene.floor, lift) + (scene.front ?? '');
    } else {
      const s = studioScale * (d.zoom ?? 2.2);
      const p = { scale: s, x: 300 - d.focus[0] * s, y: 205 - d.focus[1] * s, mirror: false };
      const floor = p.y + d.h * s;
      body = `<g filter="url(#bl)" transform="translate(-150 -100) scale(1.5)">${scene.back}</g>` + placed(d, art, p, floor, 0);
    }
  }
  const used = Object.keys(SHARED_DEFS).filter((id) => body.includes(`url(#${id})`));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400" role="img" aria-label="${label}">`,
    used.length ? `<defs>${used.map((id) => SHARED_DEFS[id]).join('')}</defs>` : '',
    body,
    `</svg>`,
  ].join('');
}
