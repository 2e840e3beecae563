/**
 * The tracking area (remote `tracking`): devices, the live map, zones, commands, events, drivers and
 * trips. The tracking spec names these sections but not their addresses or permissions; these are ours.
 */
import { TRACKING_PERMISSIONS } from '../permissions';
import { area, resource, type MenuSection } from './area';

const trackingSection: MenuSection = { label: 'Tracking', order: 50, icon: 'environment', can: ['TRACKING', ...TRACKING_PERMISSIONS] };

export const trackingMap = resource({
  screens: { view: '/tracking/map' },
  can: { read: ['TRACKING/MAP', 'TRACKING'] },
  guards: { view: 'read' },
  menu: { section: trackingSection, label: 'Map', order: 10, screen: 'view' },
});

/** Assets are read wherever a vehicle is shown: the map, its trips, and the assets screens. */
const ASSET_READERS = ['TRACKING/ASSETS', 'TRACKING/MAP', 'TRACKING/TRIPS', 'TRACKING'] as const;
const ASSET_EDITORS = ['TRACKING/ASSETS', 'TRACKING'] as const;

export const trackingSections = resource({
  screens: {
    devices: '/tracking/devices',
    geofences: '/tracking/geofences',
    commands: '/tracking/commands',
    eventIo: '/tracking/event-io',
    eventActions: '/tracking/event-actions',
    drivers: '/tracking/drivers',
    deviceTrips: '/tracking/device-trips',
    assetTrips: '/tracking/asset-trips',
    workbench: '/tracking/workbench',
    notifications: '/tracking/notifications',
    assets: '/tracking/assets',
    asset: '/tracking/assets/:id',
  },
  can: {
    devices: ['TRACKING/DEVICES', 'TRACKING'],
    geofences: ['TRACKING/GEOFENCES', 'TRACKING'],
    commands: ['TRACKING/COMMANDS', 'TRACKING'],
    events: ['TRACKING/EVENTS', 'TRACKING'],
    drivers: ['TRACKING/DRIVERS', 'TRACKING'],
    trips: ['TRACKING/TRIPS', 'TRACKING'],
    workbench: ['TRACKING/WORKBENCH', 'TRACKING'],
    notifications: ['TRACKING/NOTIFICATIONS', 'TRACKING'],
    assets: ASSET_READERS,
  },
  guards: { eventIo: 'events', eventActions: 'events', deviceTrips: 'trips', assetTrips: 'trips', asset: 'assets' },
  menu: [
    { section: trackingSection, label: 'Assets', order: 15, screen: 'assets' },
    { section: trackingSection, label: 'Devices', order: 20, screen: 'devices' },
    { section: trackingSection, label: 'Geofences', order: 30, screen: 'geofences' },
    { section: trackingSection, label: 'Commands', order: 40, screen: 'commands' },
    { section: trackingSection, label: 'Event IO', order: 50, screen: 'eventIo' },
    { section: trackingSection, label: 'Event actions', order: 60, screen: 'eventActions' },
    { section: trackingSection, label: 'Drivers', order: 70, screen: 'drivers' },
    { section: trackingSection, label: 'Device trips', order: 80, screen: 'deviceTrips' },
    { section: trackingSection, label: 'Asset trips', order: 90, screen: 'assetTrips' },
    { section: trackingSection, label: 'Workbench', order: 100, screen: 'workbench' },
    { section: trackingSection, label: 'Notifications', order: 110, screen: 'notifications' },
  ],
});

// The API's resources (tracking spec 7, under /api): paths as the server registers them, and who may do what.
// Each grant lists its own hierarchy, the neighbours whose screens need to read it, and TRACKING (the whole area).

/** Devices are read wherever a device is chosen: the map, trips, commands, geofence links and events. */
const DEVICE_READERS = [
  'TRACKING/DEVICES',
  'TRACKING/MAP',
  'TRACKING/TRIPS',
  'TRACKING/COMMANDS',
  'TRACKING/GEOFENCES',
  'TRACKING/EVENTS',
  'TRACKING',
] as const;
const DEVICE_EDITORS = ['TRACKING/DEVICES', 'TRACKING'] as const;
/** Positions: the map, a device's page and its trips. */
const POSITION_READERS = ['TRACKING/MAP', 'TRACKING/DEVICES', 'TRACKING/TRIPS', 'TRACKING'] as const;
/** Rules name the fence they watch, so their keepers read fences too. */
const GEOFENCE_READERS = ['TRACKING/GEOFENCES', 'TRACKING/MAP', 'TRACKING/DEVICES', 'TRACKING/EVENTS', 'TRACKING'] as const;
const GEOFENCE_EDITORS = ['TRACKING/GEOFENCES', 'TRACKING'] as const;
const COMMAND_USERS = ['TRACKING/COMMANDS', 'TRACKING'] as const;
const EVENT_EDITORS = ['TRACKING/EVENTS', 'TRACKING'] as const;
const DRIVER_EDITORS = ['TRACKING/DRIVERS', 'TRACKING'] as const;

