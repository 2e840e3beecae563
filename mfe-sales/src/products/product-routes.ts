/** Loan products (issue 21): the list with its categories and configurator, and a product's form. */
import type { DomainRoute } from '@meridian/shared/module/domain-module';
import { screenRoute } from '@meridian/shared/module/area-routes';
import { products } from '@meridian/shared/contract/areas/sales';

export const productRoutes: DomainRoute[] = [
  screenRoute(products, 'list', () => import('./products-page'), { title: 'Loan products' }),
  screenRoute(products, 'edit', () => import('./product-edit-page'), { title: 'Loan product' }),
];
