/**
 * Tracking: devices, the live map, zones, commands, events, drivers and trips. The tracking spec
 * names these sections but not their addresses or permissions; these are ours (see README).
 */
import { domainModule, overviewRoutes } from '@meridian/shared/module/area-routes';
import { trackingArea, trackingMap, trackingSections } from '@meridian/shared/contract/areas/tracking';

const trackingModule = domainModule(trackingArea, [
  ...overviewRoutes(trackingMap, { view: 'Map' }, { layout: 'plain' }),
  ...overviewRoutes(trackingSections, {
    devices: 'Devices',
    geofences: 'Geofences',
    commands: 'Commands',
    eventIo: 'Event IO',
    eventActions: 'Event actions',
    drivers: 'Drivers',
    deviceTrips: 'Device trips',
    assetTrips: 'Asset trips',
    workbench: 'Workbench',
    notifications: 'Notifications',
  }),
]);

export default trackingModule;
