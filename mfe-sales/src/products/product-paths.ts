/** The addresses of the loan product screens and calls (paths from the sales area data; permissions are `useCan(products, ...)`). */
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { products } from '@meridian/shared/contract/areas/sales';
import { apiPath } from '@meridian/shared/http/api-path';

export const PRODUCTS_LIST_PATH = products.screens.list;
export const editProductPath = (id: string) => pathTo(products.screens.edit, { id });

export const PRODUCTS_API = {
  list: apiPath(products.api.list),
  one: (id: string) => apiPath(products.api.one, { id }),
  categories: apiPath(products.api.categories),
  configurator: apiPath(products.api.configurator),
} as const;
