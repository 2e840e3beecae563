import { distanceMeters } from './geo';
import { boundsContain, distanceToLineMetres, fenceBounds, fenceProblem, prepareFence, type FenceDefinition } from './geo-fence';

// A depot in Johannesburg: a 0.01° square (about 1.1 km by 1.0 km) with a 0.002° square hole in it.
const square = (west: number, south: number, size: number) => [
  [west, south],
  [west + size, south],
  [west + size, south + size],
  [west, south + size],
  [west, south],
];
const depot: FenceDefinition = {
  shape: 'polygon',
  geometry: { type: 'Polygon', coordinates: [square(28.04, -26.21, 0.01), square(28.044, -26.206, 0.002)] },
};

describe('polygon fences', () => {
  const fence = prepareFence(depot);

  test('a point inside the outer ring is inside', () => {
    expect(fence.contains(-26.208, 28.042)).toBe(true);
  });

  test('a point outside the outer ring is outside', () => {
    expect(fence.contains(-26.215, 28.042)).toBe(false);
    expect(fence.contains(-26.205, 28.051)).toBe(false);
  });

  test('a point in a hole is outside', () => {
    expect(fence.contains(-26.205, 28.045)).toBe(false);
  });

  test('a concave polygon leaves its notch outside', () => {
    // An L shape: the top-right quarter of the square is cut away.
    const l = prepareFence({
      shape: 'polygon',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [2, 0],
            [2, 1],
            [1, 1],
            [1, 2],
            [0, 2],
            [0, 0],
          ],
        ],
      },
    });
    expect(l.contains(0.5, 1.5)).toBe(true);
    expect(l.contains(1.5, 0.5)).toBe(true);
    expect(l.contains(1.5, 1.5)).toBe(false);
  });

  test('its bounding box is the outer ring’s', () => {
    expect(fenceBounds(depot)).toEqual({ minLat: -26.21, maxLat: -26.2, minLon: 28.04, maxLon: 28.05 });
  });
});

describe('circle fences', () => {
  const centre = { lat: -26.2041, lng: 28.0473 };
  const circle: FenceDefinition = { shape: 'circle', geometry: { type: 'Point', coordinates: [centre.lng, centre.lat] }, radius: 500 };
  const fence = prepareFence(circle);

  test('a point 450 m from the centre is inside a 500 m circle, one 550 m away is not', () => {
    // 0.001° of latitude is about 111.2 m.
    const at = (metres: number) => ({ lat: centre.lat + metres / 111_194.93, lng: centre.lng });
    expect(distanceMeters(centre, at(450))).toBeCloseTo(450, 0);
    expect(fence.contains(at(450).lat, at(450).lng)).toBe(true);
    expect(fence.contains(at(550).lat, at(550).lng)).toBe(false);
  });

  test('its bounding box holds the whole circle and little more', () => {
    const box = fenceBounds(circle);
    expect(box.maxLat - centre.lat).toBeCloseTo(500 / 111_194.93, 6);
    // East-west a degree is shorter by cos(latitude), so the box is wider in degrees.
    expect(box.maxLon - centre.lng).toBeGreaterThan(500 / 111_194.93);
    const east = { lat: centre.lat, lng: centre.lng + 499 / (111_194.93 * Math.cos((centre.lat * Math.PI) / 180)) };
    expect(boundsContain(box, east.lat, east.lng)).toBe(true);
    expect(fence.contains(east.lat, east.lng)).toBe(true);
  });
});

describe('corridor fences', () => {
  // A road east along the equator, then north: (0,0) -> (0.01,0) -> (0.01,0.01); 100 m wide.
  const road: FenceDefinition = {
    shape: 'corridor',
    geometry: {
      type: 'LineString',
      coordinates: [
        [0, 0],
        [0.01, 0],
        [0.01, 0.01],
      ],
    },
    width: 100,
  };
  const fence = prepareFence(road);
  const metres = (m: number) => m / 111_194.93;

  test('a point 40 m beside the line is inside a 100 m wide corridor, 60 m beside it is not', () => {
    expect(fence.contains(metres(40), 0.005)).toBe(true);
    expect(fence.contains(metres(-60), 0.005)).toBe(false);
    expect(fence.contains(0.005, 0.01 + metres(40))).toBe(true);
    expect(fence.contains(0.005, 0.01 + metres(60))).toBe(false);
  });

  test('beyond the line’s end the distance is to the end point', () => {
    expect(distanceToLineMetres(road.geometry, 0, -metres(30))).toBeCloseTo(30, 0);
    expect(fence.contains(0, -metres(30))).toBe(true);
    expect(fence.contains(0, -metres(70))).toBe(false);
  });

  test('the distance to a line is the distance to its nearest leg', () => {
    expect(distanceToLineMetres(road.geometry, metres(25), 0.004)).toBeCloseTo(25, 0);
  });

  test('its bounding box has half the width around the line', () => {
    const box = fenceBounds(road);
    expect(box.minLat).toBeCloseTo(-metres(50), 7);
    expect(box.maxLon).toBeCloseTo(0.01 + metres(50), 7);
  });
});

describe('fences that cannot be tested', () => {
  test('are named with what is wrong', () => {
    expect(fenceProblem({ shape: 'circle', geometry: { type: 'Point', coordinates: [28, -26] }, radius: 0 })).toMatch(/radius/);
    expect(fenceProblem({ shape: 'corridor', geometry: { type: 'LineString', coordinates: [[28, -26]] }, width: 10 })).toMatch(
      /2 positions/,
    );
    expect(
      fenceProblem({
        shape: 'polygon',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 1],
            ],
          ],
        },
      }),
    ).toMatch(/at least 4/);
    expect(fenceProblem(depot)).toBeNull();
  });

  test('are refused when prepared', () => {
    expect(() => prepareFence({ shape: 'circle', geometry: { type: 'Point', coordinates: [28, 95] }, radius: 10 })).toThrow(/centre/);
  });
});
