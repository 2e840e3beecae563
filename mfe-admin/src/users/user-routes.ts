/** The users screens. */
import type { DomainRoute } from '@meridian/shared/module/domain-module';
import { screenRoute } from '@meridian/shared/module/area-routes';
import { users } from '@meridian/shared/contract/areas/admin';

export const userRoutes: DomainRoute[] = [
  screenRoute(users, 'list', () => import('./users-list-page'), { title: 'Users' }),
  screenRoute(users, 'grid', () => import('./users-grid-page'), { title: 'Users' }),
  screenRoute(users, 'add', () => import('./user-form-page'), { title: 'New user' }),
  screenRoute(users, 'edit', () => import('./user-form-page'), { title: 'Edit user' }),
  screenRoute(users, 'listDeleted', () => import('./deleted-users-page'), { title: 'Deleted users' }),
];
