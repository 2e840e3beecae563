/**
 * The icon of a tracking notification (tracking spec 3): Tamper, Asset Battery Disconnected, Keep in
 * zone and Keep out zone have their own symbols; any other event shows the first two letters of its
 * type; without a type, BC. Names are matched whatever their case and spacing, and Traccar's alarm
 * names for the same things count too: `tampering` is a tamper, `powerCut` (external power lost) a
 * disconnected battery, and so does `batteryDisconnected`.
 */

export const TRACKING_ICON_SYMBOLS = ['tamper', 'assetBatteryDisconnected', 'keepInZone', 'keepOutZone'] as const;
export type TrackingIconSymbol = (typeof TRACKING_ICON_SYMBOLS)[number];

export const DEFAULT_TRACKING_ICON = 'BC';

const SYMBOL_BY_NAME: Record<string, TrackingIconSymbol> = {
  tamper: 'tamper',
  tampering: 'tamper',
  assetbatterydisconnected: 'assetBatteryDisconnected',
  batterydisconnected: 'assetBatteryDisconnected',
  powercut: 'assetBatteryDisconnected',
  keepinzone: 'keepInZone',
  keepoutzone: 'keepOutZone',
};

const comparable = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The symbol a name has its own icon for, or null. */
export function trackingIconSymbol(name: string | null | undefined): TrackingIconSymbol | null {
  return name ? (SYMBOL_BY_NAME[comparable(name)] ?? null) : null;
}

export const isTrackingIconSymbol = (icon: string): icon is TrackingIconSymbol =>
  (TRACKING_ICON_SYMBOLS as readonly string[]).includes(icon);

/**
 * A symbol when the event type (or its detail, such as an alarm's value) has one, else the type's
 * first two letters in capitals, else BC.
 */
export function trackingNotificationIcon(eventType: string | null | undefined, detail?: string | null): string {
  const symbol = trackingIconSymbol(eventType) ?? trackingIconSymbol(detail);
  if (symbol) return symbol;
  const letters = (eventType ?? '').replace(/[^\p{L}\p{N}]/gu, '').slice(0, 2);
  return letters ? letters.toUpperCase() : DEFAULT_TRACKING_ICON;
}
