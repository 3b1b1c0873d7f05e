import { DIY_AND_CLEANING_ITEMS } from './items-diy-cleaning.ts';
import { GARDEN_AND_POWER_ITEMS } from './items-garden-power.ts';
import { KITCHEN_AND_CAMPING_ITEMS } from './items-kitchen-camping.ts';
import { MOVING_AV_AND_MUSIC_ITEMS } from './items-moving-av-music.ts';
import { PARTY_AND_SPORTS_ITEMS } from './items-party-sports.ts';
import type { SampleItem } from './types.ts';

/**
 * Every sample listing, in catalogue order. A later entry counts as listed more recently: the seed
 * inserts them in this order and Mock Data mode sorts newest first on it.
 */
export const SAMPLE_ITEMS: SampleItem[] = [
  ...GARDEN_AND_POWER_ITEMS,
  ...KITCHEN_AND_CAMPING_ITEMS,
  ...PARTY_AND_SPORTS_ITEMS,
  ...DIY_AND_CLEANING_ITEMS,
  ...MOVING_AV_AND_MUSIC_ITEMS,
];
