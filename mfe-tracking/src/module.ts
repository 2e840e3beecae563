/**
 * Tracking: devices, the live map, zones, commands, events, drivers and trips. The tracking spec
 * names these sections but not their addresses or permissions; these are ours (see README). The live
 * map, devices, geofences, device trips, asset trips, commands, notifications, event IO, event actions, the workbench and assets are built; the other sections still show their overview.
 */
import { domainModule, overviewRoutes, screenRoute } from '@meridian/shared/module/area-routes';
import { fleetReports, trackingArea, trackingMap, trackingSections } from '@meridian/shared/contract/areas/tracking';

const trackingModule = domainModule(trackingArea, [
  // Map pages use the plain layout (tracking spec 2): no top bar or sidebar.
  screenRoute(trackingMap, 'view', () => import('./live-map/live-map-page'), { title: 'Live map', layout: 'plain' }),
  screenRoute(trackingSections, 'devices', () => import('./devices/devices-page'), { title: 'Devices' }),
  screenRoute(trackingSections, 'geofences', () => import('./geofences/geofences-page'), { title: 'Geofences' }),
  screenRoute(trackingSections, 'deviceTrips', () => import('./device-trips/device-trips-page'), { title: 'Device trips' }),
  screenRoute(trackingSections, 'assetTrips', () => import('./asset-trips/asset-trips-page'), { title: 'Asset trips' }),
  screenRoute(trackingSections, 'commands', () => import('./commands/commands-page'), { title: 'Commands' }),
  screenRoute(fleetReports, 'view', () => import('./fleet-reports/fleet-reports-page'), { title: 'Fleet reports' }),
  screenRoute(trackingSections, 'notifications', () => import('./notifications/notifications-page'), { title: 'Notifications' }),
  screenRoute(trackingSections, 'eventIo', () => import('./event-io/event-io-page'), { title: 'Event IO' }),
  screenRoute(trackingSections, 'eventActions', () => import('./event-actions/event-actions-page'), { title: 'Event actions' }),
  screenRoute(trackingSections, 'workbench', () => import('./workbench/workbench-page'), { title: 'Workbench' }),
  screenRoute(trackingSections, 'assets', () => import('./assets/assets-page'), { title: 'Assets' }),
  screenRoute(trackingSections, 'asset', () => import('./assets/asset-details-page'), { title: 'Asset' }),
  ...overviewRoutes(trackingSections, { drivers: 'Drivers' }),
]);

export default trackingModule;
