/** Kitchen appliances. Drawn by this project's own code and under the project's licence. */
import type { Drawing } from './picture.ts';
import {
  CHROME,
  CHROME_V,
  GLASS,
  PLASTIC_BLACK,
  ROUND_Y,
  box,
  circle,
  dark,
  ellipse,
  knob,
  line,
  path,
  rect,
  screen,
  shadedPath,
  shadedRect,
  shine,
  tube,
  vents,
} from './parts.ts';

const standMixer: Drawing = {
  w: 280,
  h: 270,
  focus: [128, 175],
  scene: 'kitchen',
  draw: () =>
    [
      shadedRect(36, 238, 232, 30, '#b8202f', 12, ROUND_Y),
      shadedPath('M188 246l8-116q4-20 32-20h24q14 4 14 20v116z', '#c8283a'),
      rect(66, 232, 120, 10, '#8c9399', 3),
      shadedPath('M60 160h132q-4 80-66 84q-62-4-66-84z', CHROME_V),
      ellipse(126, 160, 66, 9, '#e9edf0'),
      ellipse(126, 161, 58, 6, '#e8d3a8'),
      shadedPath('M46 112q2-52 62-54h132q34 2 34 42q-2 32-34 36h-148q-44-2-46-24z', '#c8283a', ROUND_Y),
      shine('M70 70q10-6 40-6h120', 4),
      ellipse(48, 100, 10, 22, CHROME),
      line('M120 134v34q0 24 22 22q10-6 2-16', '#c9ced3', 8),
      line('M120 134v34q0 24 22 22q10-6 2-16', '#7d858c', 2),
      rect(240, 126, 18, 8, '#e9edf0', 3),
    ].join(''),
};

const airFryer: Drawing = {
  w: 290,
  h: 240,
  focus: [140, 130],
  scene: 'counter',
  draw: () =>
    [
      shadedRect(20, 30, 250, 206, '#2b2d31', 26, ROUND_Y),
      path('M46 32h198q24 2 24 24H22q2-22 24-24z', '#4a4e54'),
      screen(44, 58, 202, 28, 6, '#101215'),
      rect(116, 64, 16, 16, '#ff8a3d', 2),
      rect(158, 64, 16, 16, '#ff8a3d', 2),
      circle(64, 72, 5, '#6b7178'),
      circle(226, 72, 5, '#6b7178'),
      ...[32, 148].map(
        (x) =>
          shadedRect(x, 96, 110, 130, '#35383d', 16, ROUND_Y) +
          shadedRect(x + 22, 176, 66, 26, '#1d1e21', 10, ROUND_Y) +
          shine(`M${x + 12} 104h86`, 2, 0.3),
      ),
    ].join(''),
};

const dehydrator: Drawing = {
  w: 270,
  h: 260,
  focus: [120, 150],
  scene: 'counter',
  draw: () =>
    [
      '<defs><pattern id="fr" width="36" height="20" patternUnits="userSpaceOnUse" x="8" y="6"><ellipse cx="16" cy="12" rx="13" ry="4.5" fill="#e9a23b"/><ellipse cx="16" cy="12" rx="3" ry="1.2" fill="#f6e2b8"/><rect y="16" width="36" height="2" fill="#9aa1a8"/></pattern></defs>',
      box(20, 46, 206, 210, 56, '#ebe8e2'),
      rect(20, 46, 206, 210, ROUND_Y),
      rect(34, 84, 178, 160, '#4a3f35'),
      rect(34, 84, 178, 160, 'url(#fr)'),
      rect(30, 80, 186, 168, '#3a3f44', 6, 'fill-opacity=".28"'),
      rect(30, 80, 186, 168, GLASS, 6),
      rect(30, 80, 186, 168, 'none', 6, 'stroke="#cfcac2" stroke-width="3"'),
      screen(70, 54, 60, 18, 3, '#1d2226'),
      rect(84, 58, 30, 10, '#5ec8ff', 1),
      circle(160, 63, 7, '#c9c4bb'),
      circle(184, 63, 7, '#c9c4bb'),
      rect(210, 130, 8, 40, '#cfcac2', 3),
    ].join(''),
};

