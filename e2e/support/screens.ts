/**
 * The one list of screens the whole-product checks walk, made from the areas' data: every screen of
 * every area, so a screen added to an area is walked from the day it is added. A screen whose address
 * has parameters is walked at a real record of the demo data (`SAMPLES`); a screen that is not a page
 * to look at (signing out, starting an impersonation) is left out here with the reason.
 */
import type { APIRequestContext } from '@playwright/test';
import { ALL_AREAS } from '@meridian/shared/contract/areas/all-areas';
import { screenGrant, type AnyResource } from '@meridian/shared/contract/areas/area';
import { can, type PermissionHolder } from '@meridian/shared/contract/access';
import { apiAs } from './session';

export interface WalkedScreen {
  area: string;
  /** `resource.screen`, e.g. `leads.edit`. */
  name: string;
  pattern: string;
  grant: readonly string[] | undefined;
  /** Shown signed out (the public pages). */
  signedOut: boolean;
}

/** Screens that are actions rather than pages: opening one changes the session it is walked in. */
export const NOT_WALKED: Readonly<Record<string, string>> = {
  '/logout': 'signs the user out',
  '/impersonate/:id/:name': 'starts an impersonation (walked by tenant-and-impersonation.spec)',
  '/end-impersonation': 'ends an impersonation (walked by tenant-and-impersonation.spec)',
  '/token': 'signs in with a one-time token from an e-mail',
  '/saml': 'completes a single sign-on',
  '/login/oauth/authorize': 'answers an OAuth client with a redirect',
  '/offline': 'shown by the service worker when offline (walked by field-work-offline.spec)',
  '/share/:token': 'opens one asset shared by a link, signed out (walked with a real link by tracking-operations.spec)',
};

/** Public pages, walked signed out. */
const SIGNED_OUT = new Set([
  '/login',
  '/forgot-password',
  '/update-password',
  '/reset-password/:token',
  '/verify/:token',
  '/account/verification/:userId/:token',
  '/not-authorized',
  '/coming-soon',
  '/listing/:tenantKey',
]);

export function everyScreen(): WalkedScreen[] {
  return ALL_AREAS.flatMap((area) =>
    Object.entries(area.resources).flatMap(([resourceName, resource]: [string, AnyResource]) =>
      Object.entries(resource.screens).map(([screen, pattern]) => ({
        area: area.id,
        name: `${resourceName}.${screen}`,
        pattern,
        grant: screenGrant(resource, screen),
        signedOut: SIGNED_OUT.has(pattern),
      })),
    ),
  ).filter((s) => !(s.pattern in NOT_WALKED));
}

type Api = Awaited<ReturnType<typeof apiAs>>;
type Sample = (api: Api) => Promise<Record<string, string>>;

/** Any id: for screens still shown by the route overview, which reads no record. */
const ANY_ID = '00000000-0000-4000-8000-00000000abcd';
const anyId: Sample = async () => ({ id: ANY_ID });
const firstOf =
  (listPath: string, param = 'id'): Sample =>
  async (api) => {
    const rows = await api.get<{ Id: string }[]>(listPath, { size: 1 });
    if (!rows[0]) throw new Error(`The demo data has nothing at ${listPath} to open its screen with`);
    return { [param]: rows[0].Id };
  };

/** The first record of a list answering `id` (the newer APIs), for a screen that opens one. */
const firstRecordOf =
  (listPath: string, what: string): Sample =>
  async (api) => {
    const rows = await api.get<{ id: string }[]>(listPath, { size: 1 });
    if (!rows[0]) throw new Error(`The demo data has no ${what} to open its page with`);
    return { id: rows[0].id };
  };

