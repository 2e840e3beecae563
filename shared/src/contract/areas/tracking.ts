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
  },
  guards: { eventIo: 'events', eventActions: 'events', deviceTrips: 'trips', assetTrips: 'trips' },
  menu: [
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

export const trackingArea = area({
  id: 'tracking',
  title: 'Tracking',
  resources: { trackingMap, trackingSections },
  alsoIntroduces: [...TRACKING_PERMISSIONS],
});
