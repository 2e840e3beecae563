/** The permissions each system role starts with. Administrators may change them afterwards. */
import { allPermissionHierarchies } from '@meridian/shared/contract/permissions';
import type { RoleName } from '@meridian/shared/contract/roles';

const ALL = allPermissionHierarchies();
const startingWith = (...prefixes: string[]) => ALL.filter((h) => prefixes.some((p) => h === p || h.startsWith(`${p}/`)));

const FIELD_WORK = [
  'SALES', 'SALES/LEADS', 'SALES/LEADS/CREATE', 'SALES/LEADS/EDIT', 'SALES/ACTIVITIES', 'SALES/ACTIVITIES/CREATE', 'SALES/ACTIVITIES/EDIT',
  'SALES/ACTIVITIES/ACTIVITIES', 'SALES/ACTIVITIES/CALENDAR', 'SALES/AGENTS/MYWORK', 'CLIENTS', 'CLIENTS/CREATE', 'CLIENTS/EDIT',
  ...startingWith('SALES/AFFORDABILITY'),
];
const MANAGEMENT = [
  ...startingWith('SALES', 'CLIENTS', 'COMMUNICATIONS', 'Complaints'),
  'CRM/REPORTS', 'REPORTS', 'REPORTS/CUSTOM', 'REPORTCATEGORIES', 'LOAN/DISBURSEMENTS',
];

export const DEFAULT_ROLE_PERMISSIONS: Record<RoleName, string[]> = {
  // Passes every check by rule; holds nothing explicitly.
  'global administrator': [],
  administrator: ALL,
  admin: ALL,
  'company administrator': ALL,
  'company admin': ALL,
  'managing director': MANAGEMENT,
  'regional manager': MANAGEMENT,
  'zonal manager': MANAGEMENT,
  'sales manager': MANAGEMENT,
  'branch manager': [...MANAGEMENT, 'ADMIN/USERS'],
  'product manager': ['ADMIN/PRODUCTS', 'CLIENTS', 'CRM/REPORTS', 'REPORTS', ...startingWith('SALES/AFFORDABILITY')],
  'team leader': [...FIELD_WORK, 'SALES/ACTIVITIES/ACTIVITY_PLANS', 'SALES/ACTIVITIES/ACTIVITY_PLANS/DAY_OVERVIEW/VIEW', 'SALES/AGENTS/HISTORY',
    'SALES/AGENT/POSITION', 'SALES/TEAMS', 'SALES/TARGETS', 'SALES/CASES', 'CRM/REPORTS'],
  'loan officer': [...FIELD_WORK, ...startingWith('SALES/ONBOARD/CS'), 'Complaints', 'Complaints/CREATE'],
  'credit officer': [...FIELD_WORK, 'LOAN/DISBURSEMENTS', 'Complaints'],
};
