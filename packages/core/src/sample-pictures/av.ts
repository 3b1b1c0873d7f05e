/** Audio-visual kit. Drawn by this project's own code and under the project's licence. */
import type { Drawing } from './picture.ts';
import {
  GLASS,
  GRILLE,
  PLASTIC_BLACK,
  ROUND_Y,
  RUBBER,
  STEEL,
  circle,
  ellipse,
  knob,
  line,
  path,
  rect,
  screen,
  shadedPath,
  shadedRect,
  shine,
  speakerCone,
  tube,
  vents,
  wheel,
} from './parts.ts';

/** A camera lens seen from the front: barrel rings and the glass with its reflections. */
function lensFront(cx: number, cy: number, r: number): string {
  return [
    circle(cx, cy, r, '#1f2023'),
    circle(cx, cy, r * 0.92, 'none', `stroke="#3a3d42" stroke-width="${r * 0.12}" stroke-dasharray="2 3"`),
    circle(cx, cy, r * 0.72, '#2b2d31'),
    circle(cx, cy, r * 0.6, '#1b1640'),
    circle(cx, cy, r * 0.6, GLASS),
    circle(cx - r * 0.2, cy - r * 0.2, r * 0.16, '#8f7fd6', 'fill-opacity=".5"'),
    circle(cx + r * 0.22, cy + r * 0.16, r * 0.08, '#7fd6c4', 'fill-opacity=".5"'),
  ].join('');
}

const projector: Drawing = {
  w: 460,
  h: 340,
  focus: [110, 270],
  scene: 'lounge',
  draw: () =>
    [
      tube('M300 200V330M300 320l-60 18M300 320l60 18', 6, '#3a3d42'),
      rect(130, 14, 340, 12, '#2b2d31', 6),
      rect(140, 26, 320, 180, '#1f2023'),
      rect(148, 32, 304, 168, '#f4f4f1'),
      '<defs><linearGradient id="pi" x2="0" y2="1"><stop offset="0" stop-color="#7fb3e0"/><stop offset="1" stop-color="#f2d6a2"/></linearGradient></defs>',
      rect(160, 42, 280, 148, 'url(#pi)'),
      path('M160 190l70-56 50 30 60-50 100 76z', '#4f7f52'),
      circle(380, 80, 16, '#fff3c4'),
      path('M92 278L160 42h280L108 278z', '#fff', 'fill-opacity=".12"'),
      shadedRect(20, 250, 150, 76, '#e9eaec', 12, ROUND_Y),
      vents(120, 262, 5, 50, 8, '#9aa1a8'),
      lensFront(66, 288, 26),
      rect(30, 326, 16, 8, RUBBER, 2),
      rect(144, 326, 16, 8, RUBBER, 2),
      circle(150, 262, 4, '#59c3ff'),
    ].join(''),
};

const paSpeaker: Drawing = {
  w: 250,
  h: 390,
  focus: [110, 150],
  scene: 'stage',
  draw: () =>
    [
      tube('M80 70V8M160 70V8', 8, STEEL),
      tube('M74 10h92', 12, RUBBER),
      shadedPath('M30 370l-10-280q2-22 24-24h152q22 2 24 24l-10 280z', PLASTIC_BLACK),
      path('M40 350l-8-190h176l-8 190z', GRILLE),
      circle(120, 258, 70, 'none', 'stroke="#ff3ea5" stroke-width="4" stroke-opacity=".8"'),
      circle(120, 258, 62, '#1a1b1e', 'fill-opacity=".6"'),
      path('M76 84h88l-12 56h-64z', '#1c1d20'),
      path('M92 94h56l-8 36h-40z', '#2b2d31'),
      shine('M34 90q0-14 16-16h140', 3, 0.3),
      wheel(44, 372, 16),
      wheel(196, 372, 16),
      // A wireless microphone stood beside it.
      tube('M232 386v-120', 12, '#2b2d31'),
      rect(224, 280, 16, 8, STEEL, 2),
      circle(232, 252, 15, '#9aa1a8'),
      circle(232, 252, 15, 'url(#gr)', 'fill-opacity=".5"'),
      circle(232, 252, 15, 'url(#rd)'),
    ].join(''),
};

const camera: Drawing = {
  w: 300,
  h: 220,
  focus: [130, 130],
  scene: 'desk',
  draw: () =>
    [
      shadedPath('M20 84q0-14 14-14h60l14-34h74l14 34h70q14 0 14 14v112q0 14-14 14H34q-14 0-14-14z', '#2b2d31', ROUND_Y),
      '<defs><pattern id="lt" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="4" height="4" fill="#26282c"/><circle cx="2" cy="2" r=".9" fill="#1d1e21"/></pattern></defs>',
      path('M20 96h40v100H34q-14 0-14-14z', 'url(#lt)'),
      path('M228 96h52v86q0 14-14 14h-38z', 'url(#lt)'),
      rect(108, 40, 60, 22, '#1f2023', 4),
      rect(118, 46, 40, 12, '#3a3d42', 3),
      ellipse(60, 64, 18, 6, STEEL),
      ellipse(60, 60, 18, 6, '#3a3d42'),
      ellipse(240, 66, 12, 5, '#c9ced3'),
      lensFront(150, 136, 74),
      circle(250, 100, 5, '#c9ced3'),
      shine('M30 76h60M200 76h70', 2, 0.4),
    ].join(''),
};

