import { listedBy } from './homes.ts';
import type { SampleItem } from './types.ts';

export const KITCHEN_AND_CAMPING_ITEMS: SampleItem[] = [
  listedBy('amelia-hughes', {
    key: 'kitchen-stand-mixer-1', categoryId: 'kitchen-appliances', name: 'Stand Mixer with Dough Hook',
    description: 'A sturdy tilt-head mixer with whisk, beater and dough hook. Brilliant for bread and big birthday cakes.',
    dailyRatePence: 1000, minDays: 1, maxDays: 7,
  }),
  listedBy('priya-shah', {
    key: 'kitchen-air-fryer-2', categoryId: 'kitchen-appliances', name: 'Dual Basket Air Fryer',
    description: 'Two 4.5 L baskets so the chips and the chicken finish together. Try it before buying one yourself.',
    dailyRatePence: 600, minDays: 1, maxDays: 7,
  }),
  listedBy('amelia-hughes', {
    key: 'kitchen-dehydrator-3', categoryId: 'kitchen-appliances', name: 'Food Dehydrator (9 Trays)',
    description: 'Makes dried apple rings, fruit leather and jerky. Nine stainless trays and a timer; it runs quietly overnight.',
    dailyRatePence: 700, minDays: 2, maxDays: 14,
  }),
  listedBy('siobhan-oneill', {
    key: 'kitchen-ice-cream-maker-4', categoryId: 'kitchen-appliances', name: 'Ice Cream Maker with Compressor',
    description: 'No need to freeze a bowl the night before: it chills itself and churns a litre of ice cream or sorbet in under an hour.',
    dailyRatePence: 600, minDays: 1, maxDays: 7,
  }),
  listedBy('rosie-clarke', {
    key: 'kitchen-pizza-oven-5', categoryId: 'kitchen-appliances', name: 'Portable Gas Pizza Oven',
    description: 'Reaches 450°C in about 20 minutes and cooks a pizza in 90 seconds. Comes with a peel and the regulator; you bring the gas bottle.',
    dailyRatePence: 2000, minDays: 1, maxDays: 4,
  }),
  listedBy('priya-shah', {
    key: 'kitchen-slow-cooker-6', categoryId: 'kitchen-appliances', name: 'Large Slow Cooker (6.5 L)',
    description: 'Feeds a crowd: chilli, curry or a big stew for a party. Removable ceramic pot that goes in the dishwasher.',
    dailyRatePence: 400, minDays: 1, maxDays: 7,
  }),
  listedBy('fiona-mackenzie', {
    key: 'camping-tent-1', categoryId: 'camping-gear', name: 'Six-Person Family Tent',
    description: 'Tunnel tent with two bedrooms and a big porch, stands up well in Highland wind. Pegs, mallet and a footprint groundsheet included.',
    dailyRatePence: 2200, minDays: 2, maxDays: 14,
  }),
  listedBy('fiona-mackenzie', {
    key: 'camping-stove-2', categoryId: 'camping-gear', name: 'Two-Burner Camping Stove',
    description: 'Folding stove with a windshield and a grill. Runs on a standard butane cartridge; two spare cartridges in the box.',
    dailyRatePence: 600, minDays: 1, maxDays: 14,
  }),
  listedBy('fiona-mackenzie', {
    key: 'camping-sleeping-bags-3', categoryId: 'camping-gear', name: 'Pair of Three-Season Sleeping Bags',
    description: 'Two warm mummy bags rated to -2°C, washed after every hire. Compression sacks included.',
    dailyRatePence: 800, minDays: 2, maxDays: 14,
  }),
  listedBy('fiona-mackenzie', {
    key: 'camping-rucksack-4', categoryId: 'camping-gear', name: '65 L Trekking Rucksack',
    description: 'Adjustable back system and a rain cover. Has done the West Highland Way twice and is ready for more.',
    dailyRatePence: 500, minDays: 2, maxDays: 14,
  }),
  listedBy('rosie-clarke', {
    key: 'camping-cool-box-5', categoryId: 'camping-gear', name: 'Electric Cool Box (12V)',
    description: 'Plugs into the car socket and keeps food cold for a whole weekend away. Also has a mains lead for the campsite hook-up.',
    dailyRatePence: 600, minDays: 1, maxDays: 10,
  }),
  listedBy('megan-lloyd', {
    key: 'camping-chairs-6', categoryId: 'camping-gear', name: 'Folding Camping Chairs and Table',
    description: 'Four folding chairs with cup holders and a roll-top table. Packs into one bag that fits a small boot.',
    dailyRatePence: 700, minDays: 1, maxDays: 10,
  }),
];
