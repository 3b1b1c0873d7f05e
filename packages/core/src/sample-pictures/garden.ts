/** Garden tools, drawn from the side. Drawn by this project's own code and under the project's licence. */
import type { Drawing } from './picture.ts';
import {
  PLASTIC_BLACK,
  ROUND_Y,
  STEEL,
  STEEL_DARK,
  battery,
  cable,
  circle,
  dark,
  ellipse,
  group,
  knob,
  light,
  line,
  path,
  rect,
  shadedPath,
  shadedRect,
  shine,
  teeth,
  tube,
  vents,
  wheel,
} from './parts.ts';

/** A pair of handlebars rising from (x1, y1) to a grip at (x2, y2): the far bar first, a little offset. */
function handlebars(x1: number, y1: number, x2: number, y2: number, colour = '#2b2e33', width = 7): string {
  const d = `M${x1} ${y1}L${x2} ${y2}q4-8 16-6`;
  return (
    group('translate(-9 -5)', tube(d, width, dark(colour, 0.2))) +
    tube(d, width, colour) +
    tube(`M${x2 - 2} ${y2 - 2}q4-8 16-6`, width + 3, '#1d1e21')
  );
}

const mower: Drawing = {
  w: 340,
  h: 240,
  focus: [150, 150],
  scene: 'lawn',
  draw: () =>
    [
      // Grass box behind the deck.
      shadedPath('M245 112l80-12q8 0 9 8l4 88q0 8-8 9l-78 6z', '#3b4147', ROUND_Y),
      line('M262 120l60-9M262 140l62-8M263 160l63-8M264 180l64-8', '#2a2f34', 3),
      handlebars(258, 168, 318, 34),
      line('M300 58l-20-18', '#1d1e21', 4),
      // Deck, skirt and engine.
      shadedPath('M28 214c0-42 30-64 92-66h108c34 2 50 24 52 52v14z', '#2f8a3c', ROUND_Y),
      rect(28, 202, 252, 14, dark('#2f8a3c', 0.35), 3),
      shine('M44 190c8-24 30-34 74-36h104', 3),
      shadedRect(100, 96, 92, 56, PLASTIC_BLACK, 9),
      shadedRect(90, 106, 36, 36, '#5a6068', 6),
      vents(140, 108, 6, 30, 7, '#1b1c1f'),
      ellipse(162, 96, 14, 5, '#d8a21c'),
      rect(186, 84, 10, 14, '#c8342b', 3),
      line('M191 84q20-6 62 74', '#333', 1.5),
      // Wheels.
      wheel(74, 212, 28, '#d4d8db'),
      wheel(232, 206, 34, '#d4d8db'),
    ].join(''),
};

const hedgeTrimmer: Drawing = {
  w: 420,
  h: 130,
  focus: [220, 80],
  scene: 'hedge',
  lift: 110,
  zoom: 2,
  draw: () =>
    [
      teeth(16, 258, 74, 26, -11),
      teeth(16, 258, 86, 26, 11),
      rect(10, 73, 252, 14, STEEL, 7),
      rect(10, 78, 252, 4, STEEL_DARK, 2),
      shine('M18 75H255', 1.5),
      shadedPath('M228 64h46v32h-46z', '#3a3d42', ROUND_Y),
      path('M262 28h12l6 94h-12z', '#b6c5cc', 'fill-opacity=".55"'),
      battery(340, 98, 66, 30, '#e8731c'),
      shadedPath('M268 96l14-36q14-16 44-14l52 4q26 4 28 30l-4 24q-4 12-20 12l-96-4z', '#e8731c', ROUND_Y),
      path('M300 98l30-36h40l8 44z', '#2e3136'),
      vents(312, 72, 5, 18, 8, '#1a1b1e'),
      tube('M284 60q-4-50 36-48q28 2 26 38', 10, '#2b2e33'),
      tube('M364 50q10-30 38-26q20 4 14 32', 10, '#2b2e33'),
      path('M392 56l8 16-10 2z', '#c62a20'),
    ].join(''),
};

const shredder: Drawing = {
  w: 250,
  h: 320,
  focus: [120, 110],
  scene: 'lawn',
  draw: () =>
    [
      tube('M206 70h22v220', 9, '#2b2e33'),
      // Twigs sticking out of the hopper.
      line('M96 40L64 2M120 36l10-34M140 40l34-26M64 2l-12 6M130 2l10-2', '#6b4a2e', 5),
      ellipse(56, 6, 9, 5, '#5a9a3c'),
      ellipse(180, 10, 9, 5, '#5a9a3c'),
      ellipse(136, 0, 7, 4, '#6fae4a'),
      shadedPath('M50 124L26 42q90-24 184 0l-12 82z', '#4c9a2a'),
      ellipse(118, 40, 90, 15, '#1c1f22'),
      shine('M34 40q84-22 170 0', 3),
      shadedRect(36, 120, 168, 76, '#4c9a2a', 6, ROUND_Y),
      vents(56, 134, 8, 40, 9),
      circle(176, 142, 9, '#c62a20'),
      circle(176, 168, 7, '#2f9e44'),
      shadedRect(30, 192, 164, 120, '#5d666d', 8),
      rect(46, 214, 130, 80, '#8c979f', 6, 'fill-opacity=".6"'),
      path('M46 260q30-12 60-4t70-2v40H46z', '#7a5635'),
      wheel(200, 292, 28),
    ].join(''),
};

