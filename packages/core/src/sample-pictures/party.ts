/** Party supplies. Drawn by this project's own code and under the project's licence. */
import type { Drawing } from './picture.ts';
import {
  CHROME_V,
  PLASTIC_BLACK,
  ROUND_Y,
  STEEL,
  circle,
  cylinder,
  ellipse,
  knob,
  line,
  path,
  rect,
  shadedPath,
  shadedRect,
  shine,
  tube,
  vents,
} from './parts.ts';

const gazebo: Drawing = {
  w: 460,
  h: 300,
  focus: [120, 110],
  scene: 'lawn',
  draw: () =>
    [
      tube('M64 108V268M262 100V268M398 108V268', 6, '#8f969c'),
      shadedPath('M14 96q110-34 216-74q106 40 216 74z', '#f4f4f1', ROUND_Y),
      line('M230 22L120 96M230 22L340 96', '#d8dad6', 2),
      rect(14, 96, 432, 24, '#e9eae6'),
      path('M14 120h432v6q-27 8-54 0t-54 0-54 0-54 0-54 0-54 0-54 0-54 0z', '#dfe0dc'),
      line('M24 126l103 30 103-30 103 30 103-30M24 156l103-30 103 30 103-30 103 30', '#9aa1a8', 3),
      tube('M24 120V296M230 120V296M436 120V296', 8, '#a9b0b6'),
      rect(16, 292, 16, 5, '#6f767c'),
      rect(222, 292, 16, 5, '#6f767c'),
      rect(428, 292, 16, 5, '#6f767c'),
    ].join(''),
};

/** A folding trestle table, open, seen from the front and a little above. */
function trestleTable(): string {
  return [
    tube('M48 120l-14 100M78 120l14 100M248 120l-14 100M278 120l14 100', 5, '#8f969c'),
    line('M40 180h46M240 180h46', '#8f969c', 4),
    path('M20 110l60-40h260l-60 40z', '#ecebe6'),
    path('M20 110l60-40h260l-60 40z', ROUND_Y),
    rect(20, 110, 260, 12, '#c9c7c0', 3),
    line('M56 98h220', '#d9d7d0', 1.5),
  ].join('');
}

const trestleTables: Drawing = {
  w: 450,
  h: 230,
  focus: [150, 110],
  scene: 'lawn',
  draw: () =>
    [
      ...[0, 1, 2].map(
        (i) =>
          path(`M${330 + i * 14} 228l${40 - i * 2}-200h14l-${40 - i * 2} 200z`, i % 2 ? '#d9d7d0' : '#ecebe6') +
          line(`M${340 + i * 14} 200l30-150`, '#9aa1a8', 3),
      ),
      trestleTable(),
    ].join(''),
};

const festoonLights: Drawing = {
  w: 460,
  h: 260,
  focus: [120, 80],
  scene: 'evening',
  zoom: 2.4,
  draw: () => {
    let bulbs = '';
    const swag = (x1: number, x2: number): void => {
      for (let i = 1; i < 8; i++) {
        const t = i / 8;
        const x = x1 + (x2 - x1) * t;
        const y = 22 + 70 * 4 * t * (1 - t);
        bulbs +=
          line(`M${x} ${y}v8`, '#1f2023', 2) +
          circle(x, y + 17, 16, 'url(#glow)') +
          rect(x - 3, y + 6, 6, 6, '#1f2023', 1) +
          circle(x, y + 17, 6.5, '#fff3c4');
      }
    };
    swag(14, 230);
    swag(230, 446);
    return [
      shadedRect(4, 16, 16, 244, '#7a5a3c', 2),
      shadedRect(440, 16, 16, 244, '#7a5a3c', 2),
      line('M14 22q108 140 216 0q108 140 216 0', '#1f2023', 2.5),
      bulbs,
    ].join('');
  },
};

