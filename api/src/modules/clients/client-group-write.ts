/**
 * Writing client groups: create and edit (members replaced by the payload's, or checked again when
 * the group moves to another tenant) and soft deletion. A group's name is unique among the live
 * groups of its tenant.
 */
import type { clientGroupSaveSchema } from '@meridian/shared/contract/client';
import { nameTakenMessage } from '@meridian/shared/messages';
import type { z } from 'zod';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { conflict, fieldError } from '../../http/errors';
import { owningTenant } from '../../tenancy/tenant-owned';
import { inScope } from '../../tenancy/subtree';
import { sqlParams } from '../../db/sql-params';
import { visibleGroup } from './client-access';

type GroupSave = z.infer<typeof clientGroupSaveSchema>;

/** Refuses a name another live group of the tenant already uses (compared case-insensitively). */
async function assertGroupNameFree(q: Queryable, tenantId: string, name: string, exceptId?: string) {
  const taken = await q.one(
    `select 1 from client_groups where tenant_id = $1 and lower(name) = lower($2) and deleted_at is null and ($3::uuid is null or id <> $3)`,
    [tenantId, name, exceptId ?? null],
  );
  if (taken) {
    const message = nameTakenMessage('client group');
    throw conflict(message, { name: [message] });
  }
}

/** The group's members become exactly `clientIds`, which must be live clients of the group's tenant or below. */
async function setMembers(q: Queryable, groupId: string, groupTenantPath: string, clientIds: string[]) {
  if (clientIds.length) {
    const p = sqlParams([clientIds]);
    const found = await q.query<{ id: string }>(
      `select c.id from clients c where c.id = any($1::uuid[]) and c.deleted_at is null and ${inScope('c.tenant_id', groupTenantPath, p)}`,
      p.values,
    );
    const inside = new Set(found.map((r) => r.id));
    const outside = clientIds.find((id) => !inside.has(id));
    if (outside) throw fieldError('clientIds', `Client ${outside} is not a client of this group's tenant.`);
  }
  await q.query(`delete from client_group_members where group_id = $1 and not (client_id = any($2::uuid[]))`, [groupId, clientIds]);
  await q.query(`insert into client_group_members (group_id, client_id) select $1, unnest($2::uuid[]) on conflict do nothing`, [
    groupId,
    clientIds,
  ]);
}

/** Creates a group in the acting subtree (or the tenant beneath it the input names); answers its id. */
export async function createGroup(q: Queryable, scope: TenantScope, userId: string, input: GroupSave): Promise<string> {
  const tenantId = await owningTenant(q, scope, input.tenantId);
  await assertGroupNameFree(q, tenantId, input.name);
  const row = await q.one<{ id: string; path: string }>(
    `insert into client_groups (tenant_id, name, description, created_user_id) values ($1, $2, $3, $4)
     returning id, (select path from tenants where id = $1) as path`,
    [tenantId, input.name, input.description ?? null, userId],
  );
  await setMembers(q, row!.id, row!.path, input.clientIds ?? []);
  return row!.id;
}

export async function updateGroup(q: Queryable, scope: TenantScope, id: string, input: GroupSave) {
  const group = await visibleGroup(q, scope, id);
  const tenantId = await owningTenant(q, scope, input.tenantId, group.tenantId);
  await assertGroupNameFree(q, tenantId, input.name, group.Id);
  const row = await q.one<{ path: string }>(
    `update client_groups set tenant_id = $2, name = $3, description = $4, date_modified = now() where id = $1
     returning (select path from tenants where id = $2) as path`,
    [group.Id, tenantId, input.name, input.description ?? null],
  );
  if (input.clientIds) await setMembers(q, group.Id, row!.path, input.clientIds);
  else if (tenantId !== group.tenantId) {
    // Moved to another tenant: members must still be its clients.
    const members = await q.query<{ client_id: string }>(`select client_id from client_group_members where group_id = $1`, [group.Id]);
    await setMembers(
      q,
      group.Id,
      row!.path,
      members.map((m) => m.client_id),
    );
  }
}

export async function deleteGroup(q: Queryable, scope: TenantScope, id: string) {
  const group = await visibleGroup(q, scope, id);
  await q.query(`update client_groups set deleted_at = now(), date_modified = now() where id = $1`, [group.Id]);
}
