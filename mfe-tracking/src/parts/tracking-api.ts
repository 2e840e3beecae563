/**
 * The API's paths of the tracking screens (tracking spec 7), from the tracking area's data: each path
 * is written once, in shared/contract/areas/tracking. Lists "of a user" are asked for the signed-in
 * user (the spec's client adds its own id), which the server reads as the whole acting subtree.
 */
import {
  assets,
  deviceGeofences,
  deviceHardware,
  deviceTrips,
  eventActions,
  eventIos,
  fleetReports,
  geoCommands,
  geoDevices,
  geofences,
  geoPositions,
  trackingNotifications,
  workbench,
} from '@meridian/shared/contract/areas/tracking';
import { users } from '@meridian/shared/contract/areas/admin';
import { apiPath } from '@meridian/shared/http/api-path';

export const TRACKING_API = {
  devices: (userId: string) => apiPath(geoDevices.api.list, { userId }),
  devicesOnMap: (userId: string) => apiPath(geoDevices.api.map, { userId }),
  device: (id: string) => apiPath(geoDevices.api.details, { id }),
  createDevice: apiPath(geoDevices.api.create),
  updateDevice: (id: string) => apiPath(geoDevices.api.one, { id }),
  deleteDevice: (id: string) => apiPath(geoDevices.api.remove, { id }),
  deviceExists: (uniqueId: string) => apiPath(geoDevices.api.exists, { uniqueId }),
  hardware: apiPath(deviceHardware.api.list),
  latestPosition: (id: string) => apiPath(geoPositions.api.latest, { id }),
  positions: (id: string, start: string, end: string) => apiPath(geoPositions.api.ofDevice, { id, start, end }),
  geocode: (positionId: number) => apiPath(geoPositions.api.address, { id: String(positionId) }),
  fences: apiPath(geofences.api.list),
  pois: apiPath(geofences.api.pois),
  fence: (id: string) => apiPath(geofences.api.one, { id }),
  poi: (id: string) => apiPath(geofences.api.poi, { id }),
  links: apiPath(deviceGeofences.api.link),
  /** The links of a geofence (GET /geo/permissions/{id}: the fence's id). */
  linksOfFence: (geofenceId: string) => apiPath(deviceGeofences.api.one, { id: geofenceId }),
  trips: apiPath(deviceTrips.api.trips),
  stops: apiPath(deviceTrips.api.stops),
  /** An asset's trips as the report kept per asset (POST); its trips and stops as paged reports or files (GET). */
  assetTrips: apiPath(fleetReports.api.assetTrips),
  assetTripRows: apiPath(fleetReports.api.trips),
  assetStopRows: apiPath(fleetReports.api.stops),
  assets: apiPath(assets.api.list),
  commands: apiPath(geoCommands.api.list),
  allCommands: apiPath(geoCommands.api.all),
  command: (id: string) => apiPath(geoCommands.api.one, { id }),
  sendCommand: (deviceId: string, commandType: string) => apiPath(geoCommands.api.send, { deviceId, commandType }),
  sentCommands: apiPath(geoCommands.api.sent),
  workbench: apiPath(workbench.api.summary),
  notifications: apiPath(trackingNotifications.api.list),
  unreadNotifications: apiPath(trackingNotifications.api.unread),
  markNotificationsRead: apiPath(trackingNotifications.api.read),
  markAllNotificationsRead: apiPath(trackingNotifications.api.readAll),

  // Event actions and event IO (the rules screens)
  eventActions: apiPath(eventActions.api.list),
  eventAction: (id: string) => apiPath(eventActions.api.one, { id }),
  eventActionFirings: (id: string) => apiPath(eventActions.api.firings, { id }),
  eventIos: apiPath(eventIos.api.list),
  eventIo: (id: string) => apiPath(eventIos.api.one, { id }),
  savedCommands: apiPath(geoCommands.api.list),
  /** The users a rule notifies or mails: the admin area's list (searched), and one user by id to name those already chosen. */
  users: apiPath(users.api.list),
  user: (id: string) => `${apiPath(users.api.list)}/${encodeURIComponent(id)}`,
} as const;
