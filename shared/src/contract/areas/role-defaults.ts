/** The permissions each system role starts with. Administrators may change them afterwards. */
import { allPermissionHierarchies, type PermissionHierarchy } from '../permissions';
import type { RoleName } from '../roles';

const ALL = allPermissionHierarchies();
const startingWith = (...prefixes: PermissionHierarchy[]) => ALL.filter((h) => prefixes.some((p) => h === p || h.startsWith(`${p}/`)));

/** Typed so a misspelt hierarchy does not compile; the seed stores them as strings. */
const known = (...hierarchies: PermissionHierarchy[]): string[] => hierarchies;

const FIELD_WORK: string[] = [
  ...known(
    'SALES',
    'SALES/LEADS',
    'SALES/LEADS/CREATE',
    'SALES/LEADS/EDIT',
    'SALES/ACTIVITIES',
    'SALES/ACTIVITIES/CREATE',
    'SALES/ACTIVITIES/EDIT',
    'SALES/ACTIVITIES/ACTIVITIES',
    'SALES/ACTIVITIES/CALENDAR',
    'SALES/AGENTS/MYWORK',
    'CLIENTS',
    'CLIENTS/CREATE',
    'CLIENTS/EDIT',
  ),
  ...startingWith('SALES/AFFORDABILITY'),
];
const MANAGEMENT: string[] = [
  ...startingWith('SALES', 'CLIENTS', 'COMMUNICATIONS', 'Complaints'),
  ...known('CRM/REPORTS', 'REPORTS', 'REPORTS/CUSTOM', 'REPORTCATEGORIES', 'LOAN/DISBURSEMENTS'),
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
  // ADMIN/PRODUCTS as their credit officers hold it: a manager holds what their staff do, so may act on their accounts.
  'branch manager': [...MANAGEMENT, ...known('ADMIN/USERS', 'ADMIN/PRODUCTS')],
  'product manager': [...known('ADMIN/PRODUCTS', 'CLIENTS', 'CRM/REPORTS', 'REPORTS'), ...startingWith('SALES/AFFORDABILITY')],
  'team leader': [
    ...FIELD_WORK,
    ...known(
      'SALES/ACTIVITIES/ACTIVITY_PLANS',
      'SALES/ACTIVITIES/ACTIVITY_PLANS/DAY_OVERVIEW/VIEW',
      'SALES/AGENTS/HISTORY',
      'SALES/AGENT/POSITION',
      'SALES/TEAMS',
      'SALES/TARGETS',
      'SALES/CASES',
      'CRM/REPORTS',
    ),
  ],
  'loan officer': [...FIELD_WORK, ...startingWith('SALES/ONBOARD/CS'), ...known('Complaints', 'Complaints/CREATE')],
  // Credit staff keep their branch's own loan products, as at a small lender; the company's catalogue is the product manager's.
  'credit officer': [...FIELD_WORK, ...known('LOAN/DISBURSEMENTS', 'ADMIN/PRODUCTS', 'Complaints')],
};
