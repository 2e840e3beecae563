/** The vehicles area (remote `vehicles`): vehicles and the recovery business (addresses are ours). */
import { VEHICLE_PERMISSIONS } from '../permissions';
import { area, resource, type MenuSection } from './area';

const vehiclesSection: MenuSection = { label: 'Vehicles', order: 60, icon: 'car', can: [...VEHICLE_PERMISSIONS] };

export const vehicles = resource({
  screens: { list: '/vehicles', view: '/vehicles/:id' },
  can: { read: ['VEHICLES'] },
  guards: { view: 'read' },
  menu: { section: vehiclesSection, label: 'Vehicle list', order: 10 },
});

export const recovery = resource({
  screens: { repossessions: '/vehicles/repossessions', sightings: '/vehicles/sightings', bids: '/vehicles/bids' },
  can: {
    repossessions: ['VEHICLES/REPOSSESSIONS', 'VEHICLES'],
    sightings: ['VEHICLES/SIGHTINGS', 'VEHICLES'],
    bids: ['VEHICLES/BIDS', 'VEHICLES'],
  },
  menu: [
    { section: vehiclesSection, label: 'Repossessions', order: 20, screen: 'repossessions' },
    { section: vehiclesSection, label: 'Sightings', order: 30, screen: 'sightings' },
    { section: vehiclesSection, label: 'Bids', order: 40, screen: 'bids' },
  ],
});

export const vehiclesArea = area({
  id: 'vehicles',
  title: 'Vehicles',
  resources: { vehicles, recovery },
  alsoIntroduces: [...VEHICLE_PERMISSIONS],
});
