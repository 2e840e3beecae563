/** The addresses of the leads screens and the sales dashboards (paths from the sales area data). */
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { apiPath } from '@meridian/shared/http/api-path';
import { leads, salesDashboard } from '@meridian/shared/contract/areas/sales';

export const LEADS_LIST_PATH = leads.screens.list;
export const CREATE_LEAD_PATH = leads.screens.create;
export const editLeadPath = (id: string) => pathTo(leads.screens.edit, { id });
export const LEADS_DASHBOARD_PATH = leads.screens.dashboard;
export const SALES_DASHBOARD_PATH = salesDashboard.screens.view;

/** The API's lead calls (the create path is also what the device's queue of leads created offline sends). */
export const LEADS_API = {
  create: apiPath(leads.api.list),
  one: (id: string) => apiPath(leads.api.one, { id }),
  status: (id: string) => apiPath(leads.api.status, { id }),
  assign: apiPath(leads.api.assign),
  delete: apiPath(leads.api.remove),
  resendConsentRequest: apiPath(leads.api.resendConsentRequest),
  pdf: apiPath(leads.api.pdf),
  dashboard: apiPath(leads.api.dashboard),
} as const;
