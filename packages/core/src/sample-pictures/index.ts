/**
 * Drawn pictures of the sample items: one drawing per item, composed into three photos each.
 * Everything here is drawn by this project's own code (no third-party artwork) and is under the
 * project's licence. Pure string building: no I/O, so the API seed and the browser draw the same.
 */
import { AV_DRAWINGS } from './av.ts';
import { CAMPING_DRAWINGS } from './camping.ts';
import { CLEANING_DRAWINGS } from './cleaning.ts';
import { DIY_DRAWINGS } from './diy.ts';
import { GARDEN_DRAWINGS } from './garden.ts';
import { KITCHEN_DRAWINGS } from './kitchen.ts';
import { MOVING_DRAWINGS } from './moving.ts';
import { MUSIC_DRAWINGS } from './music.ts';
import { PARTY_DRAWINGS } from './party.ts';
import { POWER_DRAWINGS } from './power.ts';
import { SPORTS_DRAWINGS } from './sports.ts';
import { PARCEL, composePicture, type Drawing, type Variant } from './picture.ts';

/** Each sample item's drawing, by the item's key. */
export const SAMPLE_DRAWINGS: Readonly<Record<string, Drawing>> = {
  ...GARDEN_DRAWINGS,
  ...POWER_DRAWINGS,
  ...KITCHEN_DRAWINGS,
  ...CAMPING_DRAWINGS,
  ...PARTY_DRAWINGS,
  ...SPORTS_DRAWINGS,
  ...DIY_DRAWINGS,
  ...CLEANING_DRAWINGS,
  ...MOVING_DRAWINGS,
  ...AV_DRAWINGS,
  ...MUSIC_DRAWINGS,
};

/**
 * Photo `variant` (0 studio, 1 in use, 2 close-up) of the item with this key; an unknown key gets a
 * plain parcel. `label` is the accessible name, already XML-escaped.
 */
export function samplePictureSvg(itemKey: string | undefined, variant: Variant, categoryId: string, label: string): string {
  const drawing = (itemKey !== undefined && Object.hasOwn(SAMPLE_DRAWINGS, itemKey) ? SAMPLE_DRAWINGS[itemKey] : undefined) ?? PARCEL;
  return composePicture(drawing, variant, categoryId, label);
}
