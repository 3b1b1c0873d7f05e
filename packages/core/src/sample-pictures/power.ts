/** Power tools, drawn from the side. Drawn by this project's own code and under the project's licence. */
import type { Drawing } from './picture.ts';
import {
  CHROME,
  PLASTIC_BLACK,
  ROUND_Y,
  RUBBER,
  STEEL,
  STEEL_DARK,
  battery,
  bolt,
  cable,
  circle,
  dark,
  ellipse,
  knob,
  light,
  line,
  path,
  rect,
  sawBlade,
  shadedPath,
  shadedRect,
  shine,
  tube,
  vents,
  wheel,
} from './parts.ts';

/** A masonry or twist drill bit from x1 to x2 along y, with its flutes. */
function drillBit(x1: number, x2: number, y: number, r: number): string {
  let flutes = '';
  for (let x = x1 + 4; x < x2 - 4; x += r * 1.6) flutes += `M${x} ${y - r}l${r * 0.9} ${r * 2}`;
  return (
    rect(x1, y - r, x2 - x1, r * 2, STEEL, r * 0.4) +
    line(flutes, STEEL_DARK, 1.6) +
    path(`M${x1} ${y - r}l-${r * 1.2} ${r}l${r * 1.2} ${r}z`, '#7d858c')
  );
}

const combiDrill: Drawing = {
  w: 270,
  h: 250,
  focus: [60, 90],
  scene: 'workbench',
  draw: () =>
    [
      battery(92, 204, 128, 46, '#12857f'),
      shadedPath('M122 112h70l-12 98h-66z', RUBBER),
      path('M150 112h42l-12 98h-26z', '#12857f'),
      path('M124 124q-12 18 0 34l10-2q-6-16 2-30z', '#1b1c1f'),
      drillBit(0, 30, 79, 5),
      shadedPath('M26 62l30-6v48l-30-6z', '#2a2c30', ROUND_Y),
      rect(20, 66, 10, 26, CHROME, 2),
      shadedRect(54, 50, 22, 60, '#2a2c30', 4, ROUND_Y),
      vents(58, 52, 3, 56, 6, '#111'),
      shadedPath('M74 60q0-22 26-22h122q32 2 34 36q0 34-32 42h-124q-26-2-26-22z', '#12857f', ROUND_Y),
      path('M180 40h46q30 4 30 34q0 30-30 42h-46z', RUBBER),
      vents(196, 54, 5, 42, 9, '#0e0f10'),
      shine('M86 46h130', 3),
      circle(132, 104, 5, '#c7ccd0'),
      rect(100, 232, 20, 6, '#f3f3f0', 2),
    ].join(''),
};

const mitreSaw: Drawing = {
  w: 380,
  h: 290,
  focus: [170, 190],
  scene: 'shed',
  draw: () =>
    [
      tube('M210 118H372M210 140H372', 9, STEEL),
      shadedRect(300, 110, 40, 150, '#3a3d42', 6),
      path('M22 270l30-36h280l30 36z', '#9aa1a8'),
      rect(22, 270, 340, 18, '#5b6168', 3),
      ellipse(192, 252, 96, 14, '#c6ccd1'),
      line('M192 240v26', '#3a3d42', 3),
      rect(40, 200, 300, 34, '#b7bdc3', 3),
      line('M40 212h300', '#8f969c', 2),
      sawBlade(170, 170, 78, 40),
      path('M100 198a80 80 0 0 0 140 0l-14-6a66 66 0 0 1-112 0z', '#b6c5cc', 'fill-opacity=".6"'),
      shadedPath('M80 170a90 90 0 0 1 180 0h-18a72 72 0 0 0-144 0z', '#f0b323', ROUND_Y),
      shadedPath('M230 110l76 4v40l-70 10z', '#f0b323', ROUND_Y),
      ellipse(218, 170, 34, 40, PLASTIC_BLACK),
      vents(200, 150, 5, 40, 8),
      tube('M132 100l-16-42q10-14 40-10l30 20', 14, '#2b2e33'),
      rect(128, 64, 12, 14, '#c62a20', 2),
      knob(192, 282, 7, '#c62a20'),
      bolt(170, 170, 5),
    ].join(''),
};

const orbitalSander: Drawing = {
  w: 250,
  h: 200,
  focus: [110, 160],
  scene: 'workbench',
  zoom: 2,
  draw: () =>
    [
      shadedRect(176, 112, 70, 62, '#3f4348', 10),
      line('M186 130h50M186 146h50M186 162h50', '#2c2f33', 1.5, 'stroke-dasharray="3 3"'),
      tube('M170 150h14', 16, '#2b2e33'),
      ellipse(110, 190, 98, 10, '#c84d32'),
      ellipse(110, 184, 98, 12, '#1f2124'),
      shadedPath('M20 180q4-70 90-78q86 8 90 78z', '#2f6fb5', ROUND_Y),
      path('M26 160q84 16 168 0v12q-84 16-168 0z', RUBBER),
      shadedPath('M58 108q52-60 104 0z', RUBBER, ROUND_Y),
      shine('M40 150q20-36 70-44', 3),
      vents(80, 122, 6, 22, 10),
      rect(150, 130, 18, 10, '#e8e8e4', 3),
      knob(60, 132, 7),
    ].join(''),
};

