/** The addresses of the tracking screens (from the tracking area's data) and the links between them. */
import { trackingMap, trackingSections } from '@meridian/shared/contract/areas/tracking';

export const LIVE_MAP_PATH = trackingMap.screens.view;
export const DEVICES_PATH = trackingSections.screens.devices;
export const GEOFENCES_PATH = trackingSections.screens.geofences;
export const DEVICE_TRIPS_PATH = trackingSections.screens.deviceTrips;
export const NOTIFICATIONS_PATH = trackingSections.screens.notifications;

/** The live map with a device selected and followed. */
export const deviceOnMapPath = (deviceId: string) => `${LIVE_MAP_PATH}?device=${encodeURIComponent(deviceId)}`;
/** A device's trips, for the default period unless days are given. */
export const tripsOfDevicePath = (deviceId: string, from?: string, to?: string) => {
  const query = new URLSearchParams({ device: deviceId });
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  return `${DEVICE_TRIPS_PATH}?${query.toString()}`;
};
