/** The spotter screens' routes: paths and permissions from the vehicles area's data. */
import { screenRoute } from '@meridian/shared/module/area-routes';
import { spotters } from '@meridian/shared/contract/areas/vehicles';

export const spottersRoutes = [
  screenRoute(spotters, 'list', () => import('./spotters-page'), { title: 'Spotters' }),
  screenRoute(spotters, 'view', () => import('./spotter-details-page'), { title: 'Spotter' }),
];
