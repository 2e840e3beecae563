/**
 * Vehicles and the recovery business (addresses are ours): the vehicle list and a vehicle's page, bluebook
 * values, repossessions with their tabs, sightings, the spotter's wanted list, spotters, third parties and bids.
 */
import { domainModule, screenRoute } from '@meridian/shared/module/area-routes';
import { recovery, vehicles, vehiclesArea } from '@meridian/shared/contract/areas/vehicles';
import { bidRoutes } from './bids/bids-routes';
import { sightingsRoutes } from './sightings/sightings-routes';
import { spottersRoutes } from './spotters/spotters-routes';
import { thirdPartiesRoutes } from './third-parties/third-parties-routes';

const vehiclesModule = domainModule(vehiclesArea, [
  screenRoute(vehicles, 'list', () => import('./vehicles/vehicles-page'), { title: 'Vehicles' }),
  screenRoute(vehicles, 'view', () => import('./vehicles/vehicle-page'), { title: 'Vehicle' }),
  screenRoute(vehicles, 'bluebook', () => import('./bluebook/bluebook-page'), { title: 'Bluebook' }),
  screenRoute(recovery, 'repossessions', () => import('./repossessions/repossessions-page'), { title: 'Repossessions' }),
  screenRoute(recovery, 'repossession', () => import('./repossessions/repossession-page'), { title: 'Repossession' }),
  ...sightingsRoutes,
  ...spottersRoutes,
  ...thirdPartiesRoutes,
  ...bidRoutes,
]);

export default vehiclesModule;
