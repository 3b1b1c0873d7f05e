import { ALL_CATEGORY_ID } from './all-category.ts';

/** The one category list used everywhere: browsing, the item form, the seed and the sample catalogue. */
export const CATEGORIES = [
  { id: 'garden-tools', name: 'Garden Tools', description: 'Mowers, trimmers, shredders and everything for the garden.' },
  { id: 'power-tools', name: 'Power Tools', description: 'Drills, saws, sanders and other powered tools.' },
  { id: 'kitchen-appliances', name: 'Kitchen Appliances', description: 'Mixers, fryers, dehydrators and big-batch cooking kit.' },
  { id: 'camping-gear', name: 'Camping Gear', description: 'Tents, stoves, sleeping kit and outdoor essentials.' },
  { id: 'party-supplies', name: 'Party Supplies', description: 'Gazebos, tables, lights and machines for celebrations.' },
  { id: 'sports-equipment', name: 'Sports Equipment', description: 'Bikes, boards, rackets and kit for getting active.' },
  { id: 'diy-hand-tools', name: 'DIY & Hand Tools', description: 'Ladders, clamps, tile cutters and trusty hand tools.' },
  { id: 'cleaning-equipment', name: 'Cleaning Equipment', description: 'Pressure washers, carpet cleaners and steamers.' },
  { id: 'moving-equipment', name: 'Moving Equipment', description: 'Sack trucks, dollies, straps and roof boxes.' },
  { id: 'audio-visual', name: 'Audio & Visual', description: 'Projectors, speakers, cameras and microphones.' },
  { id: 'musical-instruments', name: 'Musical Instruments', description: 'Guitars, keyboards, drums and amplifiers.' },
] as const;

export type CategoryId = (typeof CATEGORIES)[number]['id'];

// The browse page needs only this id: it lives apart so the list above stays out of its code.
export { ALL_CATEGORY_ID } from './all-category.ts';

/** What the 'all' pseudo-category is called on the category screen. */
export const ALL_ITEMS_CATEGORY = {
  id: ALL_CATEGORY_ID,
  name: 'All Items',
  description: 'Everything our neighbours have to lend, from every category.',
} as const;

export function isCategoryId(value: string): value is CategoryId {
  return CATEGORIES.some((c) => c.id === value);
}

export function categoryName(id: string): string | undefined {
  return CATEGORIES.find((c) => c.id === id)?.name;
}
