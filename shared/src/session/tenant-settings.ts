/**
 * The acting tenant's effective settings in the browser (its own values, else its nearest ancestor's,
 * else the product's defaults: the server resolves them). Any signed-in user may read them through
 * GET /api/config/client; GET /api/settings is for those who administer them.
 *
 * They are asked once per acting tenant and page load and kept in the one session store, so every
 * remote reads the same values, a tenant switch (or an impersonation) loads the new tenant's, and a
 * reload offline still shows the last known formats. Until the acting tenant's settings are known the
 * defaults stand in, and `ready` says so, for a list that would rather wait than ask twice. The React
 * hooks over this are in use-tenant-format.ts.
 */
import type { ClientConfig } from '../contract/client-config';
import { SETTING_DEFAULTS, type Settings } from '../contract/setting';
import { api } from '@meridian/shared/http/api';
import { calendarDayIn, formatDay, formatMoment, formatMoney, formatTimeOfDay, type TenantFormat } from '../format';
import { requestTenantId, sessionStore, type LoadedTenantSettings } from '@meridian/shared/session/session-store';

const CLIENT_CONFIG_PATH = '/api/config/client';
/** After a failed call the tenant's settings are asked again no sooner than this. */
export const SETTINGS_RETRY_MS = 30_000;

/** Calls under way, by tenant. */
const inFlight = new Map<string, Promise<void>>();
/** When this page last had an answer (or a failure) for a tenant's settings: not asked again while the store holds them. */
const answeredAt = new Map<string, { at: number; failed: boolean }>();

/** Tests start each case as a fresh page load. */
export function forgetAskedTenantSettings() {
  inFlight.clear();
  answeredAt.clear();
}

/** Stored values from an older build may lack a setting or hold another type: each falls back to its default. */
export function settingsWithDefaults(values: unknown): Settings {
  const given = (values !== null && typeof values === 'object' ? values : {}) as Partial<Record<keyof Settings, unknown>>;
  const checked = Object.entries(SETTING_DEFAULTS).map(([key, fallback]) => {
    const value = given[key as keyof Settings];
    return [key, typeof value === typeof fallback ? value : fallback];
  });
  return Object.fromEntries(checked) as Settings;
}

/** An answer that arrives after the user switched to another tenant is not that tenant's. */
function keepIfActing(settings: LoadedTenantSettings) {
  const state = sessionStore.getState();
  if (requestTenantId(state) === settings.tenantId) state.tenantSettingsLoaded(settings);
}

/** Signing out empties the store, so the next user of the tenant asks again; a failure is tried again after a while. */
function isAnswered(tenantId: string): boolean {
  const answer = answeredAt.get(tenantId);
  if (!answer || sessionStore.getState().tenantSettings?.tenantId !== tenantId) return false;
  return !answer.failed || Date.now() - answer.at < SETTINGS_RETRY_MS;
}

/**
 * Asks the server for the tenant's settings, once per page load. The call names the tenant itself, so
 * the answer belongs to it even if the user switches meanwhile. Offline, the kept values stay; with
 * none kept for this tenant, the defaults are taken until a later try succeeds.
 */
export function loadTenantSettings(tenantId: string): Promise<void> {
  const pending = inFlight.get(tenantId);
  if (pending) return pending;
  if (isAnswered(tenantId)) return Promise.resolve();
  const call = api
    .get<ClientConfig>(CLIENT_CONFIG_PATH, { headers: { 'x-tenant-id': tenantId } })
    .then(
      ({ data }) => {
        answeredAt.set(tenantId, { at: Date.now(), failed: false });
        keepIfActing({ tenantId, values: settingsWithDefaults(data.settings) });
      },
      (error: unknown) => {
        console.warn('[tenant-settings] the tenant settings could not be loaded; the last known or default formats are used.', error);
        answeredAt.set(tenantId, { at: Date.now(), failed: true });
        if (sessionStore.getState().tenantSettings?.tenantId !== tenantId) keepIfActing({ tenantId, values: SETTING_DEFAULTS });
      },
    )
    .finally(() => inFlight.delete(tenantId));
  inFlight.set(tenantId, call);
  return call;
}

/** Settings the user has just saved for the acting tenant take effect on every screen at once. */
export function tenantSettingsSaved(saved: { tenantId: string; values: Settings }) {
  answeredAt.set(saved.tenantId, { at: Date.now(), failed: false });
  keepIfActing({ tenantId: saved.tenantId, values: settingsWithDefaults(saved.values) });
}

/** The tenant's formatters, ready to call in a render: `const format = useTenantFormat(); format.day(iso)` (use-tenant-format.ts). */
export interface TenantFormatters {
  format: TenantFormat;
  day(value: string | null | undefined): string;
  moment(iso: string | null | undefined): string;
  timeOfDay(iso: string | null | undefined): string;
  money(amount: number | string | null | undefined): string;
  /** The "YYYY-MM-DD" a moment falls on in the tenant's zone. */
  calendarDay(iso: string): string;
}

export function formattersFor(format: TenantFormat): TenantFormatters {
  return {
    format,
    day: (value) => formatDay(value, format),
    moment: (iso) => formatMoment(iso, format),
    timeOfDay: (iso) => formatTimeOfDay(iso, format),
    money: (amount) => formatMoney(amount, format),
    calendarDay: (iso) => calendarDayIn(iso, format),
  };
}
