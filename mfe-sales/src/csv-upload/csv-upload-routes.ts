/** The CSV upload screen (issue 21): its path and permissions from the area data. */
import type { DomainRoute } from '@meridian/shared/module/domain-module';
import { screenRoute } from '@meridian/shared/module/area-routes';
import { csvImports } from '@meridian/shared/contract/areas/sales';

export const csvUploadRoutes: DomainRoute[] = [
  screenRoute(csvImports, 'upload', () => import('./csv-upload-page'), { title: 'CSV upload' }),
];
