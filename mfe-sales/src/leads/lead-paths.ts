/** The addresses of the leads screens and the sales dashboards (paths from the sales area data). */
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { leads, salesDashboard } from '@meridian/shared/contract/areas/sales';

export const LEADS_LIST_PATH = leads.screens.list;
export const CREATE_LEAD_PATH = leads.screens.create;
export const editLeadPath = (id: string) => pathTo(leads.screens.edit, { id });
export const LEADS_DASHBOARD_PATH = leads.screens.dashboard;
export const SALES_DASHBOARD_PATH = salesDashboard.screens.view;

/** The API's lead calls (the create path is also what the device's queue of leads created offline sends). */
export const LEADS_API = {
  create: '/api/leads',
  one: (id: string) => `/api/leads/${encodeURIComponent(id)}`,
  status: (id: string) => `/api/leads/status/${encodeURIComponent(id)}`,
  assign: '/api/leads/assignlead',
  delete: '/api/leads/delete',
  resendConsentRequest: '/api/leads/resend-consent-request',
  pdf: '/api/leads/generate-pdf',
  dashboard: '/api/leads/dashboard',
} as const;
