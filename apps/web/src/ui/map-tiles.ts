/**
 * The map tiles every map of the app draws: the tile server configured at build time
 * (VITE_MAP_TILE_URL), else OpenStreetMap's, with its attribution. Maps must still work, and say
 * so, when tiles cannot be fetched: what they mark is drawn without them.
 */
const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const MAP_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export const MAP_TILE_URL: string = import.meta.env.VITE_MAP_TILE_URL || OSM_TILES;
