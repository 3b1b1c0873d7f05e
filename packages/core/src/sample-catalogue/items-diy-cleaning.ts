import { listedBy } from './homes.ts';
import type { SampleItem } from './types.ts';

export const DIY_AND_CLEANING_ITEMS: SampleItem[] = [
  listedBy('oliver-bennett', {
    key: 'diy-ladder-1', categoryId: 'diy-hand-tools', name: 'Triple Extension Ladder',
    description: 'Aluminium ladder that reaches 7.5 m, fine for gutters on a two-storey house. Comes with a stand-off and an anti-slip foot.',
    dailyRatePence: 1000, minDays: 1, maxDays: 7,
  }),
  listedBy('callum-fraser', {
    key: 'diy-tile-cutter-2', categoryId: 'diy-hand-tools', name: 'Manual Tile Cutter (600 mm)',
    description: 'Cuts ceramic and porcelain tiles up to 600 mm cleanly. Tile nippers and a spare scoring wheel included.',
    dailyRatePence: 500, minDays: 1, maxDays: 7,
  }),
  listedBy('tom-gallagher', {
    key: 'diy-wallpaper-steamer-3', categoryId: 'diy-hand-tools', name: 'Electric Wallpaper Steamer',
    description: 'Softens old wallpaper so it peels off in sheets. Large steam plate and a scraper; allow 15 minutes to heat up.',
    dailyRatePence: 700, minDays: 1, maxDays: 5,
  }),
  listedBy('callum-fraser', {
    key: 'diy-clamps-4', categoryId: 'diy-hand-tools', name: 'Set of Six Sash Clamps',
    description: 'Six long sash clamps for gluing up tabletops, doors and frames. Padded jaws so they will not mark your work.',
    dailyRatePence: 400, minDays: 1, maxDays: 14,
  }),
  listedBy('ben-ashworth', {
    key: 'diy-tool-kit-5', categoryId: 'diy-hand-tools', name: 'Complete Hand Tool Kit',
    description: 'Hammer, saw, spirit level, screwdrivers, pliers, spanners and a tape measure in one case. Everything for flat-pack furniture and small jobs.',
    dailyRatePence: 500, minDays: 1, maxDays: 7,
  }),
  listedBy('ben-ashworth', {
    key: 'diy-laser-level-6', categoryId: 'diy-hand-tools', name: 'Self-Levelling Cross-Line Laser',
    description: 'Projects dead-straight level and plumb lines, so shelves, tiles and picture walls line up first time. Tripod included.',
    dailyRatePence: 600, minDays: 1, maxDays: 7,
  }),
  listedBy('oliver-bennett', {
    key: 'cleaning-pressure-washer-1', categoryId: 'cleaning-equipment', name: 'Electric Pressure Washer (150 bar)',
    description: 'Takes the green off patios, decking and the car. Patio cleaner attachment, a rotary brush and a bottle of detergent included.',
    dailyRatePence: 1800, minDays: 1, maxDays: 4,
  }),
  listedBy('siobhan-oneill', {
    key: 'cleaning-carpet-cleaner-2', categoryId: 'cleaning-equipment', name: 'Upright Carpet Cleaner',
    description: 'Deep-cleans carpets and stairs, with a hand tool for upholstery and car seats. Comes with a bottle of shampoo.',
    dailyRatePence: 1500, minDays: 1, maxDays: 4,
  }),
  listedBy('megan-lloyd', {
    key: 'cleaning-steam-cleaner-3', categoryId: 'cleaning-equipment', name: 'Handheld Steam Cleaner',
    description: 'Blasts grime out of grout, ovens and shower screens with only water. Nine attachments in a zip bag.',
    dailyRatePence: 600, minDays: 1, maxDays: 5,
  }),
  listedBy('hannah-whitfield', {
    key: 'cleaning-window-pole-4', categoryId: 'cleaning-equipment', name: 'Water-Fed Window Cleaning Pole',
    description: 'Extends to 6 m so you can clean upstairs windows from the ground, no ladder needed. Connects to a garden hose.',
    dailyRatePence: 900, minDays: 1, maxDays: 5,
  }),
  listedBy('jamal-hussain', {
    key: 'cleaning-wet-dry-vac-5', categoryId: 'cleaning-equipment', name: 'Wet and Dry Vacuum',
    description: 'Sucks up water, plaster dust and rubble. Good after a leak or a building job; 30 L tank and a blower function.',
    dailyRatePence: 900, minDays: 1, maxDays: 7,
  }),
  listedBy('ben-ashworth', {
    key: 'cleaning-window-vac-6', categoryId: 'cleaning-equipment', name: 'Cordless Window Vac',
    description: 'Streak-free windows and mirrors in minutes, and it clears condensation too. Spray bottle and microfibre pad included.',
    dailyRatePence: 400, minDays: 1, maxDays: 7,
  }),
];
