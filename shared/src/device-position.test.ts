import { GEO } from './constants';
import { currentDevicePosition, geolocationProblem, isUsablePosition } from './device-position';
import { MESSAGES } from './messages';

const HOUR = 60 * 60 * 1000;
const NOW = 1_800_000_000_000;

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

const granted = (latitude: number, longitude: number, accuracy = 12) => ({
  getCurrentPosition: jest.fn((ok: PositionCallback, _fail?: PositionErrorCallback | null, _options?: PositionOptions) =>
    ok({ coords: { latitude, longitude, accuracy } } as GeolocationPosition),
  ),
});
const refused = (code: number) => ({
  getCurrentPosition: jest.fn((_ok: PositionCallback, fail?: PositionErrorCallback | null) => fail?.({ code } as GeolocationPositionError)),
});

describe('the device position', () => {
  test('is asked with high accuracy, a 5 s timeout and a 5 s maximum age', async () => {
    const geolocation = granted(-26.2, 27.9);
    expect(await currentDevicePosition({ geolocation, storage: memoryStorage(), now: () => NOW })).toEqual({
      latitude: -26.2,
      longitude: 27.9,
      accuracy: 12,
    });
    expect(geolocation.getCurrentPosition.mock.calls[0]![2]).toEqual({ enableHighAccuracy: true, timeout: 5000, maximumAge: 5000 });
  });

  test('a refusal without an earlier position is the 999 placeholder with the browser reason', async () => {
    const position = await currentDevicePosition({ geolocation: refused(1), storage: memoryStorage(), now: () => NOW });
    expect(position).toEqual({
      latitude: GEO.invalidCoordinate,
      longitude: GEO.invalidCoordinate,
      accuracy: null,
      problem: MESSAGES.geoDenied,
    });
    expect(isUsablePosition(position)).toBe(false);
  });

  test('a device without geolocation says so', async () => {
    expect((await currentDevicePosition({ geolocation: undefined, storage: memoryStorage() })).problem).toBe(MESSAGES.geoNotSupported);
  });

  test('the last position is reused under an hour old, with accuracy 9999 up to six hours, and not after', async () => {
    const storage = memoryStorage();
    await currentDevicePosition({ geolocation: granted(-33.9, 18.4, 8), storage, now: () => NOW });
    const at = (ms: number) => currentDevicePosition({ geolocation: refused(3), storage, now: () => NOW + ms });
    expect(await at(HOUR / 2)).toEqual({ latitude: -33.9, longitude: 18.4, accuracy: 8 });
    expect(await at(3 * HOUR)).toEqual({ latitude: -33.9, longitude: 18.4, accuracy: 9999 });
    expect((await at(7 * HOUR)).problem).toBe(MESSAGES.geoTimeout);
  });

  test('each error code has its message', () => {
    expect([1, 2, 3, 42].map(geolocationProblem)).toEqual([
      MESSAGES.geoDenied,
      MESSAGES.geoUnavailable,
      MESSAGES.geoTimeout,
      MESSAGES.geoUnknown,
    ]);
  });
});
