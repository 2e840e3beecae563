/** Role names and role groups (platform spec section 6). Roles are matched by name, case-insensitive and trimmed. */
import { home } from './areas/platform';
import { myWork } from './areas/sales';

export const ROLE_NAMES = [
  'global administrator',
  'administrator',
  'company administrator',
  'company admin',
  'admin',
  'loan officer',
  'credit officer',
  'team leader',
  'sales manager',
  'branch manager',
  'zonal manager',
  'product manager',
  'regional manager',
  'managing director',
] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export const ROLE_GROUPS = {
  admin: ['global administrator', 'administrator', 'company administrator', 'company admin', 'admin'],
  tenantAdmin: ['company administrator', 'administrator', 'admin'],
  manager: [
    'managing director',
    'regional manager',
    'branch manager',
    'zonal manager',
    'sales manager',
    'product manager',
    'company administrator',
  ],
  /** Roles that sync offline changes. */
  offlineSync: ['team leader', 'loan officer', 'branch manager', 'regional manager'],
  /** Field agents: the people activities are assigned to and agent stats count. */
  agent: ['loan officer', 'credit officer', 'team leader'],
  /** Roles that land on My Work and cannot switch tenant. */
  fieldAgent: ['loan officer', 'team leader'],
} as const satisfies Record<string, readonly RoleName[]>;
export type RoleGroup = keyof typeof ROLE_GROUPS;

export const normaliseRoleName = (name: string) => name.trim().toLowerCase();

export const hasRole = (roles: readonly { name: string }[], role: RoleName) => roles.some((r) => normaliseRoleName(r.name) === role);

export const isInRoleGroup = (roles: readonly { name: string }[], group: RoleGroup) =>
  roles.some((r) => (ROLE_GROUPS[group] as readonly string[]).includes(normaliseRoleName(r.name)));

export const isGlobalAdministrator = (roles: readonly { name: string }[]) => hasRole(roles, 'global administrator');

/** Where a user goes after login: My Work for loan officers and team leaders, home for everyone else. */
export const landingPath = (roles: readonly { name: string }[]) =>
  isInRoleGroup(roles, 'fieldAgent') ? myWork.screens.landing : home.screens.view;

/** 'loan officer' -> 'loan-officer', as used in demo e-mail addresses. */
export const roleSlug = (name: string) => normaliseRoleName(name).replace(/\s+/g, '-');
