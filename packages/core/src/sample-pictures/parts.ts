/**
 * Small drawing parts the sample pictures are composed of: shapes, materials and shading, and
 * reusable pieces (wheel, tube, cable, box, blade, knob, grille...). Drawn by this project's own
 * code and under the project's licence. Pure string building.
 */

/** A number as SVG wants it: at most one decimal, no trailing zeros. */
export const num = (v: number): string => String(Math.round(v * 10) / 10);

const attrs = (extra: string): string => (extra ? ` ${extra}` : '');

export const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = ''): string =>
  `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}"${rx ? ` rx="${num(rx)}"` : ''} fill="${fill}"${attrs(extra)}/>`;

export const circle = (cx: number, cy: number, r: number, fill: string, extra = ''): string =>
  `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}" fill="${fill}"${attrs(extra)}/>`;

export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string =>
  `<ellipse cx="${num(cx)}" cy="${num(cy)}" rx="${num(rx)}" ry="${num(ry)}" fill="${fill}"${attrs(extra)}/>`;

export const path = (d: string, fill: string, extra = ''): string => `<path d="${d}" fill="${fill}"${attrs(extra)}/>`;

/** An open stroked path with round ends. */
export const line = (d: string, stroke: string, width: number, extra = ''): string =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${num(width)}" stroke-linecap="round" stroke-linejoin="round"${attrs(extra)}/>`;

export const group = (transform: string, body: string): string => `<g transform="${transform}">${body}</g>`;

// --- colours and materials -------------------------------------------------------------------

