/**
 * Indoor places for the in-use photos: a workbench, a kitchen counter, a stage, a van floor...
 * Drawn by this project's own code and under the project's licence.
 */
import { circle, ellipse, line, path, rect, vents } from './parts.ts';
import { type Scene, depthLines, perspectiveLines, room, shrub, vgrad, windowPane } from './scene-parts.ts';

export const INDOOR_SCENES = {
  workbench: (): Scene => ({
    back: [
      rect(0, 0, 600, 250, '#cdb48e'),
      `<defs><pattern id="pg" width="20" height="20" patternUnits="userSpaceOnUse"><circle cx="10" cy="10" r="2" fill="#9b8260"/></pattern></defs>`,
      rect(0, 0, 600, 250, 'url(#pg)'),
      line('M60 40v50M90 40v60M120 40v40M470 50h70', '#6a6f75', 6),
      path('M440 60h40l-5 30h-30z', '#c0392b'),
      rect(0, 250, 600, 120, '#b98a56'),
      line('M0 270H600M0 300H600M0 338H600', '#a57848', 2),
      rect(0, 365, 600, 35, '#8a6238'),
      rect(0, 365, 600, 4, '#d1a672'),
    ].join(''),
    floor: 345,
  }),
  shed: (): Scene => ({
    back: [
      rect(0, 0, 600, 260, '#a67c52'),
      vents(30, 0, 12, 260, 50, '#8a6440'),
      windowPane(60, 50, 130, 100, '#7d5a38'),
      line('M330 60h220', '#6a4c30', 8),
      line('M350 64v40M380 64v56M420 64v34M470 64v60', '#6a6f75', 5),
      rect(0, 260, 600, 140, '#c79a63'),
      line('M0 292H600M0 330H600', '#b3854f', 2),
      rect(0, 372, 600, 28, '#8d6437'),
      rect(420, 226, 160, 40, '#e0c08e'),
      rect(430, 214, 150, 14, '#d3b07c'),
    ].join(''),
    floor: 345,
  }),
  floorboards: (): Scene => ({
    back: [
      room('#e9e2d6', 230, '#c9955c'),
      windowPane(380, 40, 150, 140),
      perspectiveLines(230, 400, 16, '#a8773f', 2, 1.6),
      path('M350 230l190 0 120 170h-400z', '#fff5df', 'fill-opacity=".18"'),
    ].join(''),
    floor: 355,
  }),
  carpet: (): Scene => ({
    back: [
      room('#d5dccf', 235, '#b9ab95'),
      `<defs><pattern id="cp" width="6" height="6" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="1" fill="#a89a84"/><circle cx="5" cy="5" r=".8" fill="#c9bca7"/></pattern></defs>`,
      rect(0, 235, 600, 165, 'url(#cp)'),
      rect(40, 120, 170, 115, '#7b8a9c', 10),
      rect(30, 160, 190, 75, '#6a7989', 10),
      path('M310 260h230l50 130h-330z', '#a4927a', 'fill-opacity=".5"'),
    ].join(''),
    floor: 358,
  }),
  kitchen: (): Scene => ({
    back: [
      rect(0, 0, 600, 250, '#f2f1ed'),
      `<defs><pattern id="mt" width="40" height="20" patternUnits="userSpaceOnUse"><path d="M0 .5H40M.5 0v10M20 10v10M0 10.5H40" stroke="#c9c8c2" stroke-width="1.5"/></pattern></defs>`,
      rect(0, 60, 600, 190, 'url(#mt)'),
      rect(0, 0, 600, 60, '#7f9184'),
      line('M0 60H600', '#5d6d61', 4),
      rect(470, 120, 60, 30, '#c8a064', 4),
      shrub(60, 250, 26, '#5f9a4a'),
      rect(42, 215, 36, 35, '#e5ddd0', 3),
      `<defs>${vgrad('wk', '#d8d3cb', '#b6b0a6')}</defs>`,
      rect(0, 250, 600, 70, 'url(#wk)'),
      rect(0, 320, 600, 10, '#8f8980'),
      rect(0, 330, 600, 70, '#42586b'),
      line('M200 330v70M400 330v70', '#364a5b', 3),
      line('M170 350h20M230 350h20M370 350h20M430 350h20', '#c7ccd0', 4),
    ].join(''),
    floor: 298,
  }),
  counter: (): Scene => ({
    back: [
      rect(0, 0, 600, 255, '#dfe6e1'),
      `<defs><pattern id="zl" width="30" height="30" patternUnits="userSpaceOnUse"><rect width="30" height="30" fill="#9fb8ad"/><rect x="1" y="1" width="28" height="28" fill="#b9cfc5"/></pattern></defs>`,
      rect(0, 140, 600, 115, 'url(#zl)'),
      rect(330, 30, 240, 10, '#9c7650'),
      rect(350, 4, 30, 26, '#f1ede4', 3),
      rect(390, 10, 22, 20, '#c3663d', 3),
      rect(430, 0, 40, 30, '#e7e2d6', 3),
      windowPane(60, 20, 170, 100),
      rect(0, 255, 600, 50, '#8d9194'),
      rect(0, 255, 600, 8, '#a9adb0'),
      rect(0, 305, 600, 95, '#e9e4da'),
      line('M150 305v95M300 305v95M450 305v95', '#cfc9bd', 3),
      line('M130 330v30M170 330v30M430 330v30M470 330v30', '#7d7f82', 4),
    ].join(''),
    floor: 292,
  }),
  stage: (): Scene => ({
    back: [
      rect(0, 0, 600, 400, '#15161d'),
      path('M120 0h60l120 300h-300zM420 0h60l120 300h-300z', '#fff6d6', 'fill-opacity=".09"'),
      path('M260 0h80l140 300h-360z', '#c7d6ff', 'fill-opacity=".07"'),
      rect(100, 0, 400, 18, '#2a2b33'),
      circle(150, 12, 10, '#f8f1d2'),
      circle(300, 12, 10, '#dfe7ff'),
      circle(450, 12, 10, '#f8f1d2'),
      rect(0, 300, 600, 100, '#2d2521'),
      perspectiveLines(300, 400, 16, '#1f1a17', 2),
      ellipse(300, 345, 260, 40, '#fff3d0', 'fill-opacity=".08"'),
    ].join(''),
    floor: 362,
  }),
  lounge: (): Scene => ({
    back: [
      room('#e6ddd0', 240, '#a8774a'),
      perspectiveLines(240, 400, 12, '#8f6238', 1.5),
      windowPane(40, 40, 140, 150),
      rect(20, 30, 14, 210, '#b64e3c'),
      rect(186, 30, 14, 210, '#b64e3c'),
      rect(420, 90, 110, 80, '#5b6f7e', 3),
      rect(428, 98, 94, 64, '#d7c9a8'),
      path('M140 300h330l40 90h-410z', '#c4b59a'),
      shrub(560, 240, 30, '#4e8a3a'),
      rect(544, 205, 32, 35, '#efe7da', 3),
    ].join(''),
    floor: 350,
  }),
  van: (): Scene => ({
    back: [
      rect(0, 0, 600, 400, '#d9dcdf'),
      path('M0 0h140v260L0 400z', '#bfc4c9'),
      path('M600 0h-140v260L600 400z', '#bfc4c9'),
      vents(20, 30, 4, 200, 30, '#a8aeb4'),
      vents(490, 30, 4, 200, 30, '#a8aeb4'),
      rect(140, 0, 320, 260, '#e6e8ea'),
      rect(190, 40, 220, 120, '#a9d0ea', 6),
      path('M140 260h320l140 140H0z', '#c8a977'),
      perspectiveLines(260, 400, 6, '#ad8f60', 2),
      line('M160 270h280', '#8c9096', 3),
    ].join(''),
    floor: 360,
  }),
  stairs: (): Scene => {
    let steps = '';
    for (let i = 0; i < 7; i++)
      steps +=
        rect(330 + i * 38, 300 - i * 38, 400, 38, i % 2 ? '#b88d5d' : '#c49a69') + rect(330 + i * 38, 300 - i * 38, 400, 5, '#d9b487');
    return {
      back: [
        room('#ddd6ca', 338, '#9a7652'),
        steps,
        line('M330 200L600 -70', '#7a5a3a', 8),
        line('M340 300v-100M378 262v-100M416 224v-100', '#efe8dc', 4),
      ].join(''),
      floor: 365,
    };
  },
  wallpaper: (): Scene => ({
    back: [
      rect(0, 0, 600, 320, '#d8c9a6'),
      `<defs><pattern id="wp" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="40" height="40" fill="#6f8f86"/><path d="M20 6q8 14 0 28q-8-14 0-28z" fill="#e3d8b5"/></pattern></defs>`,
      path('M260 0H600V320H300l-20-40 30-60-40-70 20-80z', 'url(#wp)'),
      path('M300 320l-20-40 30-60-40-70 20-80-30 0 5 40-25 60 30 70-15 80z', '#efe7cf'),
      rect(0, 320, 600, 80, '#9c8a74'),
      rect(0, 308, 600, 14, '#f1ede6'),
      path('M90 380l40-30 45 10 20 30z', '#6f8f86'),
    ].join(''),
    floor: 365,
  }),
  tiling: (): Scene => ({
    back: [
      room('#e7e3dc', 200, '#8d8880'),
      `<defs><pattern id="tl" width="60" height="60" patternUnits="userSpaceOnUse"><rect width="60" height="60" fill="#d9d2c6"/><rect x="1" y="1" width="58" height="58" fill="#ece6dc"/></pattern></defs>`,
      path('M0 200h330l120 200H0z', 'url(#tl)'),
      rect(470, 120, 90, 80, '#b58c57'),
      rect(480, 100, 90, 20, '#c8a06a'),
      line('M340 220l40 160', '#6f6a63', 3, 'stroke-dasharray="6 8"'),
    ].join(''),
    floor: 350,
  }),
  window: (): Scene => ({
    back: [
      rect(0, 0, 600, 400, '#efece6'),
      rect(60, 20, 480, 330, '#f8f8f6', 4),
      `<defs>${vgrad('vw', '#9cc7e4', '#d5e8d0')}</defs>`,
      rect(80, 40, 440, 290, 'url(#vw)'),
      path('M80 260q110-40 220 0t220-10V330H80z', '#88ab74', 'fill-opacity=".7"'),
      path('M150 330l160-290h70L220 330z', '#fff', 'fill-opacity=".25"'),
      ellipse(170, 120, 3, 5, '#fff', 'fill-opacity=".7"'),
      ellipse(430, 90, 3, 5, '#fff', 'fill-opacity=".7"'),
      ellipse(460, 200, 2.5, 4, '#fff', 'fill-opacity=".7"'),
      rect(30, 350, 540, 24, '#f1efea'),
      rect(0, 374, 600, 26, '#d8d1c5'),
    ].join(''),
    floor: 352,
  }),
  desk: (): Scene => ({
    back: [
      rect(0, 0, 600, 260, '#d7dde0'),
      rect(380, 40, 160, 110, '#f3f1ec'),
      rect(392, 52, 136, 86, '#8ea6b5'),
      path('M392 138l40-40 30 25 30-35 36 50z', '#5f7f6a'),
      `<defs>${vgrad('dk', '#c79a68', '#9b6e42')}</defs>`,
      rect(0, 260, 600, 140, 'url(#dk)'),
      line('M0 300H600M0 350H600', '#a57a4c', 1.5),
      shrub(80, 262, 30, '#4f8a3d'),
      rect(62, 228, 36, 34, '#d9d4cb', 4),
      rect(470, 240, 70, 22, '#e9e4da', 2),
      rect(476, 228, 60, 12, '#2e6b8f', 2),
    ].join(''),
    floor: 345,
  }),
  bathroom: (): Scene => ({
    back: [
      `<defs><pattern id="bt" width="50" height="50" patternUnits="userSpaceOnUse"><rect width="50" height="50" fill="#b7c6cc"/><rect x="1.5" y="1.5" width="47" height="47" fill="#e4ecee"/></pattern></defs>`,
      rect(0, 0, 600, 400, 'url(#bt)'),
      rect(0, 250, 600, 30, '#f6f6f4'),
      rect(0, 280, 600, 120, '#eceeed'),
      line('M0 280H600', '#c9cfd1', 3),
      rect(480, 120, 60, 90, '#dfe3e5', 6),
      line('M510 120v-40h40', '#c5cbd0', 8),
    ].join(''),
    floor: 262,
  }),
  garage: (): Scene => ({
    back: [
      rect(0, 0, 600, 260, '#b9bcbd'),
      rect(30, 30, 220, 200, '#5e6b75'),
      line('M30 90h220M30 150h220', '#3e4850', 6),
      rect(50, 50, 40, 38, '#c2772e'),
      rect(110, 60, 50, 28, '#2e6b8f'),
      rect(60, 118, 60, 30, '#9aa3a9'),
      rect(150, 112, 70, 36, '#6f8a4a'),
      rect(0, 260, 600, 140, '#9d9c98'),
      depthLines(260, 400, 3, '#8a8985', 2),
      ellipse(430, 350, 90, 16, '#85847f', 'fill-opacity=".5"'),
    ].join(''),
    floor: 355,
  }),
} satisfies Record<string, () => Scene>;
