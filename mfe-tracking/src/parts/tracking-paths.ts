/** The addresses of the tracking screens (from the tracking area's data) and the links between them. */
import { trackingMap, trackingSections } from '@meridian/shared/contract/areas/tracking';

export const LIVE_MAP_PATH = trackingMap.screens.view;
export const DEVICES_PATH = trackingSections.screens.devices;
export const GEOFENCES_PATH = trackingSections.screens.geofences;
export const DEVICE_TRIPS_PATH = trackingSections.screens.deviceTrips;
export const ASSET_TRIPS_PATH = trackingSections.screens.assetTrips;
export const NOTIFICATIONS_PATH = trackingSections.screens.notifications;
export const WORKBENCH_PATH = trackingSections.screens.workbench;
/** An asset's own page, on one of its tabs (the details by default). */
export const assetPath = (assetId: string, tab?: string) =>
  `${trackingSections.screens.asset.replace(':id', encodeURIComponent(assetId))}${tab ? `?tab=${tab}` : ''}`;
/** The notifications page, narrowed. */
export const notificationsPath = (filters: Record<string, string>) => `${NOTIFICATIONS_PATH}?${new URLSearchParams(filters).toString()}`;

/** The live map with a device selected and followed. */
export const deviceOnMapPath = (deviceId: string) => `${LIVE_MAP_PATH}?device=${encodeURIComponent(deviceId)}`;
/** A device's trips, for the default period unless days are given. */
export const tripsOfDevicePath = (deviceId: string, from?: string, to?: string) => {
  const query = new URLSearchParams({ device: deviceId });
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  return `${DEVICE_TRIPS_PATH}?${query.toString()}`;
};
/** An asset's trips, for the default period unless days are given. */
export const tripsOfAssetPath = (assetId: string, from?: string, to?: string) => {
  const query = new URLSearchParams({ asset: assetId });
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  return `${ASSET_TRIPS_PATH}?${query.toString()}`;
};
