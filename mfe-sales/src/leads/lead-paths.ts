/** The addresses of the leads screens and the sales dashboards. */
export const LEADS_LIST_PATH = '/sales/leads';
export const CREATE_LEAD_PATH = '/sales/leads/create';
export const editLeadPath = (id: string) => `/sales/leads/edit/${encodeURIComponent(id)}`;
export const LEADS_DASHBOARD_PATH = '/sales/leadsdashboard';
export const SALES_DASHBOARD_PATH = '/sales/dashboard';

/** The API's path for creating a lead (the form, and the device's queue of leads created offline). */
export const LEADS_API = { create: '/api/leads' } as const;
