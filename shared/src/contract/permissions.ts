/** Permission hierarchies (platform spec section 6, sales spec section 6). Remotes may register more at runtime. */
import { labelOfCode } from '../code-label';

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
  'TRACKING/ASSETS',
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

/**
 * What the role editor (and anything else that lists permissions) calls each permission hierarchy: a name a
 * person reads, beside the code the server checks. Every hierarchy of the lists above has one here, so a new
 * permission does not compile without its name; a hierarchy a remote brings at runtime gets one made from
 * its last segment.
 */
type NamedHierarchy = (typeof PERMISSIONS)[number] | (typeof TRACKING_PERMISSIONS)[number] | (typeof VEHICLE_PERMISSIONS)[number];

export const PERMISSION_LABELS: Record<NamedHierarchy, string> = {
  ADMIN: 'Administration',
  CLIENTS: 'Clients',
  'CLIENTS/EDIT': 'Edit clients',
  'CLIENTS/CREATE': 'Create clients',
  'CLIENTS/GROUPS': 'Client groups',
  'CLIENTS/USSD': 'Clients by USSD',
  SALES: 'Sales',
  'SALES/LEADS': 'Leads',
  'SALES/ACTIVITIES': 'Activities',
  'SALES/ACTIVITIES/ACTIVITIES': 'Activity list',
  'SALES/ACTIVITIES/CALENDAR': 'Activity calendar',
  'SALES/ACTIVITIES/ACTIVITY_PLANS': 'Route plans',
  'SALES/ACTIVITIES/ACTIVITY_PLANS/DAY_OVERVIEW/VIEW': 'Day overview of route plans',
  'SALES/TEAMS': 'Teams',
  'SALES/CASES': 'Cases',
  'SALES/TARGETS': 'Targets',
  'SALES/AGENTS/MYWORK': 'My Work',
  'SALES/AGENTS/HISTORY': 'Agent history',
  'SALES/AGENT/POSITION': 'Agent positions',
  'SALES/AFFORDABILITY': 'Affordability',
  'SALES/AFFORDABILITY/CS': 'Affordability (CS)',
  'SALES/AFFORDABILITY/SME': 'Affordability (SME)',
  'SALES/AFFORDABILITY/LBF': 'Affordability (LBF)',
  'SALES/ONBOARD/CS': 'Onboarding (CS)',
  'SALES/ONBOARD/CS/VIEW': 'View onboarding (CS)',
  'SALES/ONBOARD/CS/ADD': 'Add onboarding (CS)',
  COMMUNICATIONS: 'Communications',
  'COMMUNICATIONS/EMAIL': 'E-mail',
  'COMMUNICATIONS/SCHEDULED': 'Scheduled messages',
  'COMMUNICATIONS/CHAT': 'Chat',
  'COMMUNICATIONS/SMS': 'SMS',
  'CRM/REPORTS': 'CRM reports',
  REPORTS: 'Reports',
  'REPORTS/CUSTOM': 'Custom reports',
  REPORTCATEGORIES: 'Report categories',
  'ADMIN/PRODUCTS': 'Products',
  'ADMIN/LOCATIONS': 'Locations',
  'ADMIN/TENANTS': 'Tenants',
  'ADMIN/USERS': 'Users',
  'ADMIN/USERS/DELETE': 'Delete users',
  'ADMIN/ROLES': 'Roles',
  'ADMIN/DATA_MODELS': 'Data models',
  'ADMIN/TEMPLATES': 'Templates',
  'ADMIN/WEBFORMS': 'Web forms',
  'ADMIN/BUSINESS_PROCESSES': 'Business processes',
  'ADMIN/IPADDRESSES': 'IP addresses',
  'ADMIN/SETTINGS': 'Settings',
  'ADMIN/API': 'API users',
  'ADMIN/INSURANCE/SETTINGS/EDIT': 'Edit insurance settings',
  'ADMIN/INSURANCE/SETTINGS/OFFER/EDIT': 'Edit insurance offers',
  'ADMIN/INSURANCE/SETTINGS/EXCESS_PROTECTOR/EDIT': 'Edit excess protector',
  'LOAN/DISBURSEMENTS': 'Loan disbursements',
  Complaints: 'Complaints',
  TRACKING: 'Tracking',
  'TRACKING/MAP': 'Live map',
  'TRACKING/DEVICES': 'Devices',
  'TRACKING/GEOFENCES': 'Geofences',
  'TRACKING/COMMANDS': 'Device commands',
  'TRACKING/EVENTS': 'Events',
  'TRACKING/DRIVERS': 'Drivers',
  'TRACKING/TRIPS': 'Trips',
  'TRACKING/WORKBENCH': 'Workbench',
  'TRACKING/NOTIFICATIONS': 'Tracking notifications',
  'TRACKING/ASSETS': 'Assets',
  VEHICLES: 'Vehicles',
  'VEHICLES/REPOSSESSIONS': 'Repossessions',
  'VEHICLES/SIGHTINGS': 'Sightings',
  'VEHICLES/BIDS': 'Bids',
};

const byCode = new Map<string, string>(Object.entries(PERMISSION_LABELS).map(([hierarchy, label]) => [hierarchy.toUpperCase(), label]));
const VARIANT_VERBS: Record<string, string> = { CREATE: 'Create', EDIT: 'Edit' };
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The CREATE and EDIT variants of a named hierarchy: 'SALES/LEADS/CREATE' is 'Create leads'. */
function variantLabel(key: string) {
  const at = key.lastIndexOf('/');
  const verb = VARIANT_VERBS[key.slice(at + 1)];
  const base = byCode.get(key.slice(0, at));
  const hasVariants = PERMISSIONS_WITH_VARIANTS.some((h) => h.toUpperCase() === key.slice(0, at));
  return verb && base && hasVariants ? `${verb} ${lowerFirst(base)}` : undefined;
}

/** The name of a permission hierarchy (matched case-insensitively, as the server does). */
export function permissionLabel(hierarchy: string): string {
  const key = hierarchy.trim().toUpperCase();
  const lastSegment = key.split('/').pop() ?? key;
  return byCode.get(key) ?? variantLabel(key) ?? labelOfCode(lastSegment);
}
