/** The report category screens' routes: paths and permissions from the reports area's data. */
import { screenRoute } from '@meridian/shared/module/area-routes';
import { reportCategories } from '@meridian/shared/contract/areas/reports';

export const categoryRoutes = [
  screenRoute(reportCategories, 'list', () => import('./categories-page'), { title: 'Report categories' }),
  screenRoute(reportCategories, 'create', () => import('./category-form-page'), { title: 'New report category' }),
  screenRoute(reportCategories, 'edit', () => import('./category-form-page'), { title: 'Edit report category' }),
];
