/** Sports equipment. Drawn by this project's own code and under the project's licence. */
import type { Drawing } from './picture.ts';
import {
  CHROME,
  PLASTIC_BLACK,
  ROUND_Y,
  RUBBER,
  STEEL,
  circle,
  dark,
  ellipse,
  group,
  line,
  num,
  path,
  rect,
  screen,
  shadedPath,
  shadedRect,
  shine,
  spokedWheel,
  tube,
  wheel,
} from './parts.ts';

const eBike: Drawing = {
  w: 440,
  h: 270,
  focus: [250, 160],
  scene: 'park',
  draw: () => {
    const frame = '#2c4f7c';
    return [
      spokedWheel(88, 200, 68, 20),
      spokedWheel(352, 200, 68, 20),
      line('M30 160q58-60 116 0M294 160q58-60 116 0', '#3a3d42', 4),
      tube('M200 210L88 200L182 104M200 210L182 96', 9, frame),
      tube('M186 106L314 90M200 210L318 116M316 84l36 116', 11, frame),
      shadedPath('M212 188l96-70q14-6 16 8l-84 74q-20 10-28-12z', '#2b2d31', ROUND_Y),
      rect(250, 150, 14, 6, '#7cd35a', 2, 'transform="rotate(-36 257 153)"'),
      circle(88, 200, 16, '#3a3d42'),
      circle(88, 200, 16, 'url(#rd)'),
      line('M88 186L200 196M88 214L200 224', '#4a4f55', 2.5),
      circle(200, 210, 18, '#8a9198'),
      circle(200, 210, 18, 'url(#rd)'),
      tube('M200 210l24 26', 6, '#3a3d42'),
      rect(214, 234, 22, 6, RUBBER, 2),
      tube('M180 96l-6-22', 7, STEEL),
      shadedPath('M146 72q30-10 58-4q6 6-4 10l-46 4q-14-2-8-10z', RUBBER, ROUND_Y),
      tube('M314 86l-4-26l-30-4', 6, '#3a3d42'),
      tube('M286 56l-18-2', 8, RUBBER),
      screen(300, 62, 18, 12, 2),
      line('M60 130h56l8 14', '#5b6168', 4),
    ].join('');
  },
};

const paddleboard: Drawing = {
  w: 480,
  h: 150,
  focus: [330, 90],
  scene: 'lake',
  lift: -10,
  mirror: false,
  draw: () =>
    [
      path('M60 112l26 34h18l-6-34z', RUBBER),
      path('M10 100q40-44 230-44q190 2 230 36q-40 34-230 36q-190 0-230-28z', '#1f8fa3'),
      path('M10 100q40-6 230-4q190 2 230-4q-40 34-230 36q-190 0-230-28z', dark('#1f8fa3', 0.25)),
      path('M16 96q40-36 224-36q184 2 222 32q-40-24-222-26q-184 0-224 30z', '#e9f4f6'),
      `<defs><pattern id="dp" width="8" height="8" patternUnits="userSpaceOnUse"><rect width="8" height="8" fill="#8d969c"/><path d="M0 4h8M4 0v8" stroke="#737c82" stroke-width="1"/></pattern></defs>`,
      path('M120 78q60-10 170-8l-4 46q-110 4-170-4z', 'url(#dp)'),
      rect(196, 86, 28, 8, RUBBER, 3),
      line('M360 72l50 24M360 96l50-24M380 68l36 32M380 100l36-32', '#1f2023', 2),
      tube('M70 58L360 48', 6, '#2b2d31'),
      shadedPath('M352 40q40-10 64 4q-20 14-62 10z', '#f0b323', ROUND_Y),
      tube('M64 58l-10 2', 10, RUBBER),
    ].join(''),
};

/** A tennis racket along the y axis: handle end at the origin, head up to y = -270. */
function racket(colour: string): string {
  const cy = -180;
  const rx = 58;
  const ry = 80;
  let strings = '';
  for (let x = -48; x <= 48; x += 10) {
    const h = ry * 0.92 * Math.sqrt(1 - (x / (rx * 0.9)) ** 2);
    strings += `M${x} ${num(cy - h)}V${num(cy + h)}`;
  }
  for (let y = -68; y <= 68; y += 10) {
    const w = rx * 0.92 * Math.sqrt(1 - (y / (ry * 0.9)) ** 2);
    strings += `M${num(-w)} ${cy + y}H${num(w)}`;
  }
  return [
    shadedRect(-11, -4, 22, 100, RUBBER, 5),
    line('M-10 10l20 8M-10 28l20 8M-10 46l20 8M-10 64l20 8', '#3e4147', 2),
    tube(`M-6 -4L-34 ${cy + 70}M6 -4L34 ${cy + 70}`, 10, colour),
    line(strings, '#d9dad2', 1.4),
    ellipse(0, cy, rx, ry, 'none', `stroke="${dark(colour, 0.3)}" stroke-width="13"`),
    ellipse(0, cy, rx, ry, 'none', `stroke="${colour}" stroke-width="9"`),
    ellipse(-3, cy - 3, rx, ry, 'none', 'stroke="#fff" stroke-opacity=".35" stroke-width="2"'),
  ].join('');
}

const ball = (x: number, y: number, r = 16): string =>
  circle(x, y, r, '#d7e84a') +
  circle(x, y, r, 'url(#rd)') +
  line(
    `M${x - r * 0.9} ${y - r * 0.4}q${r * 0.9} ${r * 0.7} ${r * 1.8} 0M${x - r * 0.9} ${y + r * 0.4}q${r * 0.9} ${-r * 0.7} ${r * 1.8} 0`,
    '#fbfbf4',
    2.5,
  );

