import { deviceStatusOf, geoDeviceSaveSchema } from './geo-device';
import { trackingNotificationIcon } from './tracking-notification';

describe('geo devices', () => {
  test('status is online within the timeout of the last contact, offline after it, unknown without one', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(deviceStatusOf('2026-01-01T11:50:00Z', now)).toBe('online');
    expect(deviceStatusOf('2026-01-01T11:49:59Z', now)).toBe('offline');
    expect(deviceStatusOf(null, now)).toBe('unknown');
    expect(deviceStatusOf('2026-01-01T11:00:00Z', now, 3600)).toBe('online');
  });

  test('a save body trims its texts, drops empty optional ones and refuses a uniqueId with spaces', () => {
    expect(geoDeviceSaveSchema.parse({ uniqueId: ' 356307042441013 ', name: ' Hilux ', phone: '' })).toMatchObject({
      uniqueId: '356307042441013',
      name: 'Hilux',
      phone: null,
      disabled: false,
      attributes: {},
    });
    const refused = geoDeviceSaveSchema.safeParse({ uniqueId: 'a b', name: 'x', category: 'rocket' });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['category', 'uniqueId']);
  });

  test('notification icons: the special ones by name, else the first two letters of the type, else BC', () => {
    expect(trackingNotificationIcon('keep out zone')).toEqual({ special: 'Keep out zone' });
    expect(trackingNotificationIcon('geofenceEnter')).toEqual({ letters: 'GE' });
    expect(trackingNotificationIcon('')).toEqual({ letters: 'BC' });
  });
});