const chocolateFountain: Drawing = {
  w: 230,
  h: 300,
  focus: [115, 130],
  scene: 'kitchen',
  draw: () => {
    const tier = (y: number, rx: number): string =>
      ellipse(115, y, rx, rx * 0.18, '#c9ced3') + ellipse(115, y - 2, rx - 4, rx * 0.14, '#6b3b22');
    const curtain = (y1: number, y2: number, rx: number): string =>
      path(
        `M${115 - rx} ${y1}q-2 ${(y2 - y1) / 2} ${-8} ${y2 - y1}q${rx + 8} 16 ${2 * rx + 16} 0q-6-${(y2 - y1) / 2}-8-${y2 - y1}z`,
        '#5a3320',
      ) + line(`M${115 - rx / 3} ${y1 + 4}v${y2 - y1 - 8}M${115 + rx / 2} ${y1 + 4}v${y2 - y1 - 10}`, '#8a5435', 3);
    return [
      shadedPath('M30 296l10-50h150l10 50z', '#2b2d31', ROUND_Y),
      knob(80, 274, 8),
      knob(150, 274, 8),
      ellipse(115, 246, 96, 16, '#c9ced3'),
      ellipse(115, 244, 88, 12, '#5a3320'),
      curtain(186, 240, 60),
      rect(106, 60, 18, 186, '#d6dadd', 6, 'fill-opacity=".7"'),
      tier(186, 64),
      curtain(130, 182, 42),
      tier(130, 46),
      curtain(82, 126, 28),
      tier(82, 32),
      path('M103 82q4-24 12-26q8 2 12 26z', '#5a3320'),
      shine('M108 70v-8', 2),
      ...[
        [20, 282],
        [206, 284],
        [36, 290],
      ].map(
        ([x, y]) =>
          path(`M${x! - 8} ${y! - 6}q8-6 16 0q-2 12-8 14q-6-2-8-14z`, '#d62839') + path(`M${x! - 5} ${y! - 8}l5 3 5-3`, '#3f8a3a'),
      ),
    ].join('');
  },
};

const candyfloss: Drawing = {
  w: 300,
  h: 240,
  focus: [200, 80],
  scene: 'lawn',
  draw: () =>
    [
      shadedRect(70, 150, 160, 88, '#d62839', 6, ROUND_Y),
      rect(90, 166, 120, 40, '#f5f1ea', 4),
      knob(120, 186, 9),
      knob(180, 186, 9),
      vents(88, 216, 13, 14, 10, '#a81d2c'),
      shadedPath('M20 112q10 54 130 58q120-4 130-58z', CHROME_V),
      ellipse(150, 112, 130, 22, '#dfe3e6'),
      ellipse(150, 114, 120, 17, '#9aa1a8'),
      ellipse(150, 116, 60, 8, '#f7c6d9', 'fill-opacity=".8"'),
      cylinder(150, 104, 14, 12, '#c9ced3'),
      line('M196 170l10-100', '#f5f1ea', 5),
      ...[
        [206, 60, 26],
        [184, 44, 20],
        [226, 38, 20],
        [204, 24, 18],
        [188, 70, 16],
        [228, 66, 16],
      ].map(([x, y, r]) => circle(x!, y!, r!, '#f7b6cf')),
      circle(198, 38, 14, '#fbd6e4'),
      circle(214, 52, 10, '#fbd6e4'),
    ].join(''),
};

const patioHeater: Drawing = {
  w: 200,
  h: 420,
  focus: [100, 80],
  scene: 'evening',
  zoom: 2.6,
  draw: () =>
    [
      rect(36, 404, 128, 14, '#2b2d31', 3),
      shadedPath('M50 406l8-104q42-14 84 0l8 104z', '#3a3d42'),
      shine('M64 310l-6 90', 4, 0.3),
      shadedRect(72, 290, 56, 26, '#2b2d31', 6, ROUND_Y),
      knob(100, 302, 8, '#c9ced3'),
      tube('M100 290V120', 12, STEEL),
      circle(100, 94, 60, 'url(#glow)'),
      shadedRect(78, 66, 44, 56, '#d9692b', 6),
      line('M84 66v56M92 66v56M100 66v56M108 66v56M116 66v56', '#3a3d42', 2),
      rect(76, 118, 48, 8, '#5b6168', 2),
      shadedPath('M8 62L100 10l92 52z', '#9aa1a8', CHROME_V),
      ellipse(100, 62, 92, 9, '#6f767c'),
      circle(100, 10, 5, PLASTIC_BLACK),
    ].join(''),
};

export const PARTY_DRAWINGS: Record<string, Drawing> = {
  'party-gazebo-1': gazebo,
  'party-tables-2': trestleTables,
  'party-festoon-lights-3': festoonLights,
  'party-chocolate-fountain-4': chocolateFountain,
  'party-candyfloss-5': candyfloss,
  'party-patio-heater-6': patioHeater,
};
