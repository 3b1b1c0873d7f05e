import { RADIUS_MILES_OPTIONS } from '@toolshed/core';
import { describe, expect, it } from 'vitest';
import { clusterPoints, radiusForArea } from './map-clusters.ts';

const point = (id: string, x: number, y: number) => ({ id, latitude: y, longitude: x });

describe('clusters of markers', () => {
  it('groups the points that fall in the same square on screen, keeping their order, each group at its middle', () => {
    const points = [point('a', 10, 10), point('b', 460, 460), point('c', 30, 40), point('d', 470, 500), point('e', 900, 10)];
    const clusters = clusterPoints(points, (p) => ({ x: p.longitude, y: p.latitude }), 56);
    expect(clusters.map((c) => c.members.map((m) => m.id))).toEqual([['a', 'c'], ['b', 'd'], ['e']]);
    expect(clusters[0]).toMatchObject({ latitude: 25, longitude: 20 });
  });

  it('gives every point its own marker when they are far enough apart', () => {
    const points = Array.from({ length: 20 }, (_, n) => point(String(n), n * 60, 0));
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
    [40, undefined],
  ])('a map reaching %f miles to its corners asks for %s miles', (halfDiagonal, radius) => {
    expect(radiusForArea(halfDiagonal, RADIUS_MILES_OPTIONS)).toBe(radius);
  });
});
