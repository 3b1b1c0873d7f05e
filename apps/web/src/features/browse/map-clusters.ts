/**
 * Markers close together on screen are drawn as one cluster with their count: points are grouped
 * by the square of `cellPx` pixels they fall in at the map's zoom. Groups keep the points' order
 * (the browse's: nearest first with a place), and a group of one is a plain marker.
 */
export interface Cluster<T> {
  members: T[];
  latitude: number;
  longitude: number;
}

export function clusterPoints<T extends { latitude: number; longitude: number }>(
  points: readonly T[],
  project: (point: T) => { x: number; y: number },
  cellPx = 56,
): Cluster<T>[] {
  const cells = new Map<string, T[]>();
  for (const point of points) {
    const { x, y } = project(point);
    const key = `${Math.floor(x / cellPx)}:${Math.floor(y / cellPx)}`;
    const cell = cells.get(key);
    if (cell) cell.push(point);
    else cells.set(key, [point]);
  }
  return [...cells.values()].map((members) => ({
    members,
    latitude: members.reduce((sum, p) => sum + p.latitude, 0) / members.length,
    longitude: members.reduce((sum, p) => sum + p.longitude, 0) / members.length,
  }));
}

/**
 * The radius that "Search this area" asks for: the smallest of the radii that reaches the corners
 * of the map from its middle, or none (any distance) when the map shows more than the largest.
 */
export function radiusForArea(halfDiagonalMiles: number, radii: readonly number[]): number | undefined {
  return radii.find((r) => r >= halfDiagonalMiles);
}
