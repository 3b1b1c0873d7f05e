/**
 * Outdoor places for the in-use photos: lawns, a veg bed, a patio, a campsite, a lake, a court...
 * Drawn by this project's own code and under the project's licence.
 */
import { circle, dark, ellipse, line, path, rect, vents } from './parts.ts';
import { type Scene, depthLines, grassTufts, hills, perspectiveLines, shrub, sky, treeline, vgrad, windowPane } from './scene-parts.ts';

const fence = (y: number, h: number, wood = '#9c7650'): string =>
  rect(0, y, 600, h, wood) + vents(20, y + 4, 15, h - 8, 40, dark(wood, 0.2)) + rect(0, y + 10, 600, 5, dark(wood, 0.14));
const lawnFloor = (y: number, a = '#93bf62', b = '#4d8733'): string =>
  `<defs>${vgrad('ln', a, b)}</defs>${rect(0, y, 600, 400 - y, 'url(#ln)')}`;

export const OUTDOOR_SCENES = {
  lawn: (): Scene => ({
    back: [
      sky(200),
      treeline(120, 50, '#5d8b4c', 2),
      fence(140, 75),
      lawnFloor(212),
      path('M60 212h90l-120 188h-160zM300 212h90l60 188h-170zM540 212h90l240 188h-160z', '#fff', 'fill-opacity=".08"'),
      shrub(70, 218, 40, '#3f7a32'),
      shrub(560, 220, 50, '#56913f'),
    ].join(''),
    floor: 352,
    front: grassTufts(362),
  }),
  soil: (): Scene => ({
    back: [
      sky(190),
      treeline(110, 50, '#6b8f55', 4),
      fence(130, 80),
      rect(0, 208, 600, 192, '#6e4e35'),
      line('M0 235H600M0 262H600M0 296H600M0 338H600M0 386H600', '#5a3e29', 6),
      line('M0 240H600M0 302H600', '#82603f', 3, 'stroke-dasharray="4 9"'),
      path('M20 222q10-24 20 0m40 0q10-24 20 0m40 0q10-24 20 0m360 0q10-24 20 0m40 0q10-24 20 0', '#4f8a3a'),
    ].join(''),
    floor: 355,
  }),
  hedge: (): Scene => ({
    back: [
      sky(80, '#b2d2ea', '#e8f2f7'),
      rect(0, 40, 600, 300, '#3f6f2f', 40),
      `<defs><pattern id="lf" width="26" height="22" patternUnits="userSpaceOnUse"><ellipse cx="8" cy="7" rx="7" ry="4" fill="#5b8f43"/><ellipse cx="20" cy="17" rx="6" ry="3.5" fill="#2f5a22"/></pattern></defs>`,
      rect(0, 40, 600, 300, 'url(#lf)', 40),
      path('M0 96q300-20 600 0v20q-300-20-600 0z', '#9fc17a', 'fill-opacity=".5"'),
      lawnFloor(330),
    ].join(''),
    floor: 370,
    front: grassTufts(372),
  }),
  leaves: (): Scene => {
    let litter = '';
    for (let i = 0; i < 34; i++) {
      const x = (i * 97) % 600;
      const y = 235 + ((i * 61) % 160);
      litter += ellipse(
        x,
        y,
        7,
        3.5,
        ['#d9822b', '#c4551f', '#e3b23c', '#9c4a1c'][i % 4]!,
        `transform="rotate(${(i * 47) % 180} ${x} ${y})"`,
      );
    }
    return {
      back: [
        sky(210, '#c9d9e4', '#eef2f3'),
        rect(120, 60, 26, 170, '#5b4636'),
        rect(430, 40, 34, 190, '#4e3c2f'),
        treeline(100, 60, '#b8762c', 3),
        treeline(150, 40, '#8f6a2e', 6),
        lawnFloor(225, '#8cae5a', '#557f38'),
        litter,
      ].join(''),
      floor: 352,
    };
  },
  patio: (): Scene => ({
    back: [
      rect(0, 0, 600, 235, '#b5653f'),
      `<defs><pattern id="br" width="48" height="24" patternUnits="userSpaceOnUse"><path d="M0 0.5H48M0 12.5H48M12 0v12M36 12v12" stroke="#d9c3a8" stroke-width="2"/></pattern></defs>`,
      rect(0, 0, 600, 235, 'url(#br)'),
      windowPane(360, 40, 150, 120),
      rect(0, 235, 600, 165, '#c9c2b6'),
      perspectiveLines(235, 400, 8, '#a79f92', 2),
      depthLines(235, 400, 4, '#a79f92', 2),
      rect(40, 180, 60, 60, '#a5543a', 4),
      shrub(70, 185, 34, '#4f8a3d'),
    ].join(''),
    floor: 355,
  }),
  campsite: (): Scene => ({
    back: [
      sky(230, '#8fbde3', '#e6f0f4'),
      hills(190, '#8eaab8', 30),
      hills(215, '#6f9462', 20),
      path('M470 210l22-60 22 60zM500 212l16-44 16 44zM80 214l18-52 18 52z', '#2f5b37'),
      lawnFloor(230, '#9cc06a', '#5e8f3e'),
      line('M0 300q300 -30 600 10', '#b6cf84', 14, 'stroke-opacity=".35"'),
    ].join(''),
    floor: 355,
    front: grassTufts(365, '#4d7f34'),
  }),
  mountain: (): Scene => ({
    back: [
      sky(220, '#7fb0dc', '#e3eef5'),
      path('M0 200l120-110 60 40 90-90 120 110 80-60 130 110z', '#8c98a6'),
      path('M210 40l60 0-30-30zM316 122l-30-8', '#fff'),
      path('M270 40l-20 26 20-6 22 12z', '#eef2f5'),
      hills(220, '#7b9a5f', 25),
      path('M0 400l140-160h60L120 400z', '#b9a98c'),
      path('M0 260q300-40 600 0V400H0z', '#8aa868', 'fill-opacity=".6"'),
      path('M180 400l40-150h40l70 150z', '#bba98a'),
    ].join(''),
    floor: 360,
  }),
  lake: (): Scene => ({
    back: [
      sky(200, '#9cc9ea', '#eaf3f7'),
      hills(170, '#7d9a84', 22),
      treeline(190, 22, '#3c6340', 5),
      `<defs>${vgrad('wt', '#6f9fb9', '#2f6b8c')}</defs>`,
      rect(0, 210, 600, 190, 'url(#wt)'),
      line('M40 240h90M220 258h140M420 236h110M80 300h160M330 320h200M30 370h120M400 380h150', '#d9ecf5', 3, 'stroke-opacity=".45"'),
    ].join(''),
    floor: 330,
    front: line('M110 338q60 8 120 0M330 344q70 10 150 0', '#e8f4f9', 3, 'stroke-opacity=".6"'),
  }),
  court: (): Scene => ({
    back: [
      rect(0, 0, 600, 170, '#2f5d3a'),
      `<defs><pattern id="mh" width="8" height="8" patternUnits="userSpaceOnUse"><path d="M0 0l8 8M8 0l-8 8" stroke="#1f3e27" stroke-width="1"/></pattern></defs>`,
      rect(0, 0, 600, 170, 'url(#mh)'),
      rect(0, 170, 600, 230, '#3e7d5e'),
      path('M110 180h380l90 220h-560z', '#3d6fa3'),
      line('M110 180h380M110 180l-90 220M490 180l90 220M150 180l-60 220M450 180l60 220M130 230h340M300 230v170', '#f2f4f0', 4),
      rect(60, 186, 480, 6, '#222'),
      line('M60 160v32M540 160v32', '#cfd3d6', 5),
      `<path d="M60 162h480v26h-480z" fill="none" stroke="#ddd" stroke-width="3"/>`,
    ].join(''),
    floor: 360,
  }),
  fairway: (): Scene => ({
    back: [
      sky(200, '#93c2e6', '#e8f1f6'),
      treeline(150, 50, '#3b6a3a', 3),
      lawnFloor(200, '#9acb64', '#4f8f38'),
      path('M0 260q200-50 420-40t180 20V400H0z', '#7fb654'),
      ellipse(450, 222, 60, 10, '#b8dd86'),
      line('M462 220v-50', '#e9e9e6', 2),
      path('M462 170l22 7-22 7z', '#d73a2f'),
      ellipse(150, 300, 50, 12, '#e6d7a7'),
    ].join(''),
    floor: 360,
  }),
  park: (): Scene => ({
    back: [
      sky(200, '#a3cbe8', '#edf4f7'),
      treeline(130, 60, '#4f8042', 7),
      rect(140, 110, 12, 100, '#5b4636'),
      shrub(146, 140, 60, '#5c9448'),
      lawnFloor(205, '#9ac367', '#5b8f3d'),
      path('M0 300Q300 250 600 290V380Q300 330 0 390z', '#b8b2a7'),
      line('M0 300Q300 250 600 290M0 390Q300 330 600 380', '#8f897f', 3),
    ].join(''),
    floor: 352,
  }),
  evening: (): Scene => {
    let stars = '';
    for (let i = 0; i < 14; i++) stars += circle((i * 83) % 600, 15 + ((i * 37) % 90), 1.2, '#fff', 'fill-opacity=".7"');
    return {
      back: [
        sky(240, '#1d2a4d', '#c07a6a'),
        stars,
        treeline(170, 70, '#1c2a22', 5),
        fence(190, 55, '#4a3828'),
        lawnFloor(240, '#3c5a34', '#203520'),
        circle(470, 80, 18, '#f7efd2'),
      ].join(''),
      floor: 358,
    };
  },
  driveway: (): Scene => ({
    back: [
      rect(0, 0, 600, 240, '#c9b9a3'),
      `<defs><pattern id="rb" width="40" height="20" patternUnits="userSpaceOnUse"><path d="M0 .5H40M0 10.5H40M10 0v10M30 10v10" stroke="#b3a088" stroke-width="1.5"/></pattern></defs>`,
      rect(0, 0, 600, 240, 'url(#rb)'),
      rect(330, 40, 240, 200, '#e9e7e2'),
      depthLines(40, 240, 9, '#c9c6bf', 3),
      windowPane(60, 50, 130, 100),
      rect(0, 240, 600, 160, '#8b8a88'),
      `<defs><pattern id="bp" width="30" height="15" patternUnits="userSpaceOnUse"><path d="M0 .5H30M0 7.5H30M.5 0v7.5M15 7.5v7.5" stroke="#74726f" stroke-width="1.5"/></pattern></defs>`,
      rect(0, 240, 600, 160, 'url(#bp)'),
    ].join(''),
    floor: 360,
  }),
  carRoof: (): Scene => ({
    back: [
      sky(300, '#a5cbe7', '#eef4f6'),
      treeline(170, 60, '#5c8a4d', 8),
      rect(0, 230, 600, 170, '#8d8c88'),
      path('M40 400V300q10-30 60-36l80-12q120-14 260 0l80 12q50 6 60 36V400z', '#2f5f8f'),
      path('M120 275l40-22h280l40 22z', '#1c2c3a'),
      path('M40 400V300q10-30 60-36l80-12q120-14 260 0l80 12q50 6 60 36V400z', 'url(#v)'),
      line('M130 262q170-20 340 0', '#8fb4d3', 4, 'stroke-opacity=".6"'),
    ].join(''),
    floor: 262,
  }),
  facade: (): Scene => ({
    back: [
      sky(60, '#a9cdea', '#e5f0f6'),
      rect(0, 30, 600, 370, '#d8cbb6'),
      `<defs><pattern id="rb" width="40" height="20" patternUnits="userSpaceOnUse"><path d="M0 .5H40M0 10.5H40M10 0v10M30 10v10" stroke="#c3b39a" stroke-width="1.5"/></pattern></defs>`,
      rect(0, 30, 600, 370, 'url(#rb)'),
      windowPane(70, 70, 150, 110),
      windowPane(380, 70, 150, 110),
      windowPane(380, 250, 150, 100),
      rect(0, 372, 600, 28, '#8d8a83'),
    ].join(''),
    floor: 385,
  }),
  sky: (): Scene => ({
    back: [
      sky(280, '#6fa8dc', '#dcebf5'),
      ellipse(120, 80, 70, 20, '#fff', 'fill-opacity=".8"'),
      ellipse(160, 70, 40, 22, '#fff', 'fill-opacity=".8"'),
      ellipse(470, 120, 80, 16, '#fff', 'fill-opacity=".7"'),
      hills(290, '#7f9f6d', 15),
      path('M0 320q200-20 600 5V400H0z', '#a4b865'),
      path('M0 350q300-30 600 0V400H0z', '#7d9d4d'),
      line('M0 340q300-30 600 -5M0 372q300-28 600 0', '#6d8a42', 2),
    ].join(''),
    floor: 380,
  }),
} satisfies Record<string, () => Scene>;
