/** Vehicles and the recovery business: vehicles, repossessions, sightings and bids (addresses are ours). */
import { domainModule, overviewRoutes } from '@meridian/shared/module/area-routes';
import { recovery, vehicles, vehiclesArea } from '@meridian/shared/contract/areas/vehicles';

const vehiclesModule = domainModule(vehiclesArea, [
  ...overviewRoutes(vehicles, { list: 'Vehicle list', view: 'Vehicle' }),
  ...overviewRoutes(recovery, { repossessions: 'Repossessions', sightings: 'Sightings', bids: 'Bids' }),
]);

export default vehiclesModule;
