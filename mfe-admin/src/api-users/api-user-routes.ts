/** The API users screens (the spec's second address of the add form included). */
import type { DomainRoute } from '@meridian/shared/module/domain-module';
import { screenRoute } from '@meridian/shared/module/area-routes';
import { apiUsers } from '@meridian/shared/contract/areas/admin';

export const apiUserRoutes: DomainRoute[] = [
  screenRoute(apiUsers, 'list', () => import('./api-users-list-page'), { title: 'API users' }),
  screenRoute(apiUsers, 'grid', () => import('./api-users-list-page'), { title: 'API users' }),
  screenRoute(apiUsers, 'add', () => import('./api-user-add-page'), { title: 'New API user' }),
  screenRoute(apiUsers, 'legacyAdd', () => import('./api-user-add-page'), { title: 'New API user' }),
];
