/** The addresses of the custom report screens and calls (paths from the reports area data). */
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { customReports } from '@meridian/shared/contract/areas/reports';
import { apiPath } from '@meridian/shared/http/api-path';

export const REPORTS_PATH = customReports.screens.list;
export const NEW_REPORT_PATH = customReports.screens.create;
export const editReportPath = (id: string) => pathTo(customReports.screens.edit, { id });

export const REPORT_API = {
  list: apiPath(customReports.api.list),
  one: (id: string) => apiPath(customReports.api.one, { id }),
  catalogue: apiPath(customReports.api.catalogue),
  preview: apiPath(customReports.api.preview),
  remove: apiPath(customReports.api.remove),
} as const;
