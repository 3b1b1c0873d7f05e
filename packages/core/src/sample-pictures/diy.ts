/** DIY and hand tools. Drawn by this project's own code and under the project's licence. */
import type { Drawing } from './picture.ts';
import {
  CHROME,
  CHROME_V,
  PLASTIC_BLACK,
  ROUND_Y,
  RUBBER,
  STEEL,
  STEEL_DARK,
  cable,
  circle,
  dark,
  ellipse,
  knob,
  line,
  num,
  path,
  rect,
  screen,
  shadedRect,
  shine,
  tube,
} from './parts.ts';

/** One section of a ladder: two aluminium rails leaning in towards the top, rungs every `pitch`. */
function ladderSection(left: number, right: number, bottom: number, top: number, pitch = 28): string {
  const lean = (bottom - top) * 0.035;
  const xl = (y: number): number => left + ((bottom - y) / (bottom - top)) * lean;
  const xr = (y: number): number => right - ((bottom - y) / (bottom - top)) * lean;
  let rungs = '';
  for (let y = bottom - 18; y > top + 6; y -= pitch) rungs += `M${num(xl(y))} ${y}H${num(xr(y))}`;
  const rail = (x1: number, x2: number): string =>
    path(`M${num(x1 - 6)} ${bottom}L${num(x2 - 6)} ${top}h12L${num(x1 + 6)} ${bottom}z`, '#c6ccd1') +
    path(`M${num(x1 + 2)} ${bottom}L${num(x2 + 2)} ${top}h4L${num(x1 + 6)} ${bottom}z`, '#8f969c');
  return line(rungs, '#7d858c', 8) + line(rungs, '#b4bac0', 5) + rail(left, left + lean) + rail(right, right - lean);
}

const ladder: Drawing = {
  w: 230,
  h: 430,
  focus: [110, 330],
  scene: 'driveway',
  draw: () =>
    [
      ladderSection(30, 196, 416, 150, 36),
      ladderSection(40, 192, 352, 82, 36),
      ladderSection(50, 188, 288, 8, 36),
      tube('M4 416h222', 10, '#9aa1a8'),
      rect(0, 414, 22, 14, RUBBER, 3),
      rect(208, 414, 22, 14, RUBBER, 3),
      rect(24, 404, 16, 20, RUBBER, 3),
      rect(190, 404, 16, 20, RUBBER, 3),
    ].join(''),
};

const tileCutter: Drawing = {
  w: 460,
  h: 170,
  focus: [280, 100],
  scene: 'tiling',
  draw: () =>
    [
      path('M14 130l24-26h400l-20 26z', '#25313d'),
      shadedRect(14, 130, 404, 26, '#2c5d8f', 3, ROUND_Y),
      rect(40, 150, 40, 16, RUBBER, 3),
      rect(350, 150, 40, 16, RUBBER, 3),
      path('M70 118l12-12h290l-10 12z', '#efe9df'),
      rect(70, 118, 292, 5, '#d3cabb'),
      line('M190 108l-4 12', '#8f969c', 1.5),
      rect(28, 54, 16, 60, '#2c5d8f', 3),
      rect(412, 54, 16, 60, '#2c5d8f', 3),
      tube('M36 64H420M36 80H420', 8, STEEL),
      path('M20 112h30v-6H20z', '#f0b323'),
      line('M22 108h26', '#2b2d31', 1, 'stroke-dasharray="1 3"'),
      shadedRect(244, 56, 56, 36, '#c62a20', 6, ROUND_Y),
      circle(272, 100, 8, '#c9ced3'),
      rect(254, 92, 36, 10, STEEL_DARK, 2),
      tube('M272 58L320 6', 10, STEEL),
      tube('M312 14l22-22', 18, RUBBER),
    ].join(''),
};

const wallpaperSteamer: Drawing = {
  w: 340,
  h: 240,
  focus: [90, 120],
  scene: 'wallpaper',
  draw: () =>
    [
      line('M260 96q30-90-120-80q-90 10-70 100', '#2b2d31', 12),
      line('M260 96q30-90-120-80q-90 10-70 100', '#50545a', 8, 'stroke-dasharray="3 3"'),
      '<defs><pattern id="hp" width="12" height="12" patternUnits="userSpaceOnUse"><circle cx="6" cy="6" r="2.2" fill="#5b6168"/></pattern></defs>',
      shadedRect(10, 104, 132, 104, '#d9dde0', 12, ROUND_Y),
      rect(20, 114, 112, 84, '#b7bdc3', 6),
      rect(20, 114, 112, 84, 'url(#hp)', 6),
      tube('M62 104v-10h28v10', 8, PLASTIC_BLACK),
      shadedRect(170, 96, 150, 138, '#2c7da0', 14, ROUND_Y),
      rect(290, 120, 12, 80, '#cfe8f3', 4, 'fill-opacity=".7"'),
      rect(290, 160, 12, 40, '#7cc4e4', 4),
      tube('M196 96q0-30 30-30h40q30 0 30 30', 12, PLASTIC_BLACK),
      circle(246, 96, 14, '#f0b323'),
      knob(200, 200, 9),
      circle(226, 200, 5, '#ff5a3c'),
      cable('M320 200q20 20 10 40', '#1f2023', 4),
    ].join(''),
};

