/** The tenants screens and a tenant's products. */
import type { DomainRoute } from '@meridian/shared/module/domain-module';
import { screenRoute } from '@meridian/shared/module/area-routes';
import { tenantProducts, tenants } from '@meridian/shared/contract/areas/admin';

export const tenantRoutes: DomainRoute[] = [
  screenRoute(tenants, 'list', () => import('./tenants-list-page'), { title: 'Tenants' }),
  screenRoute(tenants, 'create', () => import('./tenant-create-page'), { title: 'New tenant' }),
  screenRoute(tenants, 'edit', () => import('./tenant-edit-page'), { title: 'Edit tenant' }),
  screenRoute(tenantProducts, 'edit', () => import('./tenant-products-page'), { title: 'Tenant products' }),
];
