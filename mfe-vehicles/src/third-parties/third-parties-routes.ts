/** The third-party screens' routes: paths and permissions from the vehicles area's data. */
import { screenRoute } from '@meridian/shared/module/area-routes';
import { thirdParties } from '@meridian/shared/contract/areas/vehicles';

export const thirdPartiesRoutes = [
  screenRoute(thirdParties, 'list', () => import('./third-parties-page'), { title: 'Third parties' }),
  screenRoute(thirdParties, 'view', () => import('./third-party-details-page'), { title: 'Third party' }),
];
