/** The document templates screens. */
import type { DomainRoute } from '@meridian/shared/module/domain-module';
import { screenRoute } from '@meridian/shared/module/area-routes';
import { templates } from '@meridian/shared/contract/areas/admin';

export const templateRoutes: DomainRoute[] = [
  screenRoute(templates, 'list', () => import('./templates-list-page'), { title: 'Templates' }),
  screenRoute(templates, 'add', () => import('./template-form-page'), { title: 'New template' }),
  screenRoute(templates, 'edit', () => import('./template-form-page'), { title: 'Edit template' }),
];
