/** The sighting screens' routes: the staff list and map, and the spotter's wanted list (paths and permissions from the area). */
import { screenRoute } from '@meridian/shared/module/area-routes';
import { recovery, wanted } from '@meridian/shared/contract/areas/vehicles';

export const sightingsRoutes = [
  screenRoute(recovery, 'sightings', () => import('./sightings-page'), { title: 'Sightings' }),
  screenRoute(wanted, 'list', () => import('./report-sighting-page'), { title: 'Wanted vehicles' }),
];
