import { geofenceSaveSchema, shapeOf } from './geofence';

const square = [
  [31.0, -29.9],
  [31.01, -29.9],
  [31.01, -29.89],
  [31.0, -29.89],
  [31.0, -29.9],
];
const errorsOf = (input: unknown) => {
  const parsed = geofenceSaveSchema.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('geofence save body', () => {
  test('a closed polygon, a circle with its radius and a corridor with its width are accepted', () => {
    const polygon = geofenceSaveSchema.parse({ name: ' Depot ', geometry: { type: 'Polygon', coordinates: [square] } });
    expect(polygon).toMatchObject({ name: 'Depot', type: 'geofence', radius: null, width: null });
    expect(shapeOf(polygon.geometry)).toBe('polygon');
    const circle = geofenceSaveSchema.parse({
      name: 'Site',
      type: 'poi',
      geometry: { type: 'Point', coordinates: [31, -29.8, 12] },
      radius: 250,
    });
    expect(circle.geometry).toEqual({ type: 'Point', coordinates: [31, -29.8] });
    expect(circle.radius).toBe(250);
    const corridor = geofenceSaveSchema.parse({
      name: 'N2',
      geometry: {
        type: 'LineString',
        coordinates: [
          [31.0, -29.9],
          [31.1, -29.8],
        ],
      },
      width: 300,
    });
    expect(shapeOf(corridor.geometry)).toBe('corridor');
  });

  test('an open ring, too few corners, several rings and positions out of range are refused with their field', () => {
    expect(errorsOf({ name: 'x', geometry: { type: 'Polygon', coordinates: [square.slice(0, 4)] } })).toEqual({
      'geometry.coordinates.0': 'A polygon ring is closed: its last position is the same as its first.',
    });
    expect(errorsOf({ name: 'x', geometry: { type: 'Polygon', coordinates: [[square[0], square[1], square[0]]] } })).toHaveProperty([
      'geometry.coordinates.0',
    ]);
    expect(errorsOf({ name: 'x', geometry: { type: 'Polygon', coordinates: [] } })).toHaveProperty(['geometry.coordinates']);
    // An empty ring is refused by its size, not by a failure reading its first position (found by the input fuzz).
    expect(errorsOf({ name: 'x', geometry: { type: 'Polygon', coordinates: [[]] } })).toEqual({
      'geometry.coordinates.0': expect.stringMatching(/\S/),
    });
    expect(errorsOf({ name: 'x', geometry: { type: 'Point', coordinates: [181, -29] }, radius: 10 })).toEqual({
      'geometry.coordinates.0': 'A longitude is between -180 and 180.',
    });
    expect(errorsOf({ name: 'x', geometry: { type: 'Point', coordinates: [31, 91] }, radius: 10 })).toEqual({
      'geometry.coordinates.1': 'A latitude is between -90 and 90.',
    });
  });

  test('a circle needs a radius and a corridor a width, each above 0 and below its maximum; neither fits another shape', () => {
    const point = { type: 'Point', coordinates: [31, -29.8] };
    expect(Object.keys(errorsOf({ name: 'x', geometry: point }))).toEqual(['radius']);
    expect(Object.keys(errorsOf({ name: 'x', geometry: point, radius: 0 }))).toEqual(['radius']);
    expect(Object.keys(errorsOf({ name: 'x', geometry: point, radius: 100_001 }))).toEqual(['radius']);
    const line = {
      type: 'LineString',
      coordinates: [
        [31, -29.8],
        [31.1, -29.7],
      ],
    };
    expect(Object.keys(errorsOf({ name: 'x', geometry: line, width: -1 }))).toEqual(['width']);
    expect(Object.keys(errorsOf({ name: 'x', geometry: { type: 'Polygon', coordinates: [square] }, radius: 5 }))).toEqual(['radius']);
    expect(Object.keys(errorsOf({ name: 'x', geometry: { type: 'Polygon', coordinates: [square] }, width: 5 }))).toEqual(['width']);
  });

  test('a polygon may have holes, each a closed ring', () => {
    const hole = [
      [31.002, -29.898],
      [31.004, -29.898],
      [31.004, -29.896],
      [31.002, -29.898],
    ];
    expect(
      geofenceSaveSchema.parse({ name: 'Yard', geometry: { type: 'Polygon', coordinates: [square, hole] } }).geometry.coordinates,
    ).toHaveLength(2);
    expect(errorsOf({ name: 'x', geometry: { type: 'Polygon', coordinates: [square, hole.slice(0, 3)] } })).toHaveProperty([
      'geometry.coordinates.1',
    ]);
  });

  test('an unknown geometry type and a missing name are refused', () => {
    expect(Object.keys(errorsOf({ geometry: { type: 'MultiPolygon', coordinates: [] } })).sort()).toEqual(['geometry.type', 'name']);
  });
});