/** A real record for each screen with parameters. */
export const SAMPLES: Readonly<Record<string, Sample>> = {
  '/reset-password/:token': async () => ({ token: 'expired-or-unknown-token' }),
  '/verify/:token': async () => ({ token: 'expired-or-unknown-token' }),
  '/account/verification/:userId/:token': async () => ({ userId: ANY_ID, token: 'expired-or-unknown-token' }),
  '/admin/users/change-user-password/:id': async (api) => ({ id: api.user.Id }),
  '/clients/edit/:id': firstOf('/api/clients'),
  '/clients/groups/edit/:id': firstOf('/api/clients/groups'),
  '/clients/groups/details/:id': firstOf('/api/clients/groups'),
  // The built upload screen (csvImports, issue 21): a walker who may not import clients is shown, and sent to, a model they may.
  '/csv/upload/:model?': async () => ({ model: 'clients' }),
  // The demo lender's public listing (api/src/seed: its public key), with vehicles listed for sale.
  '/listing/:tenantKey': async () => ({ tenantKey: 'meridian-lending' }),
  '/products/:id/edit': firstRecordOf('/api/loan-products', 'loan product'),
  // The newest loan of the walker's subtree: its page with whatever status and schedule it has.
  '/loans/:id': firstRecordOf('/api/loans', 'loan'),
  '/sales/leads/edit/:id': firstOf('/api/leads'),
  '/sales/leads/digital-onboarding/wizard/:treeModelId/:leadId?': async () => ({ treeModelId: ANY_ID }),
  '/sales/leads/digital-onboarding/test/:id?/:leadId?': anyId,
  '/sales/leads/digital-onboarding/:id/edit': anyId,
  '/sales/activities/:id/edit': firstOf('/api/activities'),
  '/sales/activities/:id/view': firstOf('/api/activities'),
  '/sales/activities/activity-plan/:id/edit': firstOf('/api/activities/activity-plan'),
  '/sales/activities/activity-plan/:id/map-view': firstOf('/api/activities/activity-plan'),
  '/sales/agents/location/:lng/:lat': async () => ({ lng: '28.0567', lat: '-26.1076' }),
  '/sales/teams/edit/:id': firstOf('/api/teams'),
  '/sales/targets/:id/edit': firstOf('/api/targets'),
  '/sales/cases/edit/:id': firstOf('/api/cases'),
  '/admin/locations/edit/:id': firstOf('/api/locations'),
  '/admin/insurance/edit/:id': anyId,
  '/admin/insurance/excessprotectoredit/:id': anyId,
  // The tenant the walker acts for: one above it is outside what they may open there.
  '/admin/tenants/edit/:id': async (api) => ({ id: api.headers['x-tenant-id'] }),
  '/admin/users/edit/:id': firstOf('/api/users'),
  '/admin/roles/edit/:id': firstOf('/api/roles'),
  '/admin/data-models/edit/:id': anyId,
  '/admin/template/edit/:id': async (api) => firstOf(`/api/templates/userId/${encodeURIComponent(api.user.Id)}`)(api),
  '/admin/web-form/edit/:id': anyId,
  '/admin/business-processes/:id/edit': anyId,
  '/admin/business-process/:id/model': anyId,
  '/admin/ip-addresses/:id/edit': firstOf('/api/ip-addresses'),
  // The tracking API answers `id`, not the older `Id` that firstOf reads.
  '/tracking/assets/:id': async (api) => {
    const rows = await api.get<{ id: string }[]>('/api/geo/asset', { size: 1 });
    if (!rows[0]) throw new Error('The demo data has no asset to open its page with');
    return { id: rows[0].id };
  },
  '/vehicles/:id': async (api) => {
    const rows = await api.get<{ id: string }[]>('/api/vehicles', { size: 1 });
    if (!rows[0]) throw new Error('The demo data has no vehicle to open its page with');
    return { id: rows[0].id };
  },
  '/vehicles/repossessions/:id': async (api) => {
    const rows = await api.get<{ id: string }[]>('/api/vehicles/repossessions/00000000-0000-0000-0000-000000000000', { size: 1 });
    if (!rows[0]) throw new Error('The demo data has no repossession to open its page with');
    return { id: rows[0].id };
  },
  '/vehicles/spotters/:id': firstRecordOf('/api/vehicles/agent', 'spotter'),
  '/vehicles/third-parties/:id': firstRecordOf('/api/vehicles/third-party', 'third party'),
  // Custom reports and report categories (issue 22): the first the walker sees (the demo files some at the
  // company and some in Johannesburg Branch; api/src/seed/demo-reports.ts).
  '/reports/:id/edit': firstRecordOf('/api/custom-reports', 'custom report'),
  '/reports/categories/:id/edit': firstRecordOf('/api/report-categories', 'report category'),
};

const hasParameters = (pattern: string) => pattern.includes(':');

