import type { SampleRental } from './types.ts';

function rental(itemKey: string, renterKey: string, startOffsetDays: number, days: number): SampleRental {
  // Anything that has finished by today has been handed back; everything else is still out or ahead.
  return { itemKey, renterKey, startOffsetDays, days, returned: startOffsetDays + days - 1 < 0 };
}

/**
 * Rentals placed relative to the day the catalogue is used, so calendars always show booked days:
 * a few finished ones, some out right now, and many in the next weeks (every category has bookings
 * within 30 days).
 */
export const SAMPLE_RENTALS: SampleRental[] = [
  // Finished and returned
  rental('cleaning-pressure-washer-1', 'amelia-hughes', -40, 3),
  rental('party-gazebo-1', 'david-okafor', -30, 2),
  rental('garden-mower-1', 'megan-lloyd', -21, 2),
  rental('camping-tent-1', 'callum-fraser', -60, 7),
  rental('av-projector-1', 'priya-shah', -14, 2),
  rental('power-drill-1', 'tom-gallagher', -10, 3),
  rental('music-digital-piano-2', 'hannah-whitfield', -45, 14),
  rental('kitchen-stand-mixer-1', 'rosie-clarke', -25, 2),
  rental('moving-trailer-6', 'jamal-hussain', -18, 1),
  rental('sports-paddleboard-2', 'oliver-bennett', -50, 2),
  // Out right now
  rental('diy-ladder-1', 'ben-ashworth', -2, 5),
  rental('camping-stove-2', 'gareth-price', -3, 7),
  rental('music-electric-guitar-1', 'megan-lloyd', -5, 14),
  rental('av-camera-3', 'fiona-mackenzie', -1, 4),
  rental('kitchen-dehydrator-3', 'siobhan-oneill', -4, 10),
  rental('moving-roof-box-3', 'priya-shah', -6, 12),
  // Coming up
  rental('garden-mower-1', 'jamal-hussain', 3, 2),
  rental('garden-hedge-trimmer-2', 'david-okafor', 8, 3),
  rental('garden-shredder-3', 'amelia-hughes', 20, 2),
  rental('power-drill-1', 'siobhan-oneill', 1, 3),
  rental('power-floor-sander-6', 'priya-shah', 12, 3),
  rental('power-mitre-saw-2', 'callum-fraser', 40, 4),
  rental('kitchen-pizza-oven-5', 'tom-gallagher', 5, 2),
  rental('kitchen-air-fryer-2', 'ben-ashworth', 15, 5),
  rental('camping-tent-1', 'megan-lloyd', 10, 7),
  rental('camping-cool-box-5', 'gareth-price', 10, 5),
  rental('camping-tent-1', 'oliver-bennett', 45, 5),
  rental('party-gazebo-1', 'amelia-hughes', 6, 2),
  rental('party-festoon-lights-3', 'priya-shah', 6, 3),
  rental('party-tables-2', 'hannah-whitfield', 25, 2),
  rental('party-gazebo-1', 'jamal-hussain', 27, 3),
  rental('sports-paddleboard-2', 'callum-fraser', 14, 3),
  rental('sports-e-bike-1', 'rosie-clarke', 2, 4),
  rental('sports-kayak-4', 'ben-ashworth', 35, 3),
  rental('diy-tile-cutter-2', 'tom-gallagher', 4, 5),
  rental('diy-ladder-1', 'megan-lloyd', 9, 2),
  rental('cleaning-pressure-washer-1', 'hannah-whitfield', 3, 2),
  rental('cleaning-carpet-cleaner-2', 'david-okafor', 18, 2),
  rental('cleaning-pressure-washer-1', 'fiona-mackenzie', 30, 3),
  rental('moving-sack-truck-1', 'ben-ashworth', 7, 2),
  rental('moving-trailer-6', 'amelia-hughes', 22, 1),
  rental('av-projector-1', 'callum-fraser', 11, 2),
  rental('av-pa-speaker-2', 'rosie-clarke', 19, 2),
  rental('music-drum-kit-3', 'gareth-price', 16, 7),
  rental('music-violin-5', 'megan-lloyd', 50, 14),
];