/** A sash clamp: a long steel bar, a sliding tail jaw and a screw head with its tommy bar. */
function sashClamp(y: number, x1: number, x2: number, jaw: string): string {
  return [
    rect(x1, y - 4, x2 - x1, 9, STEEL, 2),
    rect(x1, y + 1, x2 - x1, 4, STEEL_DARK, 2),
    shadedRect(x1 + 60, y - 18, 22, 26, jaw, 3, ROUND_Y),
    circle(x1 + 71, y + 2, 3, '#d6dadd'),
    shadedRect(x2 - 40, y - 18, 24, 26, jaw, 3, ROUND_Y),
    tube(`M${x2 - 16} ${y - 8}H${x2 + 14}`, 7, STEEL),
    tube(`M${x2 + 14} ${y - 20}v24`, 5, STEEL),
    circle(x2 + 14, y - 21, 3.5, STEEL),
    circle(x2 + 14, y + 5, 3.5, STEEL),
  ].join('');
}

const sashClamps: Drawing = {
  w: 460,
  h: 250,
  focus: [370, 120],
  scene: 'workbench',
  draw: () =>
    [
      shadedRect(70, 8, 16, 240, '#b98a56', 2),
      shadedRect(370, 8, 16, 240, '#b98a56', 2),
      rect(60, 240, 36, 10, '#8a6238', 2),
      rect(360, 240, 36, 10, '#8a6238', 2),
      ...[34, 70, 106, 142, 178, 214].map((y, i) => sashClamp(y, 14 + (i % 2) * 12, 410 + (i % 3) * 6, i % 2 ? '#c62a20' : '#2c5d8f')),
    ].join(''),
};

const screwdriver = (x: number, y: number, handle: string): string =>
  line(`M${x} ${y}v-40`, '#c9ced3', 3.5) +
  shadedRect(x - 6, y, 12, 44, handle, 5) +
  line(`M${x - 3} ${y + 8}v28M${x + 3} ${y + 8}v28`, dark(handle, 0.25), 1.5);

const toolKit: Drawing = {
  w: 410,
  h: 250,
  focus: [200, 160],
  scene: 'workbench',
  draw: () =>
    [
      shadedRect(20, 6, 360, 126, '#3a3d42', 8, ROUND_Y),
      rect(32, 18, 336, 104, '#4a4f55', 4),
      ...[56, 80, 104, 128, 152].map((x, i) => screwdriver(x, 60, ['#c62a20', '#f0b323'][i % 2]!)),
      ...[200, 234, 268, 302, 336].map(
        (x, i) =>
          path(`M${x - 5} 108l3-${62 - i * 6}h4l3 ${62 - i * 6}z`, CHROME_V) +
          circle(x, 104 - (62 - i * 6), 9 - i * 0.6, STEEL) +
          circle(x, 104 - (62 - i * 6), 4, '#4a4f55'),
      ),
      path('M10 140h380l10 50H0z', '#26282c'),
      rect(0, 188, 400, 58, '#c62a20', 6),
      rect(0, 188, 400, 58, ROUND_Y, 6),
      rect(60, 204, 24, 18, '#2b2d31', 3),
      rect(316, 204, 24, 18, '#2b2d31', 3),
      shadedRect(150, 220, 100, 16, '#2b2d31', 8, ROUND_Y),
      tube('M40 160L190 176', 9, '#8a5a34'),
      shadedRect(176, 160, 22, 30, STEEL_DARK, 3, ROUND_Y),
      path('M184 160l-8-10h20z', STEEL),
      tube('M222 178l54-24M226 168l56 4', 7, '#d62839'),
      path('M276 150l24-8 2 8-20 10zM282 168l24 2-2 8-22-2z', CHROME),
      shadedRect(314, 146, 40, 36, '#f0b323', 8, ROUND_Y),
      circle(334, 164, 9, PLASTIC_BLACK),
      ...[60, 82, 104, 126].map((x) => ellipse(x, 150, 9, 4, CHROME)),
      shine('M30 16h340', 2, 0.25),
    ].join(''),
};

const laserLevel: Drawing = {
  w: 420,
  h: 330,
  focus: [210, 130],
  scene: 'floorboards',
  draw: () =>
    [
      path('M210 116L0 112v8zM210 116l210-4v8z', '#ff2a2a', 'fill-opacity=".45"'),
      path('M210 116L206 0h8z', '#ff2a2a', 'fill-opacity=".45"'),
      line('M0 116H420M210 116V0', '#ff3b3b', 1.2),
      tube('M210 200L124 326M210 200l86 126M210 200v120', 7, '#3a3d42'),
      rect(196, 196, 28, 30, '#2b2d31', 4),
      shadedRect(162, 84, 96, 114, '#f0b323', 14),
      rect(162, 176, 96, 22, RUBBER, 8),
      screen(176, 100, 68, 36, 6, '#23262b'),
      circle(210, 116, 5, '#ff6b6b'),
      rect(196, 88, 28, 10, PLASTIC_BLACK, 3),
      knob(230, 160, 8),
      circle(186, 160, 5, '#7cd35a'),
    ].join(''),
};

export const DIY_DRAWINGS: Record<string, Drawing> = {
  'diy-ladder-1': ladder,
  'diy-tile-cutter-2': tileCutter,
  'diy-wallpaper-steamer-3': wallpaperSteamer,
  'diy-clamps-4': sashClamps,
  'diy-tool-kit-5': toolKit,
  'diy-laser-level-6': laserLevel,
};