/** An application still open for paperwork (submitted), whose consent forms the screens below show. */
const openApplication: Sample = async (api) => {
  const rows = await api.get<{ id: string }[]>('/api/loans', { status: 'submitted', size: 1 });
  if (!rows[0]) throw new Error('The demo data has no submitted loan application to capture a consent form for');
  return { loanId: rows[0].id };
};

/**
 * Built screens that show their whole page only once given a record in the query (the spec writes their
 * address without one): walked at one, so the walk sees the form (the consent forms' signature pad
 * included) and not only the search or the hint that leads to it.
 */
export const QUERY_SAMPLES: Readonly<Record<string, Sample>> = {
  '/clients/payments/edit': firstRecordOf('/api/clients/payments', 'payment'),
  '/spousalconsent': openApplication,
  '/guarantorform': openApplication,
  // The first schedule the walker sees (the demo keeps some at the company and one in Soweto Team).
  '/reports/schedulereport/edit': firstRecordOf('/api/scheduled-reports', 'scheduled report'),
};

/** Areas whose screens are built; the others show their overview until their issue lands. */
export const BUILT_AREAS = new Set(['platform', 'admin', 'sales', 'vehicles']);

/**
 * Built screens of areas still partly shown by the overview, with the roles that use them: each is
 * walked on its own (the area's other screens are still one overview). The tracking operator (the
 * demo's `admin`, of Meridian Tracking) and the global administrator see them; field and branch staff
 * hold no tracking permission.
 */
export const BUILT_SCREENS: Readonly<Record<string, readonly string[]>> = {
  '/tracking/map': ['admin', 'global administrator'],
  '/tracking/devices': ['admin', 'global administrator'],
  '/tracking/geofences': ['admin', 'global administrator'],
  '/tracking/device-trips': ['admin', 'global administrator'],
  '/tracking/asset-trips': ['admin', 'global administrator'],
  '/tracking/notifications': ['admin', 'global administrator'],
  '/tracking/commands': ['admin', 'global administrator'],
  '/tracking/workbench': ['admin', 'global administrator'],
  '/tracking/fleet-reports': ['admin', 'global administrator'],
  '/tracking/event-io': ['admin', 'global administrator'],
  '/tracking/event-actions': ['admin', 'global administrator'],
  '/tracking/assets': ['admin', 'global administrator'],
  '/tracking/assets/:id': ['admin', 'global administrator'],
  // The reports (issue 22): managers read the business, build custom reports, file them and schedule them.
  '/reports': ['branch manager', 'managing director'],
  '/reports/create': ['branch manager', 'managing director'],
  '/reports/:id/edit': ['branch manager', 'managing director'],
  '/reports/categories': ['branch manager', 'managing director'],
  '/reports/categories/create': ['branch manager', 'managing director'],
  '/reports/categories/:id/edit': ['branch manager', 'managing director'],
  '/scheduledReport/index': ['branch manager', 'managing director'],
  '/reports/schedulereport/create': ['branch manager', 'managing director'],
  '/reports/schedulereport/edit': ['branch manager', 'managing director'],
  '/reports/files': ['branch manager', 'managing director'],
  '/reports/standard': ['branch manager', 'managing director'],
  '/reports/standard/parVarThirtyReport': ['branch manager', 'managing director'],
  '/reports/standard/collectionsSummaryReport': ['branch manager', 'managing director'],
  '/reports/standard/tenantLoansReport': ['branch manager', 'managing director'],
  '/reports/standard/salesAgentReport': ['branch manager', 'managing director'],
  '/reports/standard/userLoginReport': ['branch manager', 'managing director'],
};

const isBuilt = (screen: WalkedScreen) => BUILT_AREAS.has(screen.area) || screen.pattern in BUILT_SCREENS;

/** The screens of areas not built yet answer with the route overview whatever their parameters. */
const sampleFor = (screen: WalkedScreen): Sample | undefined => SAMPLES[screen.pattern] ?? (isBuilt(screen) ? undefined : anyId);

/**
 * Every screen of an area not built yet is the same route overview, so one of them (the first without
 * parameters, and not one of its built screens) stands for its area; the walk then costs what the
 * built screens cost.
 */
function onePerUnbuiltArea(screens: WalkedScreen[]): WalkedScreen[] {
  const walkedAreas = new Set<string>();
  return screens.filter((s) => {
    if (isBuilt(s) || s.signedOut) return true;
    if (walkedAreas.has(s.area) || hasParameters(s.pattern)) return false;
    walkedAreas.add(s.area);
    return true;
  });
}

