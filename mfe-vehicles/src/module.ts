/** Vehicles and the recovery business: vehicles, repossessions, sightings and bids (addresses are ours). */
import { overviewRoute as page, type DomainModule } from '@meridian/shared/module/domain-module';
import { VEHICLE_PERMISSIONS } from '@meridian/shared/contract/permissions';

const vehiclesModule: DomainModule = {
  id: 'vehicles',
  title: 'Vehicles',
  permissions: [...VEHICLE_PERMISSIONS],
  menu: [
    {
      label: 'Vehicles', order: 60, icon: 'car', permissions: [...VEHICLE_PERMISSIONS],
      children: [
        { label: 'Vehicle list', path: '/vehicles', permissions: ['VEHICLES'] },
        { label: 'Repossessions', path: '/vehicles/repossessions', permissions: ['VEHICLES/REPOSSESSIONS', 'VEHICLES'] },
        { label: 'Sightings', path: '/vehicles/sightings', permissions: ['VEHICLES/SIGHTINGS', 'VEHICLES'] },
        { label: 'Bids', path: '/vehicles/bids', permissions: ['VEHICLES/BIDS', 'VEHICLES'] },
      ],
    },
  ],
  routes: [
    page('/vehicles', 'Vehicle list', ['VEHICLES']),
    page('/vehicles/:id', 'Vehicle', ['VEHICLES']),
    page('/vehicles/repossessions', 'Repossessions', ['VEHICLES/REPOSSESSIONS', 'VEHICLES']),
    page('/vehicles/sightings', 'Sightings', ['VEHICLES/SIGHTINGS', 'VEHICLES']),
    page('/vehicles/bids', 'Bids', ['VEHICLES/BIDS', 'VEHICLES']),
  ],
};

export default vehiclesModule;
