/** Every place an in-use photo can be taken, by name. */
import { INDOOR_SCENES } from './scenes-indoor.ts';
import { OUTDOOR_SCENES } from './scenes-outdoor.ts';

export const SCENES = { ...OUTDOOR_SCENES, ...INDOOR_SCENES };
export type SceneName = keyof typeof SCENES;
