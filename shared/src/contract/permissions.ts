/** Permission hierarchies (platform spec section 6, sales spec section 6). Remotes may register more at runtime. */

export const PERMISSIONS = [
  'ADMIN',
  'CLIENTS',
  'CLIENTS/EDIT',
  'CLIENTS/CREATE',
  'CLIENTS/GROUPS',
  'CLIENTS/USSD',
  'SALES',
  'SALES/LEADS',
  'SALES/ACTIVITIES',
  'SALES/ACTIVITIES/ACTIVITIES',
  'SALES/ACTIVITIES/CALENDAR',
  'SALES/ACTIVITIES/ACTIVITY_PLANS',
  'SALES/ACTIVITIES/ACTIVITY_PLANS/DAY_OVERVIEW/VIEW',
  'SALES/TEAMS',
  'SALES/CASES',
  'SALES/TARGETS',
  'SALES/AGENTS/MYWORK',
  'SALES/AGENTS/HISTORY',
  'SALES/AGENT/POSITION',
  'SALES/AFFORDABILITY',
  'SALES/AFFORDABILITY/CS',
  'SALES/AFFORDABILITY/SME',
  'SALES/AFFORDABILITY/LBF',
  'SALES/ONBOARD/CS',
  'SALES/ONBOARD/CS/VIEW',
  'SALES/ONBOARD/CS/ADD',
  'COMMUNICATIONS',
  'COMMUNICATIONS/EMAIL',
  'COMMUNICATIONS/SCHEDULED',
  'COMMUNICATIONS/CHAT',
  'COMMUNICATIONS/SMS',
  'CRM/REPORTS',
  'REPORTS',
  'REPORTS/CUSTOM',
  'REPORTCATEGORIES',
  'ADMIN/PRODUCTS',
  'ADMIN/LOCATIONS',
  'ADMIN/TENANTS',
  'ADMIN/USERS',
  'ADMIN/USERS/DELETE',
  'ADMIN/ROLES',
  'ADMIN/DATA_MODELS',
  'ADMIN/TEMPLATES',
  'ADMIN/WEBFORMS',
  'ADMIN/BUSINESS_PROCESSES',
  'ADMIN/IPADDRESSES',
  'ADMIN/SETTINGS',
  'ADMIN/API',
  'ADMIN/INSURANCE/SETTINGS/EDIT',
  'ADMIN/INSURANCE/SETTINGS/OFFER/EDIT',
  'ADMIN/INSURANCE/SETTINGS/EXCESS_PROTECTOR/EDIT',
  'LOAN/DISBURSEMENTS',
  'Complaints',
] as const;

/**
 * The tracking and vehicle area names no permission strings (tracking spec section 6); these are
 * ours, one per section of its menu-label set.
 */
export const TRACKING_PERMISSIONS = [
  'TRACKING',
  'TRACKING/MAP',
  'TRACKING/DEVICES',
  'TRACKING/GEOFENCES',
  'TRACKING/COMMANDS',
  'TRACKING/EVENTS',
  'TRACKING/DRIVERS',
  'TRACKING/TRIPS',
  'TRACKING/WORKBENCH',
  'TRACKING/NOTIFICATIONS',
] as const;
export const VEHICLE_PERMISSIONS = ['VEHICLES', 'VEHICLES/REPOSSESSIONS', 'VEHICLES/SIGHTINGS', 'VEHICLES/BIDS'] as const;

/** Hierarchies with CREATE and EDIT variants ("with CREATE and EDIT variants for many"). */
export const PERMISSIONS_WITH_VARIANTS = [
  'CLIENTS',
  'Complaints',
  'SALES/LEADS',
  'SALES/ACTIVITIES',
  'SALES/TEAMS',
  'SALES/TARGETS',
  'SALES/CASES',
] as const;

/**
 * Every hierarchy known at compile time: the base list, the CREATE and EDIT variants, tracking and
 * vehicles. Area data is typed with it, so a misspelt permission does not compile.
 */
export type PermissionHierarchy =
  | (typeof PERMISSIONS)[number]
  | `${(typeof PERMISSIONS_WITH_VARIANTS)[number]}/${'CREATE' | 'EDIT'}`
  | (typeof TRACKING_PERMISSIONS)[number]
  | (typeof VEHICLE_PERMISSIONS)[number];

export const withVariants = (hierarchy: string) => [hierarchy, `${hierarchy}/CREATE`, `${hierarchy}/EDIT`];

/** Every hierarchy the platform knows, variants included, de-duplicated case-insensitively. */
export function allPermissionHierarchies(): string[] {
  const seen = new Map<string, string>();
  for (const h of [...PERMISSIONS, ...PERMISSIONS_WITH_VARIANTS.flatMap(withVariants), ...TRACKING_PERMISSIONS, ...VEHICLE_PERMISSIONS]) {
    if (!seen.has(h.toUpperCase())) seen.set(h.toUpperCase(), h);
  }
  return [...seen.values()];
}
