/**
 * Writing tenants: create (a top-level one only by a global administrator), edit and move (a type
 * always sits under a higher type; a move takes the subtree along), and soft deletion of a tenant
 * with no sub-tenants and no users.
 */
import type { z } from 'zod';
import { TENANT_TYPE, TENANT_TYPE_NAMES } from '@meridian/shared/constants';
import type { tenantCreateSchema, tenantUpdateSchema } from '@meridian/shared/contract/tenant';
import { MESSAGES } from '@meridian/shared/messages';
import type { Principal, TenantScope } from '../../auth/principal';
import type { PrincipalCache } from '../../auth/principal-cache';
import type { Queryable } from '../../db/database';
import { conflict, fieldError, forbidden } from '../../http/errors';
import { tenantInScope } from '../../tenancy/scope';
import { isPathWithin, pathWithin } from '../../tenancy/subtree';
import { forgetSubtreeTenants } from '../../tenancy/subtree-tenants';
import { forgetTenantTimeZones } from '../../tenancy/tenant-time-zone';

function assertTypeUnderParent(type: number, parent: { type: number } | null) {
  if (parent && parent.type >= type) {
    throw fieldError('type', `A ${TENANT_TYPE_NAMES[type as 1]} cannot sit under a ${TENANT_TYPE_NAMES[parent.type as 1]}.`);
  }
  if (!parent && type > TENANT_TYPE.COMPANY) throw fieldError('parentId', 'A branch or team needs a parent tenant.');
  if (parent && type === TENANT_TYPE.GROUP) throw fieldError('parentId', 'A group has no parent.');
}

/** Creates a tenant under a parent of the acting subtree (top-level only for a global administrator); answers its id. */
export async function createTenant(
  q: Queryable,
  scope: TenantScope,
  principal: Principal,
  input: z.infer<typeof tenantCreateSchema>,
): Promise<string> {
  const parent = input.parentId ? await tenantInScope(q, scope, input.parentId) : null;
  if (!parent && !principal.isGlobalAdmin) throw forbidden('Only a global administrator can create a top-level tenant.');
  assertTypeUnderParent(input.type, parent);
  const row = await q.one<{ id: string }>(
    `insert into tenants (id, name, parent_id, type, path, short_code, location, lat, lng, location_required, currency_code, currency_symbol)
     select g.id, $1, $2, $3, coalesce($4, '') || g.id || '/', $5, $6, $7, $8, $9, $10, $11 from (select gen_random_uuid() as id) g returning id`,
    [
      input.name,
      parent?.id ?? null,
      input.type,
      parent?.path ?? null,
      input.shortCode ?? null,
      input.location ?? null,
      input.lat ?? null,
      input.lng ?? null,
      input.locationRequired ?? false,
      input.currencyCode ?? null,
      input.currencySymbol ?? null,
    ],
  );
  return row!.id;
}

export async function updateTenant(
  q: Queryable,
  scope: TenantScope,
  principal: Principal,
  id: string,
  input: z.infer<typeof tenantUpdateSchema>,
) {
  const tenant = await tenantInScope(q, scope, id);
  const type = input.type ?? tenant.type;
  const parentId = input.parentId === undefined ? tenant.parent_id : input.parentId;
  const parent = parentId ? await tenantInScope(q, scope, parentId) : null;
  if (parent && isPathWithin(parent.path, tenant.path))
    throw fieldError('parentId', 'A tenant cannot move under itself or its own sub-tenants.');
  if (!parent && tenant.parent_id && !principal.isGlobalAdmin) throw forbidden('Only a global administrator can make a tenant top-level.');
  assertTypeUnderParent(type, parent);
  const child = await q.one<{ type: number }>(`select min(type)::int as type from tenants where parent_id = $1 and deleted_at is null`, [
    tenant.id,
  ]);
  if (child?.type != null && child.type <= type)
    throw fieldError('type', 'Its sub-tenants would then sit under a tenant of the same or a lower level.');
  const columns: Record<string, unknown> = {
    name: input.name,
    type: input.type,
    short_code: input.shortCode,
    location: input.location,
    lat: input.lat,
    lng: input.lng,
    location_required: input.locationRequired,
    currency_code: input.currencyCode,
    currency_symbol: input.currencySymbol,
  };
  const set = Object.entries(columns).filter(([, v]) => v !== undefined);
  if (set.length) {
    await q.query(`update tenants set ${set.map(([c], i) => `${c} = $${i + 2}`).join(', ')}, date_modified = now() where id = $1`, [
      tenant.id,
      ...set.map(([, v]) => v),
    ]);
  }
  if (parentId !== tenant.parent_id) {
    const newPath = `${parent?.path ?? ''}${tenant.id}/`;
    await q.query(`update tenants set parent_id = $2 where id = $1`, [tenant.id, parentId]);
    await q.query(`update tenants set path = $2 || substr(path, length($1) + 1) where ${pathWithin('path', '$1')}`, [tenant.path, newPath]);
  }
}

export async function deleteTenant(q: Queryable, scope: TenantScope, id: string) {
  const tenant = await tenantInScope(q, scope, id);
  const children = await q.one<{ n: number }>(`select count(*)::int as n from tenants where parent_id = $1 and deleted_at is null`, [
    tenant.id,
  ]);
  if (children!.n > 0) throw conflict(`${MESSAGES.tenantHasChildren} (${children!.n} sub-tenant(s))`);
  const users = await q.one<{ n: number }>(
    `select count(distinct u.id)::int as n from users u left join user_tenants ut on ut.user_id = u.id
     where u.deleted_at is null and (u.tenant_id = $1 or ut.tenant_id = $1)`,
    [tenant.id],
  );
  if (users!.n > 0) throw conflict(`${MESSAGES.tenantHasUsers} (${users!.n} user(s))`);
  await q.query(`update tenants set deleted_at = now(), date_modified = now() where id = $1`, [tenant.id]);
}

/** After an edit or deletion: who may act where, time zones and subtree lists may all have changed. */
export function forgetTenantCaches(principals: PrincipalCache) {
  principals.invalidate();
  forgetTenantTimeZones();
  forgetSubtreeTenants();
}
