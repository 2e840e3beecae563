/**
 * The permissions of the leads screens as the API checks them (api leads-routes): creating needs
 * SALES/LEADS/CREATE or SALES/LEADS; editing, status changes, assignment, the consent request and
 * deleting need SALES/LEADS/EDIT or SALES/LEADS. Buttons for what the user may not do are hidden; the
 * server refuses them either way.
 */
import { useCan } from '../parts/use-can';

export const LEAD_PERMISSIONS = {
  read: ['SALES/LEADS'],
  create: ['SALES/LEADS/CREATE', 'SALES/LEADS'],
  edit: ['SALES/LEADS/EDIT', 'SALES/LEADS'],
} as const;

export const useCanLeads = (ability: keyof typeof LEAD_PERMISSIONS) => useCan(LEAD_PERMISSIONS[ability]);
