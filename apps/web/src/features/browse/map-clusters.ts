/**
 * Markers that would overlap on screen are drawn as one cluster with their count. Each point, in
 * order (the browse's: nearest first with a place), joins the first cluster whose middle is within
 * a marker's size of it on screen (`box`: a price marker is wider than it is tall), else starts one;
 * a cluster's middle is the mean of its points. A cluster of one is a plain marker.
 */
export interface Cluster<T> {
  members: T[];
  latitude: number;
  longitude: number;
}

export function clusterPoints<T extends { latitude: number; longitude: number }>(
  points: readonly T[],
  project: (point: T) => { x: number; y: number },
  box: { width: number; height: number } = { width: 64, height: 32 },
): Cluster<T>[] {
  const clusters: Array<{ members: T[]; x: number; y: number }> = [];
  for (const point of points) {
    const { x, y } = project(point);
    const near = clusters.find((c) => Math.abs(c.x - x) < box.width && Math.abs(c.y - y) < box.height);
    if (near) {
      near.members.push(point);
      near.x += (x - near.x) / near.members.length;
      near.y += (y - near.y) / near.members.length;
    } else clusters.push({ members: [point], x, y });
  }
  return clusters.map(({ members }) => ({
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