const drone: Drawing = {
  w: 380,
  h: 160,
  focus: [190, 110],
  scene: 'sky',
  lift: 150,
  draw: () => {
    const prop = (x: number, y: number, rx: number): string =>
      ellipse(x, y, rx, rx * 0.16, '#9aa1a8', 'fill-opacity=".35"') +
      line(`M${x - rx * 0.9} ${y - 2}L${x + rx * 0.9} ${y + 2}`, '#3a3d42', 3) +
      circle(x, y, 4, '#3a3d42');
    const motor = (x: number, y: number): string => shadedRect(x - 9, y, 18, 16, '#5b6168', 4, ROUND_Y);
    return [
      tube('M190 90L96 44M190 90L284 44', 9, '#8f969c'),
      motor(96, 42),
      motor(284, 42),
      prop(96, 40, 66),
      prop(284, 40, 66),
      shadedPath('M140 78q10-26 50-28q40 2 50 28l-6 32q-44 14-88 0z', '#c9ced3', ROUND_Y),
      shine('M156 64q30-12 66 0', 3, 0.6),
      tube('M190 100L58 130M190 100L322 130', 11, '#9aa1a8'),
      motor(58, 122),
      motor(322, 122),
      prop(58, 120, 74),
      prop(322, 120, 74),
      rect(174, 108, 32, 18, '#3a3d42', 6),
      circle(190, 130, 13, '#2b2d31'),
      circle(190, 130, 7, '#1b1640'),
      circle(188, 128, 2.5, '#8f7fd6'),
    ].join('');
  },
};

const gimbal: Drawing = {
  w: 220,
  h: 370,
  focus: [110, 90],
  scene: 'park',
  lift: 60,
  draw: () =>
    [
      shadedRect(90, 200, 42, 168, '#2b2d31', 18),
      rect(92, 300, 38, 60, RUBBER, 14),
      circle(111, 226, 9, '#3a3d42'),
      circle(111, 226, 4, '#5b6168'),
      circle(111, 250, 5, '#e8e8e4'),
      tube('M111 200V170h76V124h-76', 14, '#3a3d42'),
      shadedRect(98, 160, 26, 26, '#4a4f55', 8),
      shadedRect(174, 150, 26, 26, '#4a4f55', 8),
      rect(96, 10, 30, 128, '#5b6168', 5),
      rect(96, 10, 30, 128, ROUND_Y, 5),
      shadedRect(12, 20, 196, 100, '#1f2023', 14),
      screen(20, 27, 180, 86, 8, '#5b8bbd'),
      path('M20 113l50-36 30 20 40-30 60 46z', '#3f7a3a'),
      circle(160, 50, 9, '#fff3c4'),
      rect(12, 20, 196, 100, GLASS, 14),
    ].join(''),
};

/** A handheld microphone: mesh ball head and a coloured band. */
function microphone(x: number, y: number, tilt: number, band: string): string {
  return `<g transform="rotate(${tilt} ${x} ${y})">${tube(`M${x} ${y}v110`, 18, '#2b2d31')}${rect(x - 9, y + 18, 18, 8, band, 2)}${circle(x, y - 8, 17, '#b8bec4')}${circle(x, y - 8, 17, GRILLE, 'fill-opacity=".45"')}${circle(x, y - 8, 17, 'url(#rd)')}</g>`;
}

const karaoke: Drawing = {
  w: 340,
  h: 300,
  focus: [170, 110],
  scene: 'lounge',
  draw: () =>
    [
      shadedRect(70, 80, 200, 216, PLASTIC_BLACK, 16),
      rect(120, 20, 100, 66, '#1f2023', 8),
      screen(126, 26, 88, 54, 5, '#2a2f6b'),
      line('M140 44h60M134 56h72M146 68h48', '#e9ecff', 3),
      line('M140 44h30', '#ff5fb0', 3),
      rect(86, 96, 168, 30, '#26282c', 6),
      knob(110, 111, 8),
      knob(140, 111, 8),
      knob(200, 111, 8),
      knob(230, 111, 8),
      circle(170, 212, 66, 'none', 'stroke="#52d0ff" stroke-width="5"'),
      circle(170, 212, 72, 'none', 'stroke="#ff5fb0" stroke-width="3" stroke-opacity=".8"'),
      speakerCone(170, 212, 58),
      microphone(34, 170, -12, '#ff5fb0'),
      microphone(306, 170, 12, '#52d0ff'),
    ].join(''),
};

export const AV_DRAWINGS: Record<string, Drawing> = {
  'av-projector-1': projector,
  'av-pa-speaker-2': paSpeaker,
  'av-camera-3': camera,
  'av-drone-4': drone,
  'av-gimbal-5': gimbal,
  'av-karaoke-6': karaoke,
};
