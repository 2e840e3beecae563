import { DEFAULT_TRACKING_ICON, isTrackingIconSymbol, trackingNotificationIcon } from './notification-icon';

describe('the icon of a tracking notification', () => {
  test('Tamper, Asset Battery Disconnected, Keep in zone and Keep out zone have their own symbols', () => {
    expect(trackingNotificationIcon('Tamper')).toBe('tamper');
    expect(trackingNotificationIcon('Asset Battery Disconnected')).toBe('assetBatteryDisconnected');
    expect(trackingNotificationIcon('Keep in zone')).toBe('keepInZone');
    expect(trackingNotificationIcon('Keep out zone')).toBe('keepOutZone');
  });

  test('the names match whatever their case and spacing', () => {
    expect(trackingNotificationIcon('KEEP OUT ZONE')).toBe('keepOutZone');
    expect(trackingNotificationIcon('keepInZone')).toBe('keepInZone');
  });

  test('an alarm whose value has a symbol shows it', () => {
    expect(trackingNotificationIcon('alarm', 'tampering')).toBe('tamper');
    expect(trackingNotificationIcon('alarm', 'powerCut')).toBe('assetBatteryDisconnected');
    expect(trackingNotificationIcon('alarm', 'batteryDisconnected')).toBe('assetBatteryDisconnected');
  });

  test('any other event shows the first two letters of its type in capitals', () => {
    expect(trackingNotificationIcon('geofenceEnter')).toBe('GE');
    expect(trackingNotificationIcon('alarm', 'sos')).toBe('AL');
    expect(trackingNotificationIcon('Position Report')).toBe('PO');
  });

  test('without a type it is BC', () => {
    expect(trackingNotificationIcon(null)).toBe(DEFAULT_TRACKING_ICON);
    expect(trackingNotificationIcon('  ')).toBe('BC');
  });

  test('symbols are told apart from letters', () => {
    expect(isTrackingIconSymbol(trackingNotificationIcon('Tamper'))).toBe(true);
    expect(isTrackingIconSymbol(trackingNotificationIcon('geofenceExit'))).toBe(false);
  });
});