/** Screens with parameters that have no sample: a new one must be given one (the walk's own check). */
export const screensWithoutSample = () => everyScreen().filter((s) => hasParameters(s.pattern) && !sampleFor(s));

/** Fills a pattern's parameters (an optional one left out when the sample has none). */
export function fill(pattern: string, values: Record<string, string>): string {
  return pattern
    .split('/')
    .flatMap((part) => {
      if (!part.startsWith(':')) return [part];
      const name = part.slice(1).replace(/\?$/, '');
      const value = values[name];
      if (value === undefined) {
        if (part.endsWith('?')) return [];
        throw new Error(`No value for ${name} in ${pattern}`);
      }
      return [encodeURIComponent(value)];
    })
    .join('/');
}

/** The addresses to open for the screens `holder` may see (or the public ones when signed out). */
export async function addressesFor(
  request: APIRequestContext,
  role: string | null,
  holder: PermissionHolder | null,
  actingTenantId?: string,
  /** Only these screens (a walker's share, `shareOut`); all they may see when left out. */
  only?: ReadonlySet<string>,
): Promise<{ screen: WalkedScreen; address: string; missing?: string }[]> {
  const screens = onePerUnbuiltArea(
    everyScreen().filter((s) => (role === null || holder === null ? s.signedOut : maySee(holder, s)) && (!only || only.has(s.pattern))),
  );
  // Samples are read as the walking user in the tenant they act for, so each is a record they may open.
  const api = await apiAs(request, role ?? 'global administrator', actingTenantId);
  const addresses: { screen: WalkedScreen; address: string; missing?: string }[] = [];
  for (const screen of screens) {
    const querySample = QUERY_SAMPLES[screen.pattern];
    if (querySample) {
      try {
        addresses.push({ screen, address: `${screen.pattern}?${new URLSearchParams(await querySample(api))}` });
      } catch (error) {
        addresses.push({ screen, address: screen.pattern, missing: error instanceof Error ? error.message : String(error) });
      }
      continue;
    }
    if (!hasParameters(screen.pattern)) {
      addresses.push({ screen, address: screen.pattern });
      continue;
    }
    const sample = sampleFor(screen);
    if (!sample) throw new Error(`${screen.pattern} has no sample in e2e/support/screens.ts`);
    try {
      addresses.push({ screen, address: fill(screen.pattern, await sample(api)) });
    } catch (error) {
      // No record to open it at (demo data missing): reported with the walk's other problems.
      addresses.push({ screen, address: screen.pattern, missing: error instanceof Error ? error.message : String(error) });
    }
  }
  return addresses;
}

/** Whether `holder` may open `screen` (signed-out screens are walked signed out, by nobody's share). */
export const maySee = (holder: PermissionHolder, screen: WalkedScreen) => !screen.signedOut && (!screen.grant || can(holder, screen.grant));

/**
 * Shares the screens out among the walkers, each screen to one walker who may see it: screens fewest
 * walkers see are given first, each to the walker with the smallest share so far (ties to the first in
 * `walkers`' order). A pass then opens every screen once, in the role that sees it; two passes with
 * the walkers in different orders see most screens as two different roles.
 */
export function shareOut(walkers: { role: string; holder: PermissionHolder; areas?: readonly string[] }[]): Map<string, Set<string>> {
  const shares = new Map(walkers.map((w) => [w.role, new Set<string>()]));
  const screens = onePerUnbuiltArea(everyScreen())
    .map((screen) => ({ screen, seenBy: walkers.filter((w) => maySee(w.holder, screen) && (!w.areas || w.areas.includes(screen.area))) }))
    .filter((s) => s.seenBy.length > 0)
    .sort((a, b) => a.seenBy.length - b.seenBy.length);
  for (const { screen, seenBy } of screens) {
    const least = seenBy.reduce((best, w) => (shares.get(w.role)!.size < shares.get(best.role)!.size ? w : best));
    shares.get(least.role)!.add(screen.pattern);
  }
  return shares;
}

/** The screens of `areas` (a walker who works in those areas only: the tracking operator). */
export const screensOfAreas = (areas: readonly string[]): Set<string> =>
  new Set(
    everyScreen()
      .filter((s) => areas.includes(s.area))
      .map((s) => s.pattern),
  );
