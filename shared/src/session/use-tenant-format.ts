/**
 * The acting tenant's settings and formatters for components (the loading itself is in
 * tenant-settings.ts): `const format = useTenantFormat(); format.day(iso)`.
 */
import { useEffect, useMemo } from 'react';
import { SETTING_DEFAULTS, type Settings } from '../contract/setting';
import { tenantFormatOf } from '../format';
import { requestTenantId, useSession } from '@meridian/shared/session/session-store';
import { formattersFor, loadTenantSettings, settingsWithDefaults, type TenantFormatters } from '@meridian/shared/session/tenant-settings';

export interface TenantSettingsView {
  settings: Settings;
  /** False while the acting tenant's settings are on their way (the defaults stand in meanwhile). */
  ready: boolean;
}

/** The acting tenant's settings; loads them when the acting tenant has none known yet on this page. */
export function useTenantSettings(): TenantSettingsView {
  const tenantId = useSession(requestTenantId);
  const signedIn = useSession((state) => state.user !== null);
  const kept = useSession((state) => state.tenantSettings);
  const known = tenantId !== null && kept?.tenantId === tenantId;
  useEffect(() => {
    if (tenantId && signedIn) void loadTenantSettings(tenantId);
  }, [tenantId, signedIn, known]);
  return useMemo(
    () => ({ settings: known && kept ? settingsWithDefaults(kept.values) : SETTING_DEFAULTS, ready: known || !tenantId || !signedIn }),
    [known, kept, tenantId, signedIn],
  );
}

/** Days, times and money as the acting tenant writes them; the same object until its settings change. */
export function useTenantFormat(): TenantFormatters {
  const { settings } = useTenantSettings();
  return useMemo(() => formattersFor(tenantFormatOf(settings)), [settings]);
}
