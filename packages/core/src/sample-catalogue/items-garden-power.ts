import { listedBy } from './homes.ts';
import type { SampleItem } from './types.ts';

export const GARDEN_AND_POWER_ITEMS: SampleItem[] = [
  listedBy('gareth-price', {
    key: 'garden-mower-1',
    categoryId: 'garden-tools',
    name: 'Self-Propelled Petrol Lawn Mower',
    description:
      'A 46 cm petrol mower that pulls itself along, so even a sloping lawn is easy. Grass box included; I fill it with fresh fuel before you collect.',
    dailyRatePence: 1500,
    minDays: 1,
    maxDays: 7,
  }),
  listedBy('hannah-whitfield', {
    key: 'garden-hedge-trimmer-2',
    categoryId: 'garden-tools',
    name: 'Cordless Hedge Trimmer',
    description:
      'Light 18V trimmer with a 55 cm blade and two charged batteries, enough for a long privet hedge. Blade guard and gloves in the bag.',
    dailyRatePence: 900,
    minDays: 1,
    maxDays: 5,
  }),
  listedBy('megan-lloyd', {
    key: 'garden-shredder-3',
    categoryId: 'garden-tools',
    name: 'Electric Garden Shredder',
    description:
      'Quiet roller shredder that chews through branches up to 4 cm. Turns a pile of prunings into a bag of mulch in an afternoon.',
    dailyRatePence: 1400,
    minDays: 1,
    maxDays: 5,
  }),
  listedBy('amelia-hughes', {
    key: 'garden-scarifier-4',
    categoryId: 'garden-tools',
    name: 'Electric Lawn Scarifier',
    description: 'Pulls the moss and thatch out of a tired lawn before you reseed. Comes with the collection box and a spare raking drum.',
    dailyRatePence: 1200,
    minDays: 1,
    maxDays: 4,
  }),
  listedBy('hannah-whitfield', {
    key: 'garden-rotavator-5',
    categoryId: 'garden-tools',
    name: 'Petrol Rotavator',
    description:
      'Heavy tiller for breaking new ground on an allotment or turning over a veg bed. It is strong, so please read the quick guide taped to the handle.',
    dailyRatePence: 2800,
    minDays: 2,
    maxDays: 7,
  }),
  listedBy('hannah-whitfield', {
    key: 'garden-leaf-blower-6',
    categoryId: 'garden-tools',
    name: 'Leaf Blower and Garden Vacuum',
    description:
      'Blows leaves into a pile, then switch it over to suck them into the shoulder bag. Electric with a 10 m cable, so bring an extension lead for big gardens.',
    dailyRatePence: 800,
    minDays: 1,
    maxDays: 5,
  }),
  listedBy('gareth-price', {
    key: 'power-drill-1',
    categoryId: 'power-tools',
    name: 'Cordless Combi Drill (18V)',
    description:
      'Drills wood, metal and brick and drives screws. Two batteries, a charger and a box of mixed bits. Perfect for putting up shelves.',
    dailyRatePence: 800,
    minDays: 1,
    maxDays: 7,
  }),
  listedBy('oliver-bennett', {
    key: 'power-mitre-saw-2',
    categoryId: 'power-tools',
    name: 'Sliding Mitre Saw',
    description:
      '254 mm sliding mitre saw with a sharp blade, great for skirting boards, decking and picture frames. Heavy, so come with a car.',
    dailyRatePence: 2000,
    minDays: 1,
    maxDays: 7,
  }),
  listedBy('callum-fraser', {
    key: 'power-sander-3',
    categoryId: 'power-tools',
    name: 'Random Orbital Sander',
    description: 'Leaves a smooth finish on doors and furniture with no swirl marks. Dust bag plus sanding discs in 80, 120 and 240 grit.',
    dailyRatePence: 700,
    minDays: 1,
    maxDays: 7,
  }),
  listedBy('david-okafor', {
    key: 'power-jigsaw-4',
    categoryId: 'power-tools',
    name: 'Cordless Jigsaw',
    description: 'Handy for curved cuts in worktops and plywood. Comes with a battery, charger and blades for wood and laminate.',
    dailyRatePence: 700,
    minDays: 1,
    maxDays: 5,
  }),
  listedBy('oliver-bennett', {
    key: 'power-sds-drill-5',
    categoryId: 'power-tools',
    name: 'SDS Hammer Drill',
    description:
      'Corded SDS drill with a chisel mode for knocking off old tiles and drilling into concrete. Masonry bits and a flat chisel included.',
    dailyRatePence: 1200,
    minDays: 1,
    maxDays: 5,
  }),
  listedBy('tom-gallagher', {
    key: 'power-floor-sander-6',
    categoryId: 'power-tools',
    name: 'Floor Sander with Edging Sander',
    description:
      'Drum sander and an edger for bringing old floorboards back to life. You will need sanding sheets (I sell them at cost) and a van or an estate car.',
    dailyRatePence: 4500,
    minDays: 2,
    maxDays: 7,
  }),
];
