/** Camping gear. Drawn by this project's own code and under the project's licence. */
import type { Drawing } from './picture.ts';
import {
  ROUND_Y,
  RUBBER,
  STEEL,
  box,
  cable,
  circle,
  dark,
  ellipse,
  group,
  knob,
  light,
  line,
  num,
  path,
  rect,
  screen,
  shadedPath,
  shadedRect,
  shine,
  tube,
  vents,
} from './parts.ts';

const tent: Drawing = {
  w: 440,
  h: 230,
  focus: [110, 160],
  scene: 'campsite',
  draw: () =>
    [
      line('M60 120L4 226M410 150l28 76M230 44l-40-20', '#d9d4c6', 1.2),
      shadedPath('M30 226q30-150 150-182l120 4q110 40 126 178z', '#4e7d3a', ROUND_Y),
      path('M30 226q6-30 16-50h370q8 22 10 50z', '#5f6a5a'),
      line('M126 72q-40 60-46 154M236 46q-4 90 6 180M340 80q30 60 34 146', '#3b6130', 9),
      path('M52 226q20-100 76-136l20 136z', '#25301f'),
      line('M54 222q20-98 74-132', '#3d6a2f', 6),
      rect(190, 120, 46, 30, '#2d3a28', 8),
      rect(290, 124, 46, 30, '#2d3a28', 8),
      shine('M70 130q30-70 110-84l110 4', 4, 0.3),
      line('M30 226h400', '#3a4434', 3),
      line('M4 226l-4-8M438 226l2-8', '#9aa1a8', 3),
    ].join(''),
};

const stove: Drawing = {
  w: 310,
  h: 210,
  focus: [120, 130],
  scene: 'campsite',
  draw: () =>
    [
      path('M60 110V18h240v92z', '#2f6f4a'),
      rect(70, 26, 220, 76, dark('#2f6f4a', 0.2), 4),
      path('M20 150V80l40-62v92zM260 150V80l40-62v92z', light('#2f6f4a', 0.15)),
      path('M20 150l40-40h240l-40 40z', '#3a3d42'),
      ...[118, 214].map(
        (x) =>
          ellipse(x, 130, 34, 10, '#1c1d20') +
          ellipse(x, 128, 22, 6, 'none', 'stroke="#4aa3ff" stroke-width="4"') +
          ellipse(x, 126, 14, 3, '#a8d4ff', 'fill-opacity=".7"') +
          line(`M${x - 40} 130h80M${x - 20} 118l40 24M${x + 20} 118l-40 24`, '#7d858c', 2.5),
      ),
      shadedRect(20, 150, 240, 52, '#2f6f4a', 4, ROUND_Y),
      knob(80, 176, 11),
      knob(200, 176, 11),
      rect(126, 166, 28, 20, '#c9ced3', 3),
      line('M260 150l40-40v52l-40 40', dark('#2f6f4a', 0.35), 2),
      path('M260 150l40-40v52l-40 40z', dark('#2f6f4a', 0.25)),
    ].join(''),
};

/** A quilted mummy sleeping bag lying flat, hood at the left. */
function sleepingBag(colour: string): string {
  const d = 'M20 96q0-40 52-44l230-10q40 0 44 34q-4 34-44 36l-230 10q-52-2-52-26z';
  return [
    shadedPath(d, colour, ROUND_Y),
    line([110, 150, 190, 230, 270].map((x) => `M${x} ${num(55 - ((x - 72) * 10) / 230)}q-6 32 0 64`).join(''), dark(colour, 0.2), 2.5),
    line('M86 58l218-14', '#1f2023', 2),
    ellipse(56, 92, 22, 18, dark(colour, 0.45)),
    ellipse(56, 92, 14, 11, '#3b4046'),
    shine('M90 56l200-10', 3, 0.35),
  ].join('');
}

const sleepingBags: Drawing = {
  w: 360,
  h: 170,
  focus: [80, 110],
  scene: 'campsite',
  draw: () => group('translate(10 -20)', sleepingBag('#2c5d8f')) + group('translate(0 30)', sleepingBag('#c0392b')),
};

