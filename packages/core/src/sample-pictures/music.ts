/** Musical instruments. Drawn by this project's own code and under the project's licence. */
import type { Drawing } from './picture.ts';
import {
  CHROME,
  ROUND_X,
  ROUND_Y,
  RUBBER,
  STEEL,
  bolt,
  circle,
  ellipse,
  group,
  knob,
  line,
  num,
  path,
  rect,
  screen,
  shadedPath,
  shadedRect,
  shine,
  speakerCone,
  wire,
} from './parts.ts';

/** Frets across a neck from y = top (the nut) down to y = bottom, closer together up the neck. */
function frets(x: number, w: number, top: number, bottom: number, count: number): string {
  let d = '';
  for (let i = 1; i <= count; i++) d += `M${x} ${num(top + ((bottom - top) * (1 - 0.944 ** i)) / (1 - 0.944 ** count))}h${w}`;
  return line(d, '#d9dde1', 1.3);
}

/** `n` strings fanning from (x1 ± spread1, y1) to (x2 ± spread2, y2). */
function strings(n: number, x1: number, y1: number, s1: number, x2: number, y2: number, s2: number, colour = '#e6e2d6'): string {
  let d = '';
  for (let i = 0; i < n; i++) {
    const t = n === 1 ? 0 : i / (n - 1) - 0.5;
    d += `M${num(x1 + t * s1 * 2)} ${y1}L${num(x2 + t * s2 * 2)} ${y2}`;
  }
  return wire(d, colour, 0.9);
}

/** A solid-body electric guitar standing upright, body centred on the origin. */
function electricGuitar(): string {
  return [
    shadedPath('M-12-88c-18-26-58-40-56 0c2 30-22 40-18 86c4 60 30 104 86 104s82-44 84-104c2-40-16-54-12-80c4-30-30-28-50 0z', '#b3202c'),
    path('M-40 10c-10 40-4 76 34 86l30-60z', '#f4f1ea'),
    rect(-12, -330, 24, 250, '#3d2618', 2),
    frets(-12, 24, -330, -80, 21),
    path('M-14-330l-6-66q14-10 34 0l-2 66z', '#3d2618'),
    ...[0, 1, 2, 3, 4, 5].map((i) => circle(-22, -382 + i * 10, 3.5, CHROME)),
    ...[-40, -4, 32].map((y) => rect(-22, y, 44, 12, '#f4f1ea', 3) + line(`M-16 ${y + 6}h32`, '#9aa1a8', 2, 'stroke-dasharray="1 4"')),
    rect(-24, 60, 48, 12, CHROME, 2),
    strings(6, 0, 66, 12, 0, -330, 9),
    knob(42, 56, 7, '#f4f1ea'),
    knob(52, 80, 7, '#f4f1ea'),
    shine('M-50-40c-6 20-16 30-14 50', 3),
  ].join('');
}

const guitarAndAmp: Drawing = {
  w: 430,
  h: 380,
  focus: [160, 250],
  scene: 'stage',
  draw: () =>
    [
      shadedRect(250, 216, 170, 162, '#26272b', 10, ROUND_Y),
      rect(262, 228, 146, 24, '#3a3d42', 4),
      ...[278, 300, 322, 344].map((x) => knob(x, 240, 6, '#d9dde1')),
      rect(262, 258, 146, 110, '#4a4640', 4),
      '<defs><pattern id="cl" width="4" height="4" patternUnits="userSpaceOnUse"><path d="M0 0l4 4" stroke="#3b3833" stroke-width="1"/></pattern></defs>',
      rect(262, 258, 146, 110, 'url(#cl)', 4),
      rect(300, 206, 70, 12, RUBBER, 5),
      line('M196 340q50 40 96-30', '#1f2023', 4),
      group('translate(150 296) rotate(12) scale(.74)', electricGuitar()),
    ].join(''),
};

