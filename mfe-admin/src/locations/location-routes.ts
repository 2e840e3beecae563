/** The locations screens. */
import type { DomainRoute } from '@meridian/shared/module/domain-module';
import { screenRoute } from '@meridian/shared/module/area-routes';
import { locations } from '@meridian/shared/contract/areas/admin';

export const locationRoutes: DomainRoute[] = [
  screenRoute(locations, 'list', () => import('./locations-list-page'), { title: 'Locations' }),
  screenRoute(locations, 'create', () => import('./location-form-page'), { title: 'New location' }),
  screenRoute(locations, 'edit', () => import('./location-form-page'), { title: 'Edit location' }),
];
