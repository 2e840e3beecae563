/** The addresses of the report category screens and calls (paths from the reports area data). */
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { reportCategories } from '@meridian/shared/contract/areas/reports';
import { apiPath } from '@meridian/shared/http/api-path';

export const CATEGORIES_PATH = reportCategories.screens.list;
export const NEW_CATEGORY_PATH = reportCategories.screens.create;
export const editCategoryPath = (id: string) => pathTo(reportCategories.screens.edit, { id });

export const CATEGORY_API = {
  list: apiPath(reportCategories.api.list),
  one: (id: string) => apiPath(reportCategories.api.one, { id }),
  byUser: (id: string) => apiPath(reportCategories.api.byUser, { id }),
  remove: apiPath(reportCategories.api.remove),
} as const;