const digitalPiano: Drawing = {
  w: 470,
  h: 270,
  focus: [150, 110],
  scene: 'lounge',
  draw: () =>
    [
      shadedRect(30, 130, 18, 130, '#3a2a20', 3),
      shadedRect(422, 130, 18, 130, '#3a2a20', 3),
      rect(48, 150, 374, 90, '#2e2119'),
      rect(200, 236, 70, 16, '#2e2119', 3),
      ...[212, 232, 252].map((x) => rect(x, 246, 10, 14, '#c9a24a', 2)),
      path('M10 80l14-24h422l14 24z', '#1f2023'),
      rect(10, 80, 450, 24, '#26282c'),
      screen(200, 84, 60, 14, 2, '#0f2f3a'),
      ...[90, 110, 130, 330, 350, 370].map((x) => circle(x, 92, 4, '#5b6168')),
      '<defs><pattern id="ky" width="63" height="40" patternUnits="userSpaceOnUse" x="14"><rect width="63" height="40" fill="#fbfbf8"/><path d="M.5 0v40M9.5 0v40M18.5 0v40M27.5 0v40M36.5 0v40M45.5 0v40M54.5 0v40" stroke="#c9c9c2"/><path d="M6 0h6v24H6zM15 0h6v24h-6zM33 0h6v24h-6zM42 0h6v24h-6zM51 0h6v24h-6z" fill="#1b1c1f"/></pattern></defs>',
      rect(14, 104, 442, 38, 'url(#ky)'),
      rect(10, 140, 450, 12, '#1f2023', 3),
      shine('M24 60h420', 2, 0.3),
    ].join(''),
};

/** A drum pad in perspective: mesh head, chrome rim. */
const pad = (cx: number, cy: number, rx: number): string =>
  ellipse(cx, cy + 6, rx, rx * 0.36, '#2b2d31') +
  ellipse(cx, cy, rx, rx * 0.36, '#c9ced3') +
  ellipse(cx, cy, rx * 0.9, rx * 0.3, '#3a3d42') +
  ellipse(cx - rx * 0.2, cy - rx * 0.06, rx * 0.4, rx * 0.1, '#55595f');

/** A cymbal pad: a thin black disc, tilted. */
const cymbal = (cx: number, cy: number, rx: number): string =>
  ellipse(cx, cy, rx, rx * 0.22, '#1f2023') + ellipse(cx - rx * 0.15, cy - 2, rx * 0.6, rx * 0.1, '#3a3d42') + circle(cx, cy - 1, 3, STEEL);

const drumKit: Drawing = {
  w: 430,
  h: 330,
  focus: [200, 170],
  scene: 'stage',
  draw: () =>
    [
      line('M70 326V120M350 326V120M60 140H360M40 326h60M320 326h60', '#3a3d42', 8),
      line('M70 120L40 60M350 120l36-70M250 140l20-60', '#3a3d42', 5),
      cymbal(40, 60, 52),
      cymbal(390, 48, 56),
      cymbal(270, 80, 40),
      pad(150, 140, 34),
      pad(230, 140, 34),
      shadedRect(180, 190, 64, 120, '#2b2d31', 8, ROUND_Y),
      ellipse(212, 230, 26, 26, '#3a3d42'),
      ellipse(212, 230, 22, 22, '#55595f'),
      path('M196 310h32l4 16h-40z', STEEL),
      pad(110, 210, 40),
      pad(310, 214, 38),
      line('M110 222v104M310 226v100', '#3a3d42', 5),
      pad(30, 250, 26),
      line('M30 256v70', '#3a3d42', 5),
      path('M16 326h30l-6-14h-18z', STEEL),
      shadedRect(330, 150, 50, 34, '#1f2023', 4),
      screen(336, 156, 38, 14, 2, '#0f2f3a'),
      circle(348, 176, 3, '#ff8a3d'),
      circle(362, 176, 3, '#59c3ff'),
    ].join(''),
};

const ukulele: Drawing = {
  w: 170,
  h: 400,
  focus: [85, 300],
  scene: 'lounge',
  size: 0.62,
  draw: () =>
    [
      shadedPath(
        'M85 190c-40 0-56 22-54 50c2 18 14 24 10 40c-8 24-22 36-18 62c4 34 30 56 62 56s58-22 62-56c4-26-10-38-18-62c-4-16 8-22 10-40c2-28-14-50-54-50z',
        '#c27b3c',
        ROUND_X,
      ),
      path(
        'M85 190c-40 0-56 22-54 50c2 18 14 24 10 40c-8 24-22 36-18 62c4 34 30 56 62 56s58-22 62-56c4-26-10-38-18-62c-4-16 8-22 10-40c2-28-14-50-54-50z',
        'none',
        'stroke="#f1e3c8" stroke-width="2"',
      ),
      line('M60 210q-8 60 0 170M110 212q8 60 0 168', '#ad6a30', 1.2),
      circle(85, 262, 20, '#2a1a10'),
      circle(85, 262, 23, 'none', 'stroke="#e9d7b2" stroke-width="2"'),
      rect(62, 340, 46, 10, '#3d2618', 3),
      rect(72, 40, 26, 190, '#3d2618', 2),
      frets(72, 26, 40, 230, 12),
      path('M70 40l-4-38h38l-4 38z', '#8b5a2b'),
      ...[8, 24].map((y) => circle(62, y, 5, '#e9e5dc') + circle(108, y, 5, '#e9e5dc')),
      strings(4, 85, 344, 9, 85, 40, 8),
      shine('M44 330q2 30 30 40', 3, 0.3),
    ].join(''),
};

