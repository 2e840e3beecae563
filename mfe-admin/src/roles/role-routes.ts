/** The roles screens. */
import type { DomainRoute } from '@meridian/shared/module/domain-module';
import { screenRoute } from '@meridian/shared/module/area-routes';
import { roles } from '@meridian/shared/contract/areas/admin';

export const roleRoutes: DomainRoute[] = [
  screenRoute(roles, 'home', () => import('./roles-list-page'), { title: 'Roles' }),
  screenRoute(roles, 'list', () => import('./roles-list-page'), { title: 'Roles' }),
  screenRoute(roles, 'add', () => import('./role-add-page'), { title: 'New role' }),
  screenRoute(roles, 'edit', () => import('./role-edit-page'), { title: 'Edit role' }),
];