const jigsaw: Drawing = {
  w: 270,
  h: 240,
  focus: [70, 170],
  scene: 'shed',
  draw: () =>
    [
      rect(56, 150, 9, 90, '#c9ced4'),
      path('M56 156v82l-5-3v-6l5-3v-6l-5-3v-6l5-3v-6l-5-3v-6l5-3v-6l-5-3v-6l5-3v-6l-5-3z', '#9aa1a8'),
      rect(18, 182, 214, 14, CHROME, 3),
      battery(176, 120, 72, 56, '#5aa02c'),
      shadedPath(
        'M28 182V104q0-20 22-22h42q8-48 54-52h60q38 2 38 40v54h-64v62zM118 100h98V76q0-18-16-20h-52q-28 2-30 44z',
        '#5aa02c',
        ROUND_Y,
        'fill-rule="evenodd"',
      ),
      line('M118 42q6-2 14-2h68q28 2 30 28v40', RUBBER, 12),
      path('M156 56q8 12 2 26l-9-3q5-10-1-21z', '#1b1c1f'),
      shadedRect(28, 112, 50, 70, STEEL_DARK, 4),
      vents(90, 116, 4, 48, 9),
      shine('M40 92h50q10-44 56-52h58', 3),
      knob(104, 164, 7),
      circle(44, 176, 4, '#fff7c0'),
    ].join(''),
};

const sdsDrill: Drawing = {
  w: 390,
  h: 220,
  focus: [90, 100],
  scene: 'garage',
  draw: () =>
    [
      line('M96 56H12', '#c0c6cb', 3),
      drillBit(10, 60, 96, 7),
      shadedPath('M54 80l36-10v52l-36-10z', RUBBER, ROUND_Y),
      shadedRect(86, 62, 46, 70, '#8a9198', 6, ROUND_Y),
      rect(96, 60, 14, 74, '#2b2e33', 3),
      tube('M103 128l-22 40', 24, RUBBER),
      ellipse(80, 170, 14, 9, '#3a3d42', 'transform="rotate(-30 80 170)"'),
      tube('M326 128l12 74h34l-4-100q-4-30-34-30', 16, RUBBER),
      shadedPath('M128 64q0-10 12-10h176q28 2 30 34v16q-2 30-30 32h-176q-12 0-12-10z', '#c1272d', ROUND_Y),
      vents(240, 70, 7, 44, 9),
      path('M150 112h90v24h-90z', dark('#c1272d', 0.25)),
      knob(176, 50, 12),
      path('M330 146q-4 16 2 32l10-2q-6-14-2-30z', '#1b1c1f'),
      cable('M372 198q16 6 18 22', '#1f2023', 5),
      rect(358, 186, 20, 18, '#2e3136', 3),
      shine('M140 60h170', 3),
    ].join(''),
};

const floorSander: Drawing = {
  w: 430,
  h: 300,
  focus: [150, 240],
  scene: 'floorboards',
  zoom: 1.9,
  draw: () =>
    [
      // The drum sander: bag, handle, housing, motor, wheels.
      shadedPath('M330 70q40-10 70 6l6 120q-34 14-70 2z', '#d6cfc1', ROUND_Y),
      line('M340 100q30-8 58 2M340 150q30-8 60 2', '#b8af9d', 2),
      tube('M300 176L396 24', 12, '#4a5057'),
      tube('M384 30l28-6', 16, RUBBER),
      tube('M290 190q30-40 50-80', 18, '#6f7780'),
      shadedPath('M150 270v-72q4-30 40-30h110q30 4 30 36v66z', '#5b6570', ROUND_Y),
      rect(150, 222, 180, 10, '#e8731c'),
      cylinderMotor(184, 118, 96, 56),
      rect(146, 262, 70, 14, '#2b2e33', 4),
      wheel(296, 266, 32, '#c9cdd1'),
      // The edging sander beside it.
      ellipse(78, 282, 66, 14, '#2b2e33'),
      shadedPath('M20 280q0-40 58-44q58 4 58 44z', '#5b6570', ROUND_Y),
      rect(46, 188, 64, 56, PLASTIC_BLACK, 10),
      rect(46, 188, 64, 56, ROUND_Y, 10),
      vents(58, 196, 5, 38, 10),
      tube('M40 240q-30-10-32-40M116 240q30-10 32-40', 12, RUBBER),
      rect(70, 252, 16, 10, '#e8731c', 2),
      cable('M330 200q60 40 90 96', '#e8731c', 4),
    ].join(''),
};

/** An electric motor lying on its side: a ribbed cylinder with a cap. */
function cylinderMotor(x: number, y: number, w: number, h: number): string {
  return (
    shadedRect(x, y, w, h, PLASTIC_BLACK, h / 2, ROUND_Y) +
    vents(x + 14, y + 8, Math.floor((w - 28) / 8), h - 16, 8) +
    ellipse(x + w, y + h / 2, 10, h / 2, light(PLASTIC_BLACK, 0.2))
  );
}

export const POWER_DRAWINGS: Record<string, Drawing> = {
  'power-drill-1': combiDrill,
  'power-mitre-saw-2': mitreSaw,
  'power-sander-3': orbitalSander,
  'power-jigsaw-4': jigsaw,
  'power-sds-drill-5': sdsDrill,
  'power-floor-sander-6': floorSander,
};