const rucksack: Drawing = {
  w: 230,
  h: 310,
  focus: [115, 90],
  scene: 'mountain',
  draw: () =>
    [
      shadedPath('M14 262q-10-20 26-26v40q-26 4-26-14zM216 262q10-20-26-26v40q26 4 26-14z', RUBBER),
      shadedPath('M42 300l-10-206q2-42 83-46q81 4 83 46l-10 206q-73 14-146 0z', '#2a6f97'),
      path('M24 140q-16 60 10 130h14l-8-130zM206 140q16 60-10 130h-14l8-130z', dark('#2a6f97', 0.2)),
      rect(196, 116, 22, 60, '#b8bec4', 6),
      rect(196, 116, 22, 60, 'url(#mv)', 6),
      shadedPath('M62 282l-4-112q57-12 114 0l-4 112q-53 10-106 0z', '#1f3f57', ROUND_Y),
      line('M60 200q55-12 110 0', '#3d7bab', 2, 'stroke-dasharray="5 4"'),
      shadedPath('M34 96q2-66 81-70q79 4 81 70q-81 16-162 0z', '#23597a', ROUND_Y),
      line('M44 88q71 12 142 0', '#14364a', 2),
      tube('M98 30q17-20 34 0', 5, '#1f2023'),
      line('M34 150h34M162 150h34M32 230h34M164 230h34', '#1f2023', 4),
      rect(60, 144, 12, 12, '#e0e0dc', 2),
      rect(158, 144, 12, 12, '#e0e0dc', 2),
      rect(72, 112, 86, 20, '#e8731c', 4),
      shine('M52 110q4-60 62-66', 4),
    ].join(''),
};

const coolBox: Drawing = {
  w: 290,
  h: 230,
  focus: [120, 110],
  scene: 'van',
  draw: () =>
    [
      box(20, 86, 220, 140, 56, '#3d6f99'),
      rect(20, 86, 220, 140, ROUND_Y),
      path('M16 90l34-26h224l-34 26z', '#eceff1'),
      rect(16, 86, 228, 20, '#dfe3e6', 4),
      rect(16, 86, 228, 20, ROUND_Y, 4),
      tube('M24 100q-10-70 106-74q116 4 106 74', 8, '#2b2e33'),
      screen(90, 126, 80, 34, 5),
      path('M104 134h16v18h-16zM126 134h16v18h-16z', '#59c3ff', 'fill-opacity=".85"'),
      circle(186, 143, 6, '#e8e8e4'),
      vents(248, 110, 4, 60, 8, '#264a69'),
      cable('M240 200q40 10 30 26q-10 6-30 4', '#1f2023', 4),
      shadedRect(226, 220, 26, 9, '#c62a20', 3),
    ].join(''),
};

/** A folding camp chair seen from the front: X legs, seat sling, back and armrests. */
function chair(colour: string): string {
  return [
    tube('M12 200L108 140M108 200L12 140', 5, STEEL),
    path('M18 24h84l4 104H14z', colour),
    path('M18 24h84l4 104H14z', ROUND_Y),
    path('M8 132q52 24 104 0l-6 20q-46 16-92 0z', dark(colour, 0.2)),
    tube('M14 200L18 22M106 200L102 22', 5, STEEL),
    tube('M-2 110h28M94 110h28', 7, dark(colour, 0.3)),
    rect(112, 104, 14, 20, '#1f2023', 3),
  ].join('');
}

const chairsAndTable: Drawing = {
  w: 440,
  h: 260,
  focus: [180, 150],
  scene: 'campsite',
  draw: () =>
    [
      group('translate(10 58)', chair('#2f6f4a')),
      group('translate(310 58)', chair('#2c4f7c')),
      tube('M180 256l90-76M270 256l-90-76', 4, STEEL),
      path('M160 176l24-16h110l-22 16z', '#d6dadd'),
      rect(160, 176, 112, 8, '#a9afb5'),
      line('M180 168h110M174 172h110M190 164h100', '#b8bec4', 1.5),
      cylinderMug(230, 150),
    ].join(''),
};

const cylinderMug = (x: number, y: number): string =>
  rect(x, y, 18, 22, '#d14b3c', 3) + ellipse(x + 9, y, 9, 3, '#8c2c22') + line(`M${x + 18} ${y + 6}q8 0 8 6t-8 6`, '#d14b3c', 2.5);

export const CAMPING_DRAWINGS: Record<string, Drawing> = {
  'camping-tent-1': tent,
  'camping-stove-2': stove,
  'camping-sleeping-bags-3': sleepingBags,
  'camping-rucksack-4': rucksack,
  'camping-cool-box-5': coolBox,
  'camping-chairs-6': chairsAndTable,
};
