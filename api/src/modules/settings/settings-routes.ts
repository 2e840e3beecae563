/**
 * Settings of the acting tenant: each effective value is the tenant's own, else the nearest
 * ancestor's, else the product default. The currency lives on the tenant row (where the tenant
 * calls and tenantCurrency read it); every other setting in tenant_settings.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SETTING_KEYS,
  settingsUpdateSchema,
  type SettingKey,
  type SettingsUpdate,
  effectiveSettingsSchema,
} from '@meridian/shared/contract/setting';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { ok } from '../../http/envelope';
import { forgetTenantTimeZones } from '../../tenancy/tenant-time-zone';
import { effectiveSettings } from './effective-settings';
import { answers } from '../../http/route-answers';
import { allow } from '../../auth/allow';
import { settings } from '@meridian/shared/contract/areas/admin';

const SETTING_ADMINS = allow(settings, 'read');

/** Settings kept as columns of the tenant itself, so that the tenant's currency has one home. */
const TENANT_COLUMN_OF: Partial<Record<SettingKey, string>> = { currencyCode: 'currency_code', currencySymbol: 'currency_symbol' };

async function saveOwnValues(q: Queryable, tenantId: string, userId: string, update: SettingsUpdate) {
  for (const key of SETTING_KEYS) {
    const value = update[key];
    if (value === undefined) continue;
    const column = TENANT_COLUMN_OF[key];
    if (column) {
      await q.query(`update tenants set ${column} = $2, date_modified = now() where id = $1`, [tenantId, value]);
    } else if (value === null) {
      await q.query(`delete from tenant_settings where tenant_id = $1 and key = $2`, [tenantId, key]);
    } else {
      await q.query(
        `insert into tenant_settings (tenant_id, key, value, updated_by_user_id) values ($1, $2, $3::jsonb, $4)
         on conflict (tenant_id, key) do update set value = excluded.value, updated_by_user_id = excluded.updated_by_user_id, date_updated = now()`,
        [tenantId, key, JSON.stringify(value), userId],
      );
    }
  }
}

export const settingsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['settings'];

    app.get('/settings', { config: SETTING_ADMINS, schema: { tags, response: answers(effectiveSettingsSchema) } }, async (request) =>
      ok(await effectiveSettings(db, request.scope.tenantId)),
    );

    app.put(
      '/settings',
      { config: SETTING_ADMINS, schema: { tags, body: settingsUpdateSchema, response: answers(effectiveSettingsSchema) } },
      async (request) => {
        await db.tx((q) => saveOwnValues(q, request.scope.tenantId, request.principal.userId, request.body));
        forgetTenantTimeZones();
        return ok(await effectiveSettings(db, request.scope.tenantId), 'Settings saved.');
      },
    );
  };