function channels(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** Mixes two #rrggbb colours, t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const ca = channels(a);
  const cb = channels(b);
  return `#${ca
    .map((c, i) =>
      Math.round(c + (cb[i]! - c) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
export const dark = (c: string, t = 0.3): string => mix(c, '#000000', t);
export const light = (c: string, t = 0.35): string => mix(c, '#ffffff', t);

export const RUBBER = '#25272b';
export const PLASTIC_BLACK = '#34373c';
export const STEEL = '#a3aab1';
export const STEEL_DARK = '#656c73';
export const CHROME = 'url(#m)';
export const CHROME_V = 'url(#mv)';
/** Overlays that round a flat shape of any colour: lit from the top left, shaded to the far side. */
export const ROUND_X = 'url(#h)';
export const ROUND_Y = 'url(#v)';
export const GLASS = 'url(#gl)';
export const GRILLE = 'url(#gr)';

/** Gradients and patterns the parts refer to; a picture carries only those it uses. */
export const SHARED_DEFS: Record<string, string> = {
  h: '<linearGradient id="h"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset=".35" stop-color="#fff" stop-opacity="0"/><stop offset=".65" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".35"/></linearGradient>',
  v: '<linearGradient id="v" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset=".4" stop-color="#fff" stop-opacity="0"/><stop offset=".7" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".3"/></linearGradient>',
  m: '<linearGradient id="m" x2="0" y2="1"><stop offset="0" stop-color="#7d848b"/><stop offset=".3" stop-color="#eef0f2"/><stop offset=".6" stop-color="#a9afb5"/><stop offset="1" stop-color="#5f656c"/></linearGradient>',
  mv: '<linearGradient id="mv"><stop offset="0" stop-color="#7d848b"/><stop offset=".3" stop-color="#eef0f2"/><stop offset=".6" stop-color="#a9afb5"/><stop offset="1" stop-color="#5f656c"/></linearGradient>',
  gl: '<linearGradient id="gl" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".55"/><stop offset=".45" stop-color="#fff" stop-opacity=".08"/><stop offset=".5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#fff" stop-opacity=".15"/></linearGradient>',
  gr: '<pattern id="gr" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="#2a2c30"/><circle cx="3" cy="3" r="1.6" fill="#111214"/></pattern>',
  sh: '<radialGradient id="sh"><stop offset="0" stop-color="#000" stop-opacity=".38"/><stop offset=".55" stop-color="#000" stop-opacity=".16"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>',
  rd: '<radialGradient id="rd" cx=".4" cy=".35"><stop offset="0" stop-color="#fff" stop-opacity=".5"/><stop offset=".6" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".3"/></radialGradient>',
  wg: '<linearGradient id="wg" x2="0" y2="1"><stop offset="0" stop-color="#b8d8ef"/><stop offset="1" stop-color="#e8f2f8"/></linearGradient>',
  glow: '<radialGradient id="glow"><stop offset="0" stop-color="#fff6d8"/><stop offset=".3" stop-color="#ffd27a" stop-opacity=".8"/><stop offset="1" stop-color="#ffb347" stop-opacity="0"/></radialGradient>',
  // Blurred and made opaque again: a renderer that clips the blur's input to the picture would
  // otherwise fade its edges to transparent.
  bl: '<filter id="bl"><feGaussianBlur stdDeviation="7"/><feComponentTransfer><feFuncA type="table" tableValues="1 1"/></feComponentTransfer></filter>',
};

/** A flat shape and the same shape again with a rounding overlay. */
export const shadedRect = (x: number, y: number, w: number, h: number, fill: string, rx = 0, overlay = ROUND_X): string =>
  rect(x, y, w, h, fill, rx) + rect(x, y, w, h, overlay, rx);
export const shadedPath = (d: string, fill: string, overlay = ROUND_X, extra = ''): string =>
  path(d, fill, extra) + path(d, overlay, extra);
export const shadedCircle = (cx: number, cy: number, r: number, fill: string): string =>
  circle(cx, cy, r, fill) + circle(cx, cy, r, 'url(#rd)');

/** A soft white highlight streak along a path. */
export const shine = (d: string, width = 3, opacity = 0.45): string => line(d, '#fff', width, `stroke-opacity="${opacity}"`);

// --- pieces ----------------------------------------------------------------------------------

/** A tyre with a rim and hub, seen from the side. */
export function wheel(cx: number, cy: number, r: number, rim = '#c3c8cd', tyre = RUBBER): string {
  return [
    circle(cx, cy, r, tyre),
    circle(
      cx,
      cy,
      r * 0.86,
      'none',
      `stroke="${light(tyre, 0.12)}" stroke-width="${num(r * 0.1)}" stroke-dasharray="${num(r * 0.14)} ${num(r * 0.1)}"`,
    ),
    circle(cx, cy, r * 0.6, rim),
    circle(cx, cy, r * 0.6, 'url(#rd)'),
    circle(cx, cy, r * 0.22, dark(rim, 0.35)),
    circle(cx, cy, r * 0.09, light(rim, 0.4)),
  ].join('');
}

/** A thin spoked wheel (bikes, trolleys). */
export function spokedWheel(cx: number, cy: number, r: number, spokes = 16, tyre = RUBBER): string {
  const lines: string[] = [];
  for (let i = 0; i < spokes; i++) {
    const a = (i / spokes) * Math.PI * 2;
    lines.push(`M${num(cx)} ${num(cy)}L${num(cx + Math.cos(a) * r * 0.86)} ${num(cy + Math.sin(a) * r * 0.86)}`);
  }
  return [
    circle(cx, cy, r * 0.94, 'none', `stroke="${tyre}" stroke-width="${num(r * 0.12)}"`),
    circle(cx, cy, r * 0.86, 'none', `stroke="${STEEL}" stroke-width="${num(r * 0.04)}"`),
    line(lines.join(''), '#c9ced3', 1),
    circle(cx, cy, r * 0.1, STEEL_DARK),
  ].join('');
}

/** A round tube (metal, plastic or rubber) along a path: dark edge, body colour and a highlight. */
export function tube(d: string, width: number, colour = STEEL): string {
  return line(d, dark(colour, 0.35), width) + line(d, colour, width * 0.7) + shine(d, Math.max(width * 0.22, 0.8), 0.5);
}

export const cable = (d: string, colour = '#1f2023', width = 4): string =>
  line(d, colour, width) + line(d, light(colour, 0.25), width * 0.3, 'stroke-opacity=".6"');

/** A box seen slightly from above and the right: front face, lighter top, darker side. */
export function box(x: number, y: number, w: number, h: number, depth: number, colour: string): string {
  const dx = depth * 0.6;
  const dy = depth * 0.45;
  return [
    path(`M${num(x)} ${num(y)}l${num(dx)} ${num(-dy)}h${num(w)}l${num(-dx)} ${num(dy)}z`, light(colour, 0.25)),
    path(`M${num(x + w)} ${num(y)}l${num(dx)} ${num(-dy)}v${num(h)}l${num(-dx)} ${num(dy)}z`, dark(colour, 0.25)),
    rect(x, y, w, h, colour),
  ].join('');
}

/** An upright cylinder: shaded body, a lighter top ellipse. */
export function cylinder(cx: number, top: number, rx: number, h: number, colour: string, ry = rx * 0.28): string {
  return [
    path(`M${num(cx - rx)} ${num(top)}v${num(h)}a${num(rx)} ${num(ry)} 0 0 0 ${num(rx * 2)} 0v${num(-h)}z`, colour),
    path(`M${num(cx - rx)} ${num(top)}v${num(h)}a${num(rx)} ${num(ry)} 0 0 0 ${num(rx * 2)} 0v${num(-h)}z`, ROUND_X),
    ellipse(cx, top, rx, ry, light(colour, 0.2)),
  ].join('');
}

/** A row of vent slots. */
export function vents(x: number, y: number, count: number, length: number, gap: number, colour = '#1b1c1f', vertical = true): string {
  let d = '';
  for (let i = 0; i < count; i++)
    d += vertical ? `M${num(x + i * gap)} ${num(y)}v${num(length)}` : `M${num(x)} ${num(y + i * gap)}h${num(length)}`;
  return line(d, colour, Math.max(gap * 0.45, 1.2));
}

/** A circular saw blade with teeth. */
export function sawBlade(cx: number, cy: number, r: number, teeth = 36): string {
  let d = '';
  for (let i = 0; i < teeth; i++) {
    const a = (i / teeth) * Math.PI * 2;
    const b = ((i + 0.6) / teeth) * Math.PI * 2;
    d += `${i ? 'L' : 'M'}${num(cx + Math.cos(a) * r * 0.92)} ${num(cy + Math.sin(a) * r * 0.92)}L${num(cx + Math.cos(b) * r)} ${num(cy + Math.sin(b) * r)}`;
  }
  return (
    path(`${d}Z`, '#c4cad0') +
    circle(cx, cy, r * 0.88, 'url(#rd)') +
    circle(cx, cy, r * 0.25, STEEL_DARK) +
    circle(cx, cy, r * 0.1, '#d8dce0')
  );
}

/** A straight row of cutting teeth from (x1, y) to (x2, y), pointing up (size < 0) or down. */
export function teeth(x1: number, x2: number, y: number, count: number, size: number, fill = '#c9ced4'): string {
  const step = (x2 - x1) / count;
  let d = `M${num(x1)} ${num(y)}`;
  for (let i = 0; i < count; i++) d += `L${num(x1 + step * (i + 0.5))} ${num(y + size)}L${num(x1 + step * (i + 1))} ${num(y)}`;
  return path(`${d}Z`, fill);
}

export function knob(cx: number, cy: number, r: number, colour = '#2b2d31'): string {
  return (
    shadedCircle(cx, cy, r, colour) + line(`M${num(cx)} ${num(cy)}l${num(-r * 0.5)} ${num(-r * 0.6)}`, '#e9ecef', Math.max(r * 0.2, 0.8))
  );
}

export const bolt = (cx: number, cy: number, r = 2.5): string =>
  circle(cx, cy, r, STEEL_DARK) + circle(cx - r * 0.25, cy - r * 0.25, r * 0.45, '#e3e6e9');

/** A dark glass screen with a reflection. */
export const screen = (x: number, y: number, w: number, h: number, rx = 2, colour = '#14171c'): string =>
  rect(x, y, w, h, colour, rx) + rect(x, y, w, h, GLASS, rx);

/** A loudspeaker cone: surround, cone and dust cap. */
export function speakerCone(cx: number, cy: number, r: number): string {
  return [
    circle(cx, cy, r, '#1c1d20'),
    circle(cx, cy, r * 0.86, '#2e3035'),
    circle(cx, cy, r * 0.86, 'url(#rd)'),
    circle(cx, cy, r * 0.3, '#17181a'),
    circle(cx, cy, r * 0.3, 'url(#rd)'),
  ].join('');
}

/** A stretched string or wire. */
export const wire = (d: string, colour = '#d9dde1', width = 0.8): string => line(d, colour, width);

/** A battery pack clipped under a cordless tool: black casing with a coloured band. */
export function battery(x: number, y: number, w: number, h: number, band: string): string {
  return (
    shadedRect(x, y, w, h, PLASTIC_BLACK, 4, ROUND_Y) +
    rect(x + 4, y + h * 0.3, w - 8, h * 0.18, band, 1) +
    rect(x + w * 0.7, y + h * 0.62, w * 0.18, h * 0.14, '#7cd35a', 1)
  );
}
