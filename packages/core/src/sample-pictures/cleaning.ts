/** Cleaning equipment. Drawn by this project's own code and under the project's licence. */
import type { Drawing } from './picture.ts';
import {
  CHROME_V,
  GLASS,
  PLASTIC_BLACK,
  ROUND_Y,
  RUBBER,
  STEEL,
  cable,
  circle,
  cylinder,
  knob,
  line,
  path,
  rect,
  shadedPath,
  shadedRect,
  shine,
  tube,
  wheel,
} from './parts.ts';

/** A ribbed hose along a path. */
const hose = (d: string, width = 10, colour = '#2b2d31'): string =>
  line(d, colour, width) + line(d, '#55595f', width * 0.7, `stroke-dasharray="2 ${width * 0.3}"`);

const pressureWasher: Drawing = {
  w: 320,
  h: 310,
  focus: [120, 170],
  scene: 'patio',
  draw: () =>
    [
      tube('M110 90V14M180 90V14', 9, STEEL),
      tube('M104 16h82', 12, RUBBER),
      tube('M34 70v220', 6, '#3a3d42'),
      shadedPath('M20 40h30l6 20-12 30h-20z', '#f2b705', ROUND_Y),
      shadedPath('M64 296l-10-186q4-34 54-36h80q42 4 44 40l8 182z', '#f2b705'),
      path('M64 296l-6-110h184l6 110z', '#2b2d31'),
      circle(120, 190, 46, '#3a3d42'),
      circle(120, 190, 38, 'none', 'stroke="#1f2023" stroke-width="12"'),
      circle(120, 190, 38, 'none', 'stroke="#4a4f55" stroke-width="2" stroke-dasharray="5 4"'),
      circle(120, 190, 14, '#f2b705'),
      tube('M120 190l26 14', 6, PLASTIC_BLACK),
      hose('M44 96q-10 100 30 140q20 20 50-2', 5),
      knob(200, 120, 12),
      rect(168, 84, 50, 14, '#2b2d31', 5),
      shine('M80 100q8-18 40-20h70', 3),
      wheel(230, 274, 32),
      rect(40, 286, 40, 16, RUBBER, 4),
    ].join(''),
};

const carpetCleaner: Drawing = {
  w: 230,
  h: 390,
  focus: [115, 180],
  scene: 'carpet',
  draw: () =>
    [
      cable('M160 120q30 10 28 60q-2 50-28 60', '#3a3d42', 4),
      tube('M115 124V30', 14, '#3b4a6b'),
      tube('M86 34q0-28 29-28q29 0 29 28', 12, RUBBER),
      shadedPath('M66 300l-6-160q2-26 55-28q53 2 55 28l-6 160z', '#3b4a6b'),
      rect(76, 132, 78, 78, '#bfe3f5', 12, 'fill-opacity=".85"'),
      rect(76, 160, 78, 50, '#59b2e3', 10, 'fill-opacity=".8"'),
      rect(76, 132, 78, 78, GLASS, 12),
      rect(80, 226, 70, 60, '#b9b2a2', 10, 'fill-opacity=".9"'),
      rect(80, 256, 70, 30, '#8a7a5e', 10),
      rect(80, 226, 70, 60, GLASS, 10),
      shadedPath('M10 386l4-50q6-34 46-38h110q40 4 46 38l4 50z', '#2e3a55', ROUND_Y),
      rect(14, 352, 202, 18, '#bfe3f5', 4, 'fill-opacity=".6"'),
      rect(14, 370, 202, 16, RUBBER, 3),
      circle(196, 340, 6, '#f0b323'),
      shine('M28 340q10-30 44-34', 3),
    ].join(''),
};

const steamCleaner: Drawing = {
  w: 300,
  h: 220,
  focus: [80, 120],
  scene: 'bathroom',
  draw: () =>
    [
      circle(18, 98, 16, '#fff', 'fill-opacity=".55"'),
      circle(8, 78, 12, '#fff', 'fill-opacity=".45"'),
      circle(24, 62, 9, '#fff', 'fill-opacity=".35"'),
      shadedPath('M40 110l40-8v30l-40-6z', '#2b2d31', ROUND_Y),
      tube('M122 92q-4-72 54-72q58 0 60 72', 18, '#e9eced'),
      tube('M150 40q24-8 50 4', 12, '#2aa6a6'),
      shadedPath('M78 100q2-24 40-26h110q40 4 44 44v36q-4 40-44 44h-110q-38-2-40-26z', '#eef0f1', ROUND_Y),
      rect(110, 110, 110, 40, '#bfe3f5', 10, 'fill-opacity=".9"'),
      rect(110, 128, 110, 22, '#7cc4e4', 8),
      rect(110, 110, 110, 40, GLASS, 10),
      rect(78, 160, 194, 18, '#2aa6a6'),
      circle(250, 110, 8, '#ff5a3c'),
      cable('M270 170q30 20 20 50', '#1f2023', 4),
      // A detail brush attachment beside it.
      rect(160, 198, 56, 14, '#2aa6a6', 4),
      line('M164 212v8M172 212v8M180 212v8M188 212v8M196 212v8M204 212v8M212 212v8', '#f0b323', 3),
    ].join(''),
};