const tennis: Drawing = {
  w: 380,
  h: 240,
  focus: [150, 110],
  scene: 'court',
  draw: () =>
    [
      group('translate(236 196) rotate(-62) scale(.8)', racket('#c62a20')),
      group('translate(150 196) rotate(55) scale(.8)', racket('#1f3f77')),
      ball(300, 222),
      ball(334, 224),
      ball(318, 196),
    ].join(''),
};

const kayak: Drawing = {
  w: 480,
  h: 160,
  focus: [230, 90],
  scene: 'lake',
  lift: -10,
  draw: () =>
    [
      path('M8 96q60-46 232-46q190 0 232 40q-46 42-232 44q-176 0-232-38z', '#e8731c'),
      path('M8 96q60 10 232 10q190 0 232-16q-46 42-232 44q-176 0-232-38z', dark('#e8731c', 0.25)),
      shine('M40 84q80-26 200-28q150 0 210 26', 3, 0.4),
      shadedPath('M150 82q60-14 140-6l-10 32q-70 6-126-2z', dark('#e8731c', 0.4), ROUND_Y),
      shadedPath('M176 88q4-34 20-36l24 2q10 4 4 36z', '#2b2d31', ROUND_Y),
      ellipse(350, 80, 30, 10, PLASTIC_BLACK),
      line('M20 92l14-4M452 88l12 4', RUBBER, 6),
      tube('M40 40L430 120', 6, '#3a3d42'),
      ...[
        [40, 40, -12],
        [430, 120, 168],
      ].map(([x, y, a]) =>
        group(`translate(${x} ${y}) rotate(${a})`, shadedPath('M0 0q-20-14-50-8q-6 12 0 22q30 4 50-14z', '#f0b323', ROUND_Y)),
      ),
    ].join(''),
};

/** A club's head at the end of its shaft: a driver with its knitted cover, irons, a putter. */
function club(x: number, top: number, kind: 'driver' | 'iron' | 'putter', tilt: number): string {
  const shaft = line(`M${x} 120L${x + tilt} ${top}`, '#c9ced3', 3);
  const hx = x + tilt;
  if (kind === 'driver')
    return (
      shaft +
      shadedPath(`M${hx - 20} ${top + 8}q-4-30 20-34q26 4 20 34z`, '#c62a20', ROUND_Y) +
      circle(hx, top - 28, 8, '#f1ede4') +
      line(`M${hx - 18} ${top - 4}h36`, '#f1ede4', 3)
    );
  if (kind === 'putter') return shaft + rect(hx - 4, top - 4, 28, 10, '#2b2d31', 3);
  return shaft + path(`M${hx} ${top + 6}l4-14 22 6-6 12z`, CHROME);
}

const golf: Drawing = {
  w: 220,
  h: 370,
  focus: [110, 90],
  scene: 'fairway',
  draw: () =>
    [
      line('M150 130l40 236M70 130l-20 236', '#6f767c', 4),
      club(100, 46, 'driver', -10),
      club(110, 60, 'iron', 20),
      club(120, 70, 'iron', 34),
      club(96, 66, 'iron', -34),
      club(108, 76, 'putter', 48),
      club(88, 76, 'iron', -52),
      shadedPath('M52 360l-8-240q64-20 132 0l-8 240q-58 10-116 0z', '#1f3a5f'),
      path('M66 356l-4-220h22l2 224z', '#f1ede4'),
      path('M70 356l-3-210h10l2 212z', '#c62a20'),
      shadedPath('M120 220q40-4 44 20l-2 80q-24 12-44 4z', '#16304d', ROUND_Y),
      ellipse(110, 122, 66, 13, '#2b2d31'),
      ellipse(110, 118, 66, 10, 'none', 'stroke="#2f4d75" stroke-width="6"'),
      line('M46 150q-30 80 4 150', RUBBER, 8),
      shine('M60 140l4 200', 4, 0.3),
    ].join(''),
};

const tableTennis: Drawing = {
  w: 460,
  h: 260,
  focus: [230, 110],
  scene: 'patio',
  draw: () =>
    [
      tube('M100 178l-6 70M360 178l6 70M150 110v80M310 110v80', 8, '#3a3d42'),
      line('M96 226h268', '#3a3d42', 6),
      wheel(94, 250, 9, '#9aa1a8'),
      wheel(366, 250, 9, '#9aa1a8'),
      path('M80 170h300l-60-114h-180z', '#1f5fa8'),
      path('M80 170h300l-60-114h-180z', ROUND_Y),
      line('M86 166h288l-56-106h-176zM230 60v106', '#f4f4f1', 2.5),
      rect(80, 170, 300, 10, '#1b4f8a'),
      `<defs><pattern id="nt" width="5" height="5" patternUnits="userSpaceOnUse"><path d="M0 .5h5M.5 0v5" stroke="#1f2023" stroke-width="1"/></pattern></defs>`,
      rect(108, 84, 244, 18, 'url(#nt)'),
      rect(108, 82, 244, 4, '#f4f4f1'),
      line('M108 82v24M352 82v24', '#2b2d31', 4),
      group('rotate(-30 160 150)', rect(155, 150, 10, 30, '#7a5a3c', 3) + ellipse(160, 134, 22, 19, '#c62a20')),
      ellipse(290, 130, 6, 5, '#fbfbf4'),
      ellipse(290, 135, 6, 1.6, '#000', 'fill-opacity=".2"'),
    ].join(''),
};

export const SPORTS_DRAWINGS: Record<string, Drawing> = {
  'sports-e-bike-1': eBike,
  'sports-paddleboard-2': paddleboard,
  'sports-tennis-3': tennis,
  'sports-kayak-4': kayak,
  'sports-golf-5': golf,
  'sports-table-tennis-6': tableTennis,
};
