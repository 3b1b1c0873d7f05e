import { RADIUS_MILES_OPTIONS } from '@toolshed/core';
import { describe, expect, it } from 'vitest';
import { clusterPoints, radiusForArea } from './map-clusters.ts';

const point = (id: string, x: number, y: number) => ({ id, latitude: y, longitude: x });

describe('clusters of markers', () => {
  it('groups the points whose markers would overlap on screen, keeping their order, each group at its middle', () => {
    const points = [
      point('a', 10, 10),
      point('b', 460, 460),
      point('c', 60, 30),
      point('d', 470, 480),
      point('e', 900, 10),
      point('f', 10, 60),
    ];
    const clusters = clusterPoints(points, (p) => ({ x: p.longitude, y: p.latitude }), { width: 64, height: 32 });
    expect(clusters.map((c) => c.members.map((m) => m.id))).toEqual([['a', 'c'], ['b', 'd'], ['e'], ['f']]);
    expect(clusters[0]).toMatchObject({ latitude: 20, longitude: 35 });
  });

  it('gives every point its own marker when they are far enough apart', () => {
    const points = Array.from({ length: 20 }, (_, n) => point(String(n), n * 70, (n % 2) * 40));
    expect(clusterPoints(points, (p) => ({ x: p.longitude, y: p.latitude })).every((c) => c.members.length === 1)).toBe(true);
  });
});

describe('searching the area on the map', () => {
  it.each([
    [0.4, 1],
    [1, 1],
    [2.2, 3],
    [7, 10],
    [24.9, 25],
    [40, 50],
    [60, undefined],
  ])('a map reaching %f miles to its corners asks for %s miles', (halfDiagonal, radius) => {
    expect(radiusForArea(halfDiagonal, RADIUS_MILES_OPTIONS)).toBe(radius);
  });
});
