/** Moving equipment. Drawn by this project's own code and under the project's licence. */
import type { Drawing } from './picture.ts';
import {
  CHROME,
  GLASS,
  PLASTIC_BLACK,
  ROUND_Y,
  RUBBER,
  STEEL,
  STEEL_DARK,
  bolt,
  circle,
  dark,
  ellipse,
  group,
  light,
  line,
  path,
  rect,
  shadedPath,
  shadedRect,
  shine,
  tube,
  wheel,
} from './parts.ts';

/** A wheel seen at an angle: an upright ellipse with its hub. */
function angledWheel(cx: number, cy: number, rx: number, ry: number): string {
  return (
    ellipse(cx, cy, rx, ry, RUBBER) +
    ellipse(cx + rx * 0.15, cy, rx * 0.55, ry * 0.6, '#c3c8cd') +
    ellipse(cx + rx * 0.15, cy, rx * 0.55, ry * 0.6, 'url(#rd)') +
    ellipse(cx + rx * 0.15, cy, rx * 0.18, ry * 0.2, STEEL_DARK)
  );
}

/** A sack truck's frame: two rails, cross bars, the loop handle on top and the toe plate. */
function sackFrame(colour: string): string {
  return [
    tube('M66 350L76 60M156 350L146 60', 12, colour),
    tube('M70 120h80M68 200h86M66 280h90', 8, colour),
    tube('M76 64q0-50 35-50q35 0 35 50', 12, colour),
    tube('M94 20h34', 16, RUBBER),
    path('M40 364h150l16 24H22z', '#9aa1a8'),
    path('M40 364h150l16 24H22z', ROUND_Y),
    rect(22, 386, 184, 5, STEEL_DARK),
  ].join('');
}

const sackTruck: Drawing = {
  w: 220,
  h: 392,
  focus: [100, 330],
  scene: 'van',
  draw: () =>
    [angledWheel(176, 340, 24, 40), line('M60 340h116', STEEL_DARK, 6), sackFrame('#c62a20'), angledWheel(40, 340, 26, 42)].join(''),
};

/** A tri-star cluster of three small wheels, for climbing stairs. */
function triStar(cx: number, cy: number, colour: string): string {
  let out = path(`M${cx} ${cy - 40}l35 60h-70z`, colour, 'stroke-linejoin="round" stroke-width="18" stroke="' + colour + '"');
  for (let i = 0; i < 3; i++) {
    const a = -Math.PI / 2 + (i * 2 * Math.PI) / 3;
    out += wheel(cx + Math.cos(a) * 36, cy + Math.sin(a) * 36, 17, '#c9cdd1');
  }
  return out + circle(cx, cy, 8, STEEL_DARK);
}

const stairClimber: Drawing = {
  w: 240,
  h: 392,
  focus: [120, 320],
  scene: 'stairs',
  draw: () =>
    [group('translate(8 0)', triStar(190, 336, dark('#2c5d8f', 0.3))), sackFrame('#2c5d8f'), triStar(40, 340, '#3b4a6b')].join(''),
};

/** A furniture dolly seen from above at an angle: carpeted frame on four castors. */
function dolly(x: number, y: number, carpet: string): string {
  const castor = (cx: number, cy: number): string => rect(cx - 6, cy - 4, 12, 8, STEEL_DARK, 2) + ellipse(cx, cy + 10, 7, 9, RUBBER);
  return [
    castor(x + 36, y + 34),
    castor(x + 190, y + 34),
    path(`M${x} ${y + 60}l40-50h180l-40 50z`, '#b98a56'),
    path(`M${x + 44} ${y + 50}l24-30h108l-24 30z`, dark('#b98a56', 0.35)),
    path(`M${x + 4} ${y + 56}l12-15h180l-12 15zM${x + 28} ${y + 26}l10-12h180l-10 12z`, carpet),
    rect(x, y + 60, 180, 10, dark('#b98a56', 0.2)),
    castor(x + 16, y + 76),
    castor(x + 164, y + 76),
  ].join('');
}

const dollies: Drawing = {
  w: 420,
  h: 170,
  focus: [120, 120],
  scene: 'van',
  draw: () => dolly(200, 20, '#2c4f7c') + dolly(20, 74, '#3b4a6b'),
};

