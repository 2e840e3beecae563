/**
 * The API's paths of the tracking screens (tracking spec 7), from the tracking area's data, each
 * written once. `userId` lists are asked for the signed-in user (the spec's client adds its own id).
 */
export const TRACKING_API = {
  devices: (userId: string) => `/api/geo/device/${encodeURIComponent(userId)}`,
  devicesOnMap: (userId: string) => `/api/geo/device/map/${encodeURIComponent(userId)}`,
  device: (id: string) => `/api/geo/device/details/${encodeURIComponent(id)}`,
  latestPosition: (id: string) => `/api/geo/device/details/${encodeURIComponent(id)}/latest-position`,
  createDevice: '/api/geo/device',
  updateDevice: (id: string) => `/api/geo/device/${encodeURIComponent(id)}`,
  deleteDevice: (id: string) => `/api/geo/device/delete/${encodeURIComponent(id)}`,
  deviceExists: (uniqueId: string) => `/api/geo/device/exists/${encodeURIComponent(uniqueId)}`,
  hardware: '/api/geo/device-hardware',
  positions: (deviceId: string, start: string, end: string) =>
    `/api/geo/position/device/${encodeURIComponent(deviceId)}/${encodeURIComponent(start)}/${encodeURIComponent(end)}/`,
  geocode: (positionId: number) => `/api/geo/geocoding/position/${positionId}`,
  fences: '/api/geo/fences',
  pois: '/api/geo/fences/poi',
  fence: (id: string) => `/api/geo/fences/${encodeURIComponent(id)}`,
  poi: (id: string) => `/api/geo/fences/poi/${encodeURIComponent(id)}`,
  links: '/api/geo/permissions',
  linksOfFence: (geofenceId: string) => `/api/geo/permissions/${encodeURIComponent(geofenceId)}`,
  trips: '/api/geo/device/trip/details',
} as const;