export const geoDevices = resource({
  api: {
    list: '/geo/device/:userId',
    map: '/geo/device/map/:userId',
    details: '/geo/device/details/:id',
    create: '/geo/device',
    one: '/geo/device/:id',
    remove: '/geo/device/delete/:id',
    unlinked: '/geo/device/unlinked-device',
    exists: '/geo/device/exists/:uniqueId',
    search: '/geo/device/search/:text',
    active: '/geo/device/active',
    activeByTenant: '/geo/device/active/by-tenant',
    stats: '/geo/device/dashboard/stats',
    smsUsed: '/geo/device/dashboard/sms-used',
  },
  can: { read: DEVICE_READERS, create: DEVICE_EDITORS, edit: DEVICE_EDITORS, delete: DEVICE_EDITORS },
});

export const deviceHardware = resource({
  api: { list: '/geo/device-hardware' },
  can: { read: TRACKING_PERMISSIONS },
});

export const geoPositions = resource({
  api: {
    latest: '/geo/device/details/:id/latest-position',
    one: '/geo/device/position/:param',
    ofDevice: '/geo/position/device/:id/:start/:end',
    address: '/geo/geocoding/position/:id',
  },
  can: { read: POSITION_READERS, geocode: POSITION_READERS },
});

export const geofences = resource({
  api: {
    list: '/geo/fences',
    pois: '/geo/fences/poi',
    all: '/geo/fences/all/:userId',
    allPois: '/geo/fences/poi/all/:userId',
    one: '/geo/fences/:id',
    poi: '/geo/fences/poi/:id',
  },
  can: { read: GEOFENCE_READERS, create: GEOFENCE_EDITORS, edit: GEOFENCE_EDITORS, delete: GEOFENCE_EDITORS },
});

/** The spec's "permissions": which fences a device is tested against; linked from a fence or from a device. */
export const deviceGeofences = resource({
  api: { link: '/geo/permissions', one: '/geo/permissions/:id', ofDevice: '/geo/permissions/device/:deviceId' },
  can: {
    read: ['TRACKING/GEOFENCES', 'TRACKING/DEVICES', 'TRACKING/MAP', 'TRACKING'],
    edit: ['TRACKING/GEOFENCES', 'TRACKING/DEVICES', 'TRACKING'],
  },
});

export const geoCommands = resource({
  api: {
    list: '/geo/commands',
    one: '/geo/commands/:id',
    all: '/geo/commands/command/all',
    send: '/geo/device/sendCommand/:deviceId/:commandType',
    /** The commands sent to devices, with their state (ours: the spec shows no history). */
    sent: '/geo/commands/sent',
  },
  // A rule may send a saved command, so the keepers of rules read them.
  can: {
    read: [...COMMAND_USERS, 'TRACKING/EVENTS'],
    create: COMMAND_USERS,
    edit: COMMAND_USERS,
    delete: COMMAND_USERS,
    send: COMMAND_USERS,
  },
});

export const eventActions = resource({
  api: {
    list: '/geo/eventActions',
    one: '/geo/eventActions/:id',
    eventIos: '/geo/eventActions/eventios/:id',
    firings: '/geo/eventActions/:id/firings',
  },
  can: { read: EVENT_EDITORS, create: EVENT_EDITORS, edit: EVENT_EDITORS, delete: EVENT_EDITORS },
});

export const eventIos = resource({
  api: { list: '/geo/eventIos', one: '/geo/eventIos/:id' },
  can: { read: EVENT_EDITORS, create: EVENT_EDITORS, edit: EVENT_EDITORS, delete: EVENT_EDITORS },
});

/** Crashes (spec 7 `api/geo/crash-event/{a}/{b}`): read and reviewed by those who keep the event rules. */
export const crashEvents = resource({
  api: { list: '/geo/crash-event/:assetId/:status', one: '/geo/crash-event/:id', review: '/geo/crash-event/:id/review' },
  can: { read: EVENT_EDITORS, review: EVENT_EDITORS },
});

export const drivers = resource({
  api: { list: '/geo/drivers', one: '/geo/drivers/:id' },
  can: {
    read: [...DRIVER_EDITORS, 'TRACKING/TRIPS', 'TRACKING/MAP'],
    create: DRIVER_EDITORS,
    edit: DRIVER_EDITORS,
    delete: DRIVER_EDITORS,
  },
});

export const deviceTrips = resource({
  api: { trips: '/geo/device/trip/details', stops: '/geo/device/trip/stops' },
  can: { read: ['TRACKING/TRIPS', 'TRACKING'] },
});

/** The dispatcher's workbench: one summary of what needs attention (ours: the spec names the section only). */
export const workbench = resource({
  api: { summary: '/geo/workbench' },
  can: { read: ['TRACKING/WORKBENCH', 'TRACKING'] },
});