const windowPole: Drawing = {
  w: 430,
  h: 390,
  focus: [360, 60],
  scene: 'facade',
  size: 1.05,
  draw: () =>
    [
      cylinder(390, 300, 26, 82, '#2c7da0'),
      rect(364, 330, 52, 10, '#f1f1ee'),
      hose('M380 300q-120-40-330 70', 4, '#23252a'),
      tube('M40 386L230 200', 10, '#3a3d42'),
      tube('M230 200L330 100', 8, '#55595f'),
      tube('M330 100L370 60', 7, '#6f767c'),
      rect(222, 190, 18, 18, '#c62a20', 3, 'transform="rotate(-45 231 199)"'),
      rect(322, 92, 16, 16, '#c62a20', 3, 'transform="rotate(-45 330 100)"'),
      line('M356 70L420 8', '#3a3d42', 5),
      shadedRect(350, 16, 80, 26, '#2b2d31', 4, ROUND_Y),
      line('M354 16v-10M362 16v-10M370 16v-10M378 16v-10M386 16v-10M394 16v-10M402 16v-10M410 16v-10M418 16v-10M426 16v-10', '#2c7da0', 3),
      circle(360, 8, 2.5, '#bfe3f5'),
      circle(420, 6, 2.5, '#bfe3f5'),
    ].join(''),
};

const wetDryVac: Drawing = {
  w: 320,
  h: 300,
  focus: [130, 120],
  scene: 'garage',
  draw: () =>
    [
      cylinder(140, 124, 92, 146, '#b9c0c6', 20),
      path('M48 124v146a92 20 0 0 0 184 0V124z', CHROME_V, 'fill-opacity=".4"'),
      rect(42, 170, 12, 34, PLASTIC_BLACK, 3),
      rect(226, 170, 12, 34, PLASTIC_BLACK, 3),
      shadedPath('M40 128q4-58 100-62q96 4 100 62q-100 20-200 0z', '#c62a20', ROUND_Y),
      tube('M106 70q34-30 68 0', 10, PLASTIC_BLACK),
      rect(196, 84, 20, 12, '#2b2d31', 3),
      circle(60, 290, 10, RUBBER),
      circle(220, 290, 10, RUBBER),
      circle(140, 296, 8, RUBBER),
      hose('M52 200q-60 10-40 70q20 40 120 20', 14),
      tube('M126 290L300 272', 9, STEEL),
      shadedRect(286, 260, 34, 28, PLASTIC_BLACK, 4, ROUND_Y),
      rect(40, 128, 200, 6, '#8e1f17'),
    ].join(''),
};

const windowVac: Drawing = {
  w: 220,
  h: 280,
  focus: [100, 70],
  scene: 'window',
  lift: 40,
  mirror: false,
  draw: () =>
    [
      shadedRect(14, 20, 170, 40, '#e9eced', 10, ROUND_Y),
      rect(10, 8, 178, 14, RUBBER, 4),
      path('M54 60h90l-14 60h-62z', '#2aa6a6'),
      path('M54 60h90l-14 60h-62z', ROUND_Y),
      rect(64, 120, 70, 80, '#d7eef7', 10, 'fill-opacity=".8"'),
      rect(64, 160, 70, 40, '#9fc8d8', 10),
      rect(64, 120, 70, 80, GLASS, 10),
      tube('M76 198q-6 72 24 72q30 0 24-72', 16, '#2aa6a6'),
      path('M116 206q6 14 0 26l-8-2q4-10-1-22z', '#1f2023'),
      circle(99, 140, 5, '#ff5a3c'),
      shine('M24 28h150', 3, 0.6),
      // Its spray bottle.
      shadedRect(168, 186, 40, 92, '#bfe3f5', 10),
      rect(168, 230, 40, 48, '#7cc4e4', 10),
      path('M174 186l6-22h22l4 22z', '#2aa6a6'),
      path('M180 164l-16-4 2-8 22 4z', '#2aa6a6'),
    ].join(''),
};

export const CLEANING_DRAWINGS: Record<string, Drawing> = {
  'cleaning-pressure-washer-1': pressureWasher,
  'cleaning-carpet-cleaner-2': carpetCleaner,
  'cleaning-steam-cleaner-3': steamCleaner,
  'cleaning-window-pole-4': windowPole,
  'cleaning-wet-dry-vac-5': wetDryVac,
  'cleaning-window-vac-6': windowVac,
};
