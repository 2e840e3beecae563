/** The addresses of the leads screens and the sales dashboards. */
export const LEADS_LIST_PATH = '/sales/leads';
export const CREATE_LEAD_PATH = '/sales/leads/create';
export const editLeadPath = (id: string) => `/sales/leads/edit/${encodeURIComponent(id)}`;
export const LEADS_DASHBOARD_PATH = '/sales/leadsdashboard';
export const SALES_DASHBOARD_PATH = '/sales/dashboard';

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