/** The scarifier's raking drum: a row of sprung steel tines reaching into the lawn. */
function tines(x1: number, x2: number, y: number): string {
  let d = '';
  for (let x = x1; x <= x2; x += 9) d += `M${x} ${y}l-5 20q-1 5 4 6`;
  return line(d, '#b8bec4', 2.6) + line(d, '#5f666d', 1);
}

const scarifier: Drawing = {
  w: 340,
  h: 240,
  focus: [150, 205],
  scene: 'lawn',
  draw: () =>
    [
      shadedPath('M252 150q40-18 78-2l6 54q-36 18-78 8z', '#3a3d40', ROUND_Y),
      line('M262 160q30-10 64-4M264 196q30 8 66-2', '#5a5f64', 2, 'stroke-dasharray="4 4"'),
      handlebars(262, 150, 316, 30),
      cable('M326 40q-34 60-8 100t-18 92', '#e8731c', 4),
      shadedRect(300, 42, 26, 22, '#2b2e33', 4),
      tines(92, 212, 212),
      ellipse(100, 236, 10, 4, '#7b6a3a'),
      ellipse(200, 238, 12, 4, '#6b7d39'),
      shadedPath('M30 214l6-50q4-14 24-14h180q16 0 18 14l6 50z', '#8cc63f', ROUND_Y),
      rect(30, 200, 234, 16, '#2e3136', 3),
      shine('M40 160q4-6 20-6h178', 3),
      shadedRect(104, 116, 92, 38, '#3f4348', 10),
      vents(116, 124, 9, 20, 8),
      knob(60, 180, 9, '#e8731c'),
      wheel(60, 222, 20, '#c9cdd1'),
      wheel(236, 222, 20, '#c9cdd1'),
    ].join(''),
};

/** The rotavator's cutters: hooked blades around an axle. */
function cutters(cx: number, cy: number, r: number): string {
  let out = '';
  for (let i = 0; i < 6; i++)
    out += group(`rotate(${i * 60} ${cx} ${cy})`, path(`M${cx - 3} ${cy}h6l4 ${-r}q-12 2-18 -8z`, i % 2 ? '#5d646b' : '#8a9198'));
  return out + circle(cx, cy, 9, STEEL_DARK) + circle(cx, cy, 4, light(STEEL, 0.3));
}

const rotavator: Drawing = {
  w: 330,
  h: 260,
  focus: [130, 190],
  scene: 'soil',
  draw: () =>
    [
      handlebars(196, 140, 306, 32, '#3a3d42'),
      line('M204 150l6 104', '#4a4f55', 7),
      cutters(92, 210, 48),
      cutters(160, 212, 46),
      line('M44 210H210', STEEL_DARK, 8),
      shadedPath('M56 204q2-56 70-58q70 2 74 58h-14q-4-42-60-42q-54 0-58 42z', '#c8342b', ROUND_Y),
      tube('M66 186L38 232', 8, '#3a3d42'),
      wheel(36, 238, 20, '#c9cdd1'),
      shadedRect(92, 98, 100, 52, PLASTIC_BLACK, 6),
      vents(140, 104, 6, 40, 8),
      shadedRect(98, 60, 82, 40, '#c8342b', 14, ROUND_Y),
      ellipse(150, 60, 12, 5, '#2a2c30'),
      circle(108, 124, 20, '#767d84'),
      circle(108, 124, 20, 'url(#rd)'),
      rect(186, 110, 26, 30, '#9ea5ab', 4),
      vents(190, 114, 5, 22, 5, '#5d646b'),
    ].join(''),
};

const leafBlower: Drawing = {
  w: 400,
  h: 230,
  focus: [260, 110],
  scene: 'leaves',
  lift: 60,
  draw: () =>
    [
      line('M352 150q50-80 20-140', '#3a3d35', 6),
      shadedPath('M246 142q-8 70 56 78q70 0 64-74z', '#4b5147', ROUND_Y),
      line('M260 170q40 16 96 0', '#2f342d', 2),
      shadedPath('M254 96L20 150q-8 4-4 14l6 24q4 8 12 4l226-54z', '#4a5057'),
      rect(226, 104, 20, 40, '#e7b416', 3, 'transform="rotate(-13 236 124)"'),
      shine('M30 156L240 108', 3),
      shadedPath('M242 92q4-34 50-36l52 2q38 4 40 40v32q-2 20-30 22h-70q-36-2-42-24z', '#e7b416', ROUND_Y),
      vents(330, 80, 5, 44, 8),
      tube('M270 70q6-52 54-54q44 0 44 46', 10, '#2b2e33'),
      cable('M384 110q26 40 4 80q-10 24 12 36', '#1f2023'),
      circle(262, 112, 10, '#2b2e33'),
    ].join(''),
};

export const GARDEN_DRAWINGS: Record<string, Drawing> = {
  'garden-mower-1': mower,
  'garden-hedge-trimmer-2': hedgeTrimmer,
  'garden-shredder-3': shredder,
  'garden-scarifier-4': scarifier,
  'garden-rotavator-5': rotavator,
  'garden-leaf-blower-6': leafBlower,
};