export const trackingNotifications = resource({
  api: {
    list: '/geo/notifications',
    unread: '/geo/notifications/unread-count',
    read: '/geo/notifications/read',
    readAll: '/geo/notifications/read-all',
  },
  // The map shows them as they arrive, so its users read the same list.
  can: { read: ['TRACKING/NOTIFICATIONS', 'TRACKING/MAP', 'TRACKING'] },
});

/**
 * Assets (tracking spec 7 Assets). The spec mixes /geo/asset and /geo/assets; both are served as written.
 * Deleting is ours (the spec shows no path): DELETE /geo/asset/{id}, soft, beside PUT /geo/asset/{id}.
 */
export const assets = resource({
  api: {
    list: '/geo/asset',
    create: '/geo/asset',
    update: '/geo/asset/:id',
    remove: '/geo/asset/:id',
    one: '/geo/assets/:id',
    details: '/geo/assets/details/:id',
    devices: '/geo/assets/devices/:id',
    devicesOfAsset: '/geo/asset/devices/:assetId',
    deviceTypes: '/geo/asset/device-type',
    history: '/geo/device-asset-history',
    active: '/geo/asset/reports/active',
    positions: '/geo/asset/device/positions',
    odometer: '/geo/assets/:id/odometer',
    engineHours: '/geo/assets/:id/engine-hours',
    mapIcon: '/geo/assets/:id/map-icon',
    photos: '/geo/assets/:id/photos',
    photo: '/geo/assets/:id/photos/:photoId',
    thumbnail: '/geo/assets/:id/photos/:photoId/thumbnail',
  },
  can: { read: ASSET_READERS, create: ASSET_EDITORS, edit: ASSET_EDITORS, delete: ASSET_EDITORS },
});

/**
 * An asset's alarms and events (spec 7 `api/geo/notification-event/asset/{id}/alarm` and `/event`): read by
 * whoever reads the asset, as its panel shows them on the map and on the asset's page.
 */
export const assetEvents = resource({
  api: { alarms: '/geo/notification-event/asset/:id/alarm', events: '/geo/notification-event/asset/:id/event' },
  can: { read: ASSET_READERS },
});

/** Groups and categories are chosen on every asset form and filter; only asset editors change them. */
export const assetGroups = resource({
  api: { list: '/geo/asset-group', one: '/geo/asset-group/:id' },
  can: {
    read: ASSET_READERS,
    create: ASSET_EDITORS,
    edit: ASSET_EDITORS,
    delete: ASSET_EDITORS,
    // Who sees every group of their subtree, not only those of their own roles: the whole area, and administration.
    seeAll: ['TRACKING', 'ADMIN'],
  },
});

export const assetCategories = resource({
  api: { list: '/geo/asset-category', one: '/geo/asset-category/:id' },
  can: { read: ASSET_READERS, create: ASSET_EDITORS, edit: ASSET_EDITORS, delete: ASSET_EDITORS },
});

/**
 * Share links (spec 2 "Share" tab, 7): made and changed by those who keep assets; read there too. The
 * shared page's own call (`sharedAsset`) is public: the token is its only key.
 */
export const assetShareLinks = resource({
  api: {
    create: '/geo/asset/share-links',
    update: '/geo/asset/share-links',
    ofAsset: '/geo/assets/share-links/:id',
    sharedAsset: '/public/share/:token',
  },
  can: { read: ASSET_EDITORS, create: ASSET_EDITORS, edit: ASSET_EDITORS },
});

/**
 * Fleet reports (spec 7 Assets; issue 19 item 8). Paths as the spec writes them; idle time is ours (the
 * spec shows no path). Read by those who read trips, and by the assets screens.
 */
export const fleetReports = resource({
  screens: { view: '/tracking/fleet-reports' },
  api: {
    deviceUsage: '/geo/asset/reports/device-usage',
    trips: '/geo/asset/reports/trips',
    stops: '/geo/asset/reports/stops',
    engine: '/geo/asset/reports/engine',
    idle: '/geo/asset/reports/idle',
    hotspots: '/geo/asset/reports/hotspots',
    tamper: '/geo/notification-event/reports/tamper',
    battery: '/geo/assets/battery/:start/:end',
    assetTrips: '/geo/asset/trips',
  },
  can: { read: ['TRACKING/TRIPS', 'TRACKING/ASSETS', 'TRACKING'] },
  guards: { view: 'read' },
  menu: { section: trackingSection, label: 'Fleet reports', order: 95, screen: 'view' },
});

/** Reference data every signed-in user may read. */
export const countries = resource({ api: { all: '/geo/countries/all' } });

export const trackingArea = area({
  id: 'tracking',
  title: 'Tracking',
  resources: {
    trackingMap,
    trackingSections,
    geoDevices,
    deviceHardware,
    geoPositions,
    geofences,
    deviceGeofences,
    geoCommands,
    eventActions,
    eventIos,
    crashEvents,
    drivers,
    deviceTrips,
    trackingNotifications,
    workbench,
    countries,
    assets,
    assetEvents,
    assetGroups,
    assetCategories,
    assetShareLinks,
    fleetReports,
  },
  alsoIntroduces: [...TRACKING_PERMISSIONS],
});