/** A violin upright, body centred on the origin: f-holes, bridge, tailpiece, fingerboard and scroll. */
function violinBody(): string {
  const outline =
    'M0-92c30 0 44 12 44 36c0 18-8 24-14 32c-6 12-6 34 0 46c10 8 24 18 24 40c0 26-24 40-54 40s-54-14-54-40c0-22 14-32 24-40c6-12 6-34 0-46c-6-8-14-14-14-32c0-24 14-36 44-36z';
  const f = (s: number): string =>
    line(`M${s * 20}-14c${s * -6} 10 ${s * 6} 26 ${s * -2} 40`, '#2a140a', 2.4) +
    circle(s * 20, -15, 2.6, '#2a140a') +
    circle(s * 18, 27, 2.6, '#2a140a');
  return [
    shadedPath(outline, '#a0461a', ROUND_X),
    path(outline, 'none', 'stroke="#5a2208" stroke-width="2"'),
    f(-1),
    f(1),
    path('M-7 58h14l-3 38h-8z', '#1f1410'),
    path('M-12 22h24l-2 6h-20z', '#e9d2a3'),
    path('M-8-16h16l-2-190h-12z', '#1a1412'),
    strings(4, 0, 60, 4, 0, -200, 3, '#d9d2c2'),
    path('M-6-206h12l0-20h-12z', '#7a3412'),
    circle(0, -236, 11, '#8a3c16'),
    circle(0, -236, 5, '#5a2208'),
    rect(-14, -222, 28, 4, '#1f1410', 2),
    rect(-14, -212, 28, 4, '#1f1410', 2),
    path('M-40 76q10 18 30 16l-6-14z', '#1f1410'),
    shine('M-30-70c-8 10-8 22-4 30', 3),
  ].join('');
}

const violin: Drawing = {
  w: 420,
  h: 300,
  focus: [110, 140],
  scene: 'desk',
  draw: () =>
    [
      shadedPath('M180 250q0-40 40-40h150q40 0 40 40q0 44-40 44h-150q-40 0-40-44z', '#2b2d31', ROUND_Y),
      rect(270, 200, 60, 12, RUBBER, 5),
      line('M190 252h210', '#4a4e54', 2, 'stroke-dasharray="6 4"'),
      group('translate(110 196) rotate(12)', violinBody()),
      line('M170 290L400 40', '#6b3a1c', 3),
      line('M178 292L404 46', '#efe8d8', 1.5),
      rect(160, 280, 20, 12, '#1f1410', 2, 'transform="rotate(-47 170 286)"'),
    ].join(''),
};

const bassAmp: Drawing = {
  w: 300,
  h: 330,
  focus: [150, 70],
  scene: 'stage',
  draw: () =>
    [
      shadedRect(16, 40, 268, 286, '#1f2023', 10, ROUND_Y),
      rect(24, 48, 252, 270, 'none', 8, 'stroke="#d9dde1" stroke-width="2"'),
      rect(30, 56, 240, 44, '#c9ced3', 3),
      rect(30, 56, 240, 44, 'url(#m)', 3, 'fill-opacity=".5"'),
      ...[54, 84, 114, 144, 174, 204, 234].map((x) => knob(x, 78, 9)),
      circle(256, 70, 4, '#ff3b3b'),
      speakerCone(150, 212, 96),
      rect(32, 108, 236, 200, '#aab0b6', 6, 'fill-opacity=".25"'),
      '<defs><pattern id="mg" width="8" height="8" patternUnits="userSpaceOnUse"><circle cx="4" cy="4" r="2.6" fill="#0d0e10" fill-opacity=".45"/></pattern></defs>',
      rect(32, 108, 236, 200, 'url(#mg)', 6),
      shadedRect(110, 24, 80, 18, RUBBER, 8, ROUND_Y),
      ...[
        [16, 40],
        [264, 40],
        [16, 306],
        [264, 306],
      ].map(([x, y]) => rect(x!, y!, 20, 20, CHROME, 3) + bolt(x! + 10, y! + 10, 2.5)),
    ].join(''),
};

export const MUSIC_DRAWINGS: Record<string, Drawing> = {
  'music-electric-guitar-1': guitarAndAmp,
  'music-digital-piano-2': digitalPiano,
  'music-drum-kit-3': drumKit,
  'music-ukulele-4': ukulele,
  'music-violin-5': violin,
  'music-bass-amp-6': bassAmp,
};
