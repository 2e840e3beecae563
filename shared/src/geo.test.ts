import { displayCoordinate, distanceMeters, hasMovedEnough, normaliseCoordinate, reusablePosition } from './geo';

describe('geo rules', () => {
  test('distance uses the haversine formula with an earth radius of 6371000 m', () => {
    expect(distanceMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(111194.93, 1);
  });

  test('a position is recorded only after moving at least 50 m', () => {
    const here = { lat: -26.2041, lng: 28.0473 };
    expect(hasMovedEnough(null, here)).toBe(true);
    expect(hasMovedEnough(here, { lat: -26.2043, lng: 28.0473 })).toBe(false);
    expect(hasMovedEnough(here, { lat: -26.2046, lng: 28.0473 })).toBe(true);
  });

  test('the last position is reused under 1 hour, with accuracy 9999 up to 6 hours, and not after', () => {
    const now = Date.now();
    const last = { latitude: 1, longitude: 2, accuracy: 5, updatedAt: now - 30 * 60_000 };
    expect(reusablePosition(last, now)).toEqual(last);
    expect(reusablePosition({ ...last, updatedAt: now - 2 * 3600_000 }, now)?.accuracy).toBe(9999);
    expect(reusablePosition({ ...last, updatedAt: now - 7 * 3600_000 }, now)).toBeNull();
  });

  test('coordinates are normalised to 4 decimals and displayed with 6', () => {
    expect(normaliseCoordinate(-26.204123456)).toBe(-26.2041);
    expect(displayCoordinate(28.0473)).toBe('28.047300');
  });
});