const iceCreamMaker: Drawing = {
  w: 310,
  h: 230,
  focus: [130, 90],
  scene: 'kitchen',
  draw: () =>
    [
      shadedRect(20, 96, 220, 132, '#dfe2e5', 16, ROUND_Y),
      rect(20, 96, 220, 132, CHROME_V, 16, 'fill-opacity=".35"'),
      vents(196, 120, 4, 80, 8, '#9aa1a8'),
      screen(50, 130, 96, 36, 5),
      rect(60, 140, 40, 16, '#59c3ff', 2, 'fill-opacity=".85"'),
      circle(126, 148, 6, '#59c3ff'),
      circle(70, 196, 9, '#b8bec4'),
      circle(100, 196, 9, '#b8bec4'),
      circle(130, 196, 9, '#7ab648'),
      ellipse(130, 96, 104, 14, '#b0b7bd'),
      ellipse(130, 92, 88, 10, '#f3e3bf'),
      path('M52 92q10-30 78-34q68 4 78 34z', '#f7ebcc'),
      line('M74 82q24-12 50-6M136 74q26-4 50 8', '#fff8e6', 4),
      line('M130 92V40', '#ffffff', 6),
      path('M36 96q4-80 94-80q90 0 94 80z', '#cfe0ea', 'fill-opacity=".45"'),
      path('M36 96q4-80 94-80q90 0 94 80z', GLASS),
      shine('M60 60q30-34 70-36', 4, 0.7),
      rect(118, 16, 24, 14, PLASTIC_BLACK, 4),
      // A bowl of what it made, on the side.
      circle(262, 184, 18, '#f4b6c2'),
      circle(282, 190, 16, '#f7ebcc'),
      circle(268, 168, 15, '#8b5a3c'),
      shine('M256 162q6-6 14-4', 2.5, 0.6),
      path('M238 194h68q-4 34-34 34q-30 0-34-34z', '#cfe3ec', 'fill-opacity=".85"'),
      path('M238 194h68q-4 34-34 34q-30 0-34-34z', GLASS),
    ].join(''),
};

const pizzaOven: Drawing = {
  w: 340,
  h: 240,
  focus: [170, 170],
  scene: 'patio',
  draw: () =>
    [
      tube('M60 210l-20 28M280 210l20 28M170 214v24', 8, '#2b2e33'),
      shadedPath('M24 214V120q10-84 146-88q136 4 146 88v94z', '#3a3d42', ROUND_Y),
      shine('M50 110q20-60 120-64', 4),
      path('M70 214v-58q100-40 200 0v58z', '#15110f'),
      ellipse(170, 186, 70, 18, '#ff9a3d', 'fill-opacity=".35"'),
      line('M100 172q70-24 140 0', '#5aa9ff', 4),
      line('M104 168q66-22 132 0', '#ffd06b', 2),
      ellipse(160, 200, 56, 11, '#e3b26a'),
      ellipse(160, 199, 48, 8, '#c9472c'),
      circle(140, 198, 4, '#f4e6b8'),
      circle(168, 202, 4.5, '#f4e6b8'),
      circle(184, 196, 3.5, '#f4e6b8'),
      circle(152, 202, 2.5, '#3f8a3a'),
      rect(50, 214, 240, 10, '#8e8a85', 2),
      circle(170, 70, 14, '#d8dcdf'),
      line('M170 70l6-8', '#c62a20', 2),
      knob(296, 170, 10),
      tube('M306 176q30 20 28 56', 6, '#e8731c'),
    ].join(''),
};

const slowCooker: Drawing = {
  w: 300,
  h: 220,
  focus: [150, 90],
  scene: 'counter',
  draw: () =>
    [
      tube('M28 120h-16M272 120h16', 14, PLASTIC_BLACK),
      shadedPath('M30 96l10 100q110 28 220 0l10-100z', '#b4bbc1'),
      rect(30, 96, 240, 112, CHROME_V, 0, 'fill-opacity=".35"'),
      ellipse(150, 208, 110, 12, '#2b2d31'),
      ellipse(150, 96, 122, 20, '#3a2c24'),
      path('M34 96q116-90 232 0z', '#d8e4ea', 'fill-opacity=".5"'),
      path('M34 96q116-90 232 0z', GLASS),
      ellipse(150, 96, 120, 16, 'none', 'stroke="#c9ced3" stroke-width="4"'),
      shadedRect(130, 38, 40, 16, PLASTIC_BLACK, 7, ROUND_Y),
      shine('M70 80q40-30 80-34', 4, 0.7),
      screen(116, 140, 68, 24, 4),
      knob(100, 152, 9),
      knob(200, 152, 9),
      rect(130, 146, 24, 10, dark('#ff8a3d', 0.1), 1),
    ].join(''),
};

export const KITCHEN_DRAWINGS: Record<string, Drawing> = {
  'kitchen-stand-mixer-1': standMixer,
  'kitchen-air-fryer-2': airFryer,
  'kitchen-dehydrator-3': dehydrator,
  'kitchen-ice-cream-maker-4': iceCreamMaker,
  'kitchen-pizza-oven-5': pizzaOven,
  'kitchen-slow-cooker-6': slowCooker,
};
