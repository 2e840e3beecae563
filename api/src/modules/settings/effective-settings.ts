/**
 * A tenant's effective settings: each value is the tenant's own, else the nearest ancestor's, else
 * the product default.
 */
import {
  SETTING_DEFAULTS,
  SETTING_KEYS,
  settingValueSchema,
  type EffectiveSettings,
  type SettingKey,
  type Settings,
  type SettingSource,
} from '@meridian/shared/contract/setting';
import type { Queryable } from '../../db/database';
import { ancestry } from '../tenants/tenant-read';

interface OwnValues {
  source: NonNullable<SettingSource>;
  values: Partial<Record<SettingKey, unknown>>;
}

/** The tenant and its ancestors, nearest first, each with the values it sets itself. */
async function ownValuesUpTheTree(q: Queryable, tenantId: string): Promise<OwnValues[]> {
  const chain = await ancestry(q, tenantId);
  const stored = await q.query<{ tenant_id: string; key: SettingKey; value: unknown }>(
    `select tenant_id, key, value from tenant_settings where tenant_id = any($1::uuid[])`,
    [chain.map((t) => t.Id)],
  );
  return chain.map((t) => ({
    source: { tenantId: t.Id, tenantName: t.name },
    values: {
      ...Object.fromEntries(stored.filter((s) => s.tenant_id === t.Id).map((s) => [s.key, s.value])),
      currencyCode: t.currencyCode ?? undefined,
      currencySymbol: t.currencySymbol ?? undefined,
    },
  }));
}

function resolve(tenantId: string, chain: OwnValues[]): EffectiveSettings {
  const values: Record<string, unknown> = { ...SETTING_DEFAULTS };
  const sources = Object.fromEntries(SETTING_KEYS.map((key) => [key, null])) as Record<SettingKey, SettingSource>;
  for (const key of SETTING_KEYS) {
    for (const own of chain) {
      if (own.values[key] === undefined) continue;
      // A value stored under older rules that today's no longer accept counts as not set.
      const parsed = settingValueSchema(key).safeParse(own.values[key]);
      if (!parsed.success) continue;
      values[key] = parsed.data;
      sources[key] = own.source;
      break;
    }
  }
  return { tenantId, values: values as Settings, sources };
}

export const effectiveSettings = async (q: Queryable, tenantId: string) => resolve(tenantId, await ownValuesUpTheTree(q, tenantId));