const roofBox: Drawing = {
  w: 460,
  h: 170,
  focus: [120, 120],
  scene: 'carRoof',
  draw: () =>
    [
      ...[110, 350].map((x) => path(`M${x - 22} 168l6-34h32l6 34z`, RUBBER) + rect(x - 26, 128, 52, 10, '#2b2d31', 4)),
      shadedPath('M16 118q12-62 130-72l230-2q70 6 76 62q-4 26-30 28l-380 2q-28-2-26-18z', '#2b2d31', ROUND_Y),
      path('M30 96q20-40 116-46l230-2q56 4 66 44', 'none', 'stroke="#4a4e54" stroke-width="2"'),
      shine('M60 68q40-16 110-18h180', 5, 0.35),
      circle(236, 106, 7, CHROME),
      circle(236, 106, 3, '#2b2d31'),
    ].join(''),
};

/** A folded removal blanket: quilted in diamonds, with a bound edge. */
function blanket(x: number, y: number, w: number, colour: string): string {
  const pid = `q${colour.slice(1, 4)}`;
  return [
    `<defs><pattern id="${pid}" width="24" height="16" patternUnits="userSpaceOnUse"><path d="M0 8l12-8 12 8-12 8z" fill="none" stroke="${dark(colour, 0.25)}" stroke-width="1.2"/></pattern></defs>`,
    rect(x, y, w, 40, colour, 8),
    rect(x, y, w, 40, `url(#${pid})`, 8),
    rect(x, y, w, 40, ROUND_Y, 8),
    line(`M${x + 4} ${y + 36}H${x + w - 4}`, light(colour, 0.4), 3),
  ].join('');
}

const strapsAndBlankets: Drawing = {
  w: 420,
  h: 240,
  focus: [190, 110],
  scene: 'van',
  draw: () =>
    [
      blanket(20, 196, 300, '#2c4f7c'),
      blanket(30, 156, 286, '#6b7178'),
      blanket(16, 116, 296, '#3b6e8f'),
      path('M170 116h30v124h-30z', '#e8731c'),
      path('M170 116h30v124h-30z', ROUND_Y),
      shadedRect(160, 96, 50, 30, STEEL, 4, ROUND_Y),
      tube('M206 104l46-20', 10, RUBBER),
      bolt(174, 111, 4),
      circle(360, 196, 46, '#e8731c'),
      circle(360, 196, 46, 'url(#rd)'),
      circle(360, 196, 46, 'none', 'stroke="#b85a14" stroke-width="1.5" stroke-dasharray="1 5"'),
      circle(360, 196, 14, '#c9cdd1'),
      line('M380 240q20-60 30-70', '#e8731c', 8),
      path('M402 170q14-10 10-24q-6-8-14-2', 'none', `stroke="${STEEL}" stroke-width="5"`),
    ].join(''),
};

const trailer: Drawing = {
  w: 470,
  h: 250,
  focus: [60, 190],
  scene: 'driveway',
  draw: () =>
    [
      tube('M150 178L30 190M150 196L30 190', 8, '#7d858c'),
      shadedPath('M8 180q0-14 18-14h14v24h-14q-18 0-18-10z', PLASTIC_BLACK, ROUND_Y),
      tube('M70 180v40', 10, STEEL),
      wheel(70, 232, 14, '#c9cdd1'),
      rect(130, 80, 320, 112, '#b8bec4'),
      rect(130, 80, 320, 112, 'url(#mv)', 0, 'fill-opacity=".5"'),
      line('M170 84v104M210 84v104M250 84v104M290 84v104M330 84v104M370 84v104M410 84v104', '#8f969c', 3),
      rect(126, 76, 328, 8, '#9aa1a8', 2),
      rect(126, 186, 328, 10, '#6f767c', 2),
      path('M242 196q0-46 58-46q58 0 58 46z', '#3a3d42'),
      wheel(300, 214, 34, '#c9cdd1'),
      rect(440, 170, 18, 14, '#d62828', 2),
      rect(440, 170, 18, 14, GLASS, 2),
      shine('M140 90h300', 3, 0.5),
    ].join(''),
};

export const MOVING_DRAWINGS: Record<string, Drawing> = {
  'moving-sack-truck-1': sackTruck,
  'moving-dollies-2': dollies,
  'moving-roof-box-3': roofBox,
  'moving-straps-4': strapsAndBlankets,
  'moving-stair-climber-5': stairClimber,
  'moving-trailer-6': trailer,
};
