/**
 * Tracking: devices, the live map, zones, commands, events, drivers and trips. The tracking spec
 * names these sections but not their addresses or permissions; these are ours (see README).
 */
import { overviewRoute as page, type DomainModule } from '@meridian/shared/module/domain-module';
import { TRACKING_PERMISSIONS } from '@meridian/shared/contract/permissions';

const SECTIONS = [
  ['/tracking/devices', 'Devices', 'TRACKING/DEVICES'],
  ['/tracking/geofences', 'Geofences', 'TRACKING/GEOFENCES'],
  ['/tracking/commands', 'Commands', 'TRACKING/COMMANDS'],
  ['/tracking/event-io', 'Event IO', 'TRACKING/EVENTS'],
  ['/tracking/event-actions', 'Event actions', 'TRACKING/EVENTS'],
  ['/tracking/drivers', 'Drivers', 'TRACKING/DRIVERS'],
  ['/tracking/device-trips', 'Device trips', 'TRACKING/TRIPS'],
  ['/tracking/asset-trips', 'Asset trips', 'TRACKING/TRIPS'],
  ['/tracking/workbench', 'Workbench', 'TRACKING/WORKBENCH'],
  ['/tracking/notifications', 'Notifications', 'TRACKING/NOTIFICATIONS'],
] as const;

const trackingModule: DomainModule = {
  id: 'tracking',
  title: 'Tracking',
  permissions: [...TRACKING_PERMISSIONS],
  menu: [
    {
      label: 'Tracking', order: 50, icon: 'environment', permissions: ['TRACKING', ...TRACKING_PERMISSIONS],
      children: [
        { label: 'Map', path: '/tracking/map', permissions: ['TRACKING/MAP', 'TRACKING'] },
        ...SECTIONS.map(([path, label, permission]) => ({ label, path, permissions: [permission, 'TRACKING'] })),
      ],
    },
  ],
  routes: [
    page('/tracking/map', 'Map', ['TRACKING/MAP', 'TRACKING'], { layout: 'plain' }),
    ...SECTIONS.map(([path, title, permission]) => page(path, title, [permission, 'TRACKING'])),
  ],
};

export default trackingModule;
