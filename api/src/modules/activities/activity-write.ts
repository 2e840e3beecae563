/**
 * Writing activities: create and edit (assignees, clients and leads replaced by the payload's),
 * assign and hand over, link clients and leads, bulk updates and soft deletion.
 *
 * An activity belongs to the deepest tenant that holds all its assignees (the acting tenant when it
 * has none), so each assignee finds it under their own tenant. Its type must be an active type of
 * that tenant's company; each assignment starts with the company's default status.
 */
import type { ActivityBulkUpdate, ActivitySave } from '@meridian/shared/contract/activity';
import { isUnknownLocation } from '@meridian/shared/contract/activity';
import { isValidPosition } from '@meridian/shared/validation';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { conflict, fieldError, notFound } from '../../http/errors';
import { ancestry } from '../tenants/tenant-read';
import { chosenIdOrNull } from '../../tenancy/chosen-id';
import { visibleActivity, type Viewer } from './activity-access';
import { sqlParams } from '../../db/sql-params';
import { inScope, pathWithin, tenantRowInScope } from '../../tenancy/subtree';
import { activeStatus, assertActiveType, catalogueOwner, defaultStatus } from './activity-catalogue';

/** Refuses users outside the acting subtree (or deleted) with a field error naming them. */
export async function assertUsersInScope(q: Queryable, scope: TenantScope, ids: readonly string[], field: string) {
  if (ids.length === 0) return;
  const p = sqlParams([ids]);
  const inside = await q.query<{ id: string }>(
    `select u.id from users u where u.id = any($1::uuid[]) and u.deleted_at is null and ${inScope('u.tenant_id', scope, p)}`,
    p.values,
  );
  const found = new Set(inside.map((r) => r.id));
  const outside = ids.filter((id) => !found.has(id));
  if (outside.length) throw fieldError(field, `Only users of the acting tenant can be assigned; not found: ${outside.join(', ')}.`);
}

async function assertRowsInScope(q: Queryable, table: 'clients' | 'leads', scope: TenantScope, ids: readonly string[], field: string) {
  if (ids.length === 0) return;
  const p = sqlParams([ids]);
  const inside = await q.query<{ id: string }>(
    `select x.id from ${table} x where x.id = any($1::uuid[]) and x.deleted_at is null and ${inScope('x.tenant_id', scope, p)}`,
    p.values,
  );
  const found = new Set(inside.map((r) => r.id));
  const outside = ids.filter((id) => !found.has(id));
  const what = table === 'clients' ? 'clients' : 'leads';
  if (outside.length) throw fieldError(field, `Only ${what} of the acting tenant can be linked; not found: ${outside.join(', ')}.`);
}

export const assertClientsInScope = (q: Queryable, scope: TenantScope, ids: readonly string[], field = 'clientIds') =>
  assertRowsInScope(q, 'clients', scope, ids, field);
export const assertLeadsInScope = (q: Queryable, scope: TenantScope, ids: readonly string[], field = 'leadIds') =>
  assertRowsInScope(q, 'leads', scope, ids, field);

/** The deepest tenant of the subtree holding every one of the users' home tenants; `fallback` when there are none. */
export async function tenantOfAssignees(q: Queryable, scope: TenantScope, userIds: readonly string[], fallback: string) {
  if (userIds.length === 0) return fallback;
  const p = sqlParams([userIds]);
  const row = await q.one<{ id: string }>(
    `select t.id from tenants t where ${tenantRowInScope('t', scope, p)}
       and not exists (select 1 from users u join tenants ut on ut.id = u.tenant_id where u.id = any($1::uuid[]) and not ${pathWithin('ut.path', 't.path')})
     order by length(t.path) desc limit 1`,
    p.values,
  );
  return row?.id ?? fallback;
}

/**
 * Where the activity takes place: its own location, or for an empty or 'unknown' one the acting
 * tenant's (its own text, else that of the nearest tenant above with coordinates), with that
 * tenant's coordinates when the payload has no usable position.
 */
export async function placeOf(q: Queryable, actingTenantId: string, input: Pick<ActivitySave, 'location' | 'lat' | 'lng'>) {
  const positioned = isValidPosition(input.lat, input.lng);
  const own = { location: input.location?.trim() || null, lat: positioned ? input.lat! : null, lng: positioned ? input.lng! : null };
  if (!isUnknownLocation(input.location)) return own;
  const chain = await ancestry(q, actingTenantId);
  const withCoordinates = chain.find((t) => t.lat != null && t.lng != null);
  return {
    location: chain[0]?.location || withCoordinates?.location || null,
    lat: positioned ? own.lat : (withCoordinates?.lat ?? null),
    lng: positioned ? own.lng : (withCoordinates?.lng ?? null),
  };
}

/** The parent must be an activity the caller sees, and not the activity itself or one below it. */
async function assertParent(q: Queryable, viewer: Viewer, parentId: string | null | undefined, selfId: string | null) {
  if (!parentId) return null;
  if (parentId === selfId) throw fieldError('parentId', 'An activity cannot be its own parent.');
  await visibleActivity(q, viewer, parentId).catch(() => {
    throw fieldError('parentId', 'Choose a parent activity you can see.');
  });
  if (selfId) {
    const loop = await q.one(
      `with recursive up(id, parent_id) as (select id, parent_id from activities where id = $1
         union select a.id, a.parent_id from activities a join up on a.id = up.parent_id)
       select 1 from up where id = $2`,
      [parentId, selfId],
    );
    if (loop) throw fieldError('parentId', 'An activity cannot sit under one of its own sub-activities.');
  }
  return parentId;
}

/** Makes the assignees of the activities exactly `userIds`: new ones start with the company's default status. */
export async function setAssignees(
  q: Queryable,
  activityIds: readonly string[],
  userIds: readonly string[],
  status: { id: string | null; name: string },
) {
  await q.query(`delete from activity_assignments where activity_id = any($1::uuid[]) and not (user_id = any($2::uuid[]))`, [
    activityIds,
    userIds,
  ]);
  await q.query(
    `insert into activity_assignments (activity_id, user_id, status_id, status_text)
     select a.id, u.id, $3, $4 from unnest($1::uuid[]) as a(id) cross join unnest($2::uuid[]) as u(id)
     on conflict (activity_id, user_id) do nothing`,
    [activityIds, userIds, status.id, status.name],
  );
}

async function setLinks(q: Queryable, activityId: string, clientIds: readonly string[], leadIds: readonly string[]) {
  await q.query(`delete from activity_clients where activity_id = $1 and not (client_id = any($2::uuid[]))`, [activityId, clientIds]);
  await q.query(`delete from activity_leads where activity_id = $1 and not (lead_id = any($2::uuid[]))`, [activityId, leadIds]);
  await addLinks(q, activityId, clientIds, leadIds);
}

/** Links clients and leads (already linked ones stay); answers how many links are new. */
export async function addLinks(q: Queryable, activityId: string, clientIds: readonly string[], leadIds: readonly string[]) {
  const clients = await q.query(
    `insert into activity_clients (activity_id, client_id) select $1, unnest($2::uuid[]) on conflict do nothing returning client_id`,
    [activityId, clientIds],
  );
  const leads = await q.query(
    `insert into activity_leads (activity_id, lead_id) select $1, unnest($2::uuid[]) on conflict do nothing returning lead_id`,
    [activityId, leadIds],
  );
  return clients.length + leads.length;
}

async function assertReferences(q: Queryable, viewer: Viewer, input: ActivitySave) {
  await assertUsersInScope(q, viewer.scope, input.assignedUserIds, 'assignedUserIds');
  await assertClientsInScope(q, viewer.scope, input.clientIds);
  await assertLeadsInScope(q, viewer.scope, input.leadIds);
}

export async function createActivity(q: Queryable, viewer: Viewer, userId: string, input: ActivitySave): Promise<string> {
  await assertReferences(q, viewer, input);
  const tenantId = await tenantOfAssignees(q, viewer.scope, input.assignedUserIds, viewer.scope.tenantId);
  const owner = await catalogueOwner(q, tenantId);
  await assertActiveType(q, owner, input.activityTypeId);
  const parentId = await assertParent(q, viewer, input.parentId, null);
  const place = await placeOf(q, viewer.scope.tenantId, input);
  const status = await defaultStatus(q, owner);
  const chosenId = await chosenIdOrNull(q, 'activities', input.Id, viewer.scope, 'An activity with this Id exists already.');
  const row = await q.one<{ id: string }>(
    `insert into activities (id, tenant_id, parent_id, name, description, activity_type_id, status_id, status, location, lat, lng, start_date, end_date, created_user_id)
     values (coalesce($14::uuid, gen_random_uuid()), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id`,
    [
      tenantId,
      parentId,
      input.name,
      input.description || null,
      input.activityTypeId,
      status.id,
      status.name,
      place.location,
      place.lat,
      place.lng,
      input.startDate,
      input.endDate ?? input.startDate,
      userId,
      chosenId,
    ],
  );
  await setAssignees(q, [row!.id], input.assignedUserIds, status);
  await addLinks(q, row!.id, input.clientIds, input.leadIds);
  return row!.id;
}

export async function updateActivity(q: Queryable, viewer: Viewer, activity: { id: string; tenant_id: string }, input: ActivitySave) {
  await assertReferences(q, viewer, input);
  const tenantId = await tenantOfAssignees(q, viewer.scope, input.assignedUserIds, activity.tenant_id);
  const owner = await catalogueOwner(q, tenantId);
  await assertActiveType(q, owner, input.activityTypeId);
  const parentId = await assertParent(q, viewer, input.parentId, activity.id);
  const place = await placeOf(q, viewer.scope.tenantId, input);
  await q.query(
    `update activities set tenant_id = $2, parent_id = $3, name = $4, description = $5, activity_type_id = $6, location = $7, lat = $8, lng = $9,
       start_date = $10, end_date = $11, date_modified = now() where id = $1`,
    [
      activity.id,
      tenantId,
      parentId,
      input.name,
      input.description || null,
      input.activityTypeId,
      place.location,
      place.lat,
      place.lng,
      input.startDate,
      input.endDate ?? input.startDate,
    ],
  );
  await setAssignees(q, [activity.id], input.assignedUserIds, await defaultStatus(q, owner));
  await setLinks(q, activity.id, input.clientIds, input.leadIds);
}

/** Every id must be an activity the viewer sees: else 404 naming the first that is not, and nothing changes. */
export async function visibleActivities(q: Queryable, viewer: Viewer, ids: readonly string[]) {
  const p = sqlParams([ids]);
  const rows = await q.query<{ id: string; tenant_id: string }>(
    `select a.id, a.tenant_id from activities a where a.id = any($1::uuid[]) and ${inScope('a.tenant_id', viewer.scope, p)} and a.deleted_at is null for update of a`,
    p.values,
  );
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing) throw notFound(`Activity ${missing}`);
  return rows;
}

/**
 * Sets the status of the activities and of all their assignments (recorded in the status history
 * without a position, as an office change), after any new assignees were added.
 */
async function setStatusEverywhere(q: Queryable, ids: readonly string[], status: { id: string; name: string }, userId: string) {
  await q.query(`update activities set status_id = $2, status = $3, date_modified = now() where id = any($1::uuid[])`, [
    ids,
    status.id,
    status.name,
  ]);
  const changed = await q.query<{ id: string }>(
    `update activity_assignments set status_id = $2, status_text = $3, date_modified = now() where activity_id = any($1::uuid[]) returning id`,
    [ids, status.id, status.name],
  );
  await q.query(
    `insert into activity_status_history (assignment_id, status_id, status_text, changed_by_user_id) select unnest($1::uuid[]), $2, $3, $4`,
    [changed.map((r) => r.id), status.id, status.name, userId],
  );
}

/** POST /activities/bulk-update: all of them, or none (404 for one out of sight, 400 for a value not valid for one of them). */
export async function bulkUpdate(q: Queryable, viewer: Viewer, userId: string, input: ActivityBulkUpdate) {
  const rows = await visibleActivities(q, viewer, input.ids);
  const ids = rows.map((r) => r.id);
  if (input.assignedUserIds) await assertUsersInScope(q, viewer.scope, input.assignedUserIds, 'assignedUserIds');
  const owners = new Map<string, string>();
  for (const r of rows) owners.set(r.tenant_id, await catalogueOwner(q, r.tenant_id));
  const companies = [...new Set(owners.values())];
  let status: { id: string; name: string } | null = null;
  for (const owner of companies) {
    if (input.activityTypeId) await assertActiveType(q, owner, input.activityTypeId);
    if (input.statusId) status = await activeStatus(q, owner, input.statusId);
  }
  if (input.startDate || input.endDate) {
    const backwards = await q.one<{ id: string }>(
      `select id from activities where id = any($1::uuid[]) and coalesce($3::timestamptz, end_date) < coalesce($2::timestamptz, start_date) limit 1`,
      [ids, input.startDate ?? null, input.endDate ?? null],
    );
    if (backwards) throw fieldError('endDate', `The end date cannot be before the start date (activity ${backwards.id}).`);
  }
  await q.query(
    `update activities set activity_type_id = coalesce($2, activity_type_id), start_date = coalesce($3::timestamptz, start_date),
       end_date = coalesce($4::timestamptz, end_date), date_modified = now() where id = any($1::uuid[])`,
    [ids, input.activityTypeId ?? null, input.startDate ?? null, input.endDate ?? null],
  );
  if (input.assignedUserIds) {
    for (const r of rows) {
      const tenantId = await tenantOfAssignees(q, viewer.scope, input.assignedUserIds, r.tenant_id);
      if (tenantId !== r.tenant_id) await q.query(`update activities set tenant_id = $2 where id = $1`, [r.id, tenantId]);
      await setAssignees(q, [r.id], input.assignedUserIds, await defaultStatus(q, owners.get(r.tenant_id)!));
    }
  }
  if (status) await setStatusEverywhere(q, ids, status, userId);
  return { updated: ids.length };
}

/** POST /activities/assignment: one more assignee, starting with the company's default status. */
export async function addAssignee(q: Queryable, viewer: Viewer, activity: { id: string; tenant_id: string }, userId: string) {
  await assertUsersInScope(q, viewer.scope, [userId], 'userId');
  const taken = await q.one(`select 1 from activity_assignments where activity_id = $1 and user_id = $2`, [activity.id, userId]);
  if (taken)
    throw conflict('This user is already assigned to the activity.', { userId: ['This user is already assigned to the activity.'] });
  const all = (await q.query<{ user_id: string }>(`select user_id from activity_assignments where activity_id = $1`, [activity.id])).map(
    (r) => r.user_id,
  );
  await moveToAssigneesTenant(q, viewer, activity, [...all, userId]);
  const status = await defaultStatus(q, await catalogueOwner(q, activity.tenant_id));
  await q.query(`insert into activity_assignments (activity_id, user_id, status_id, status_text) values ($1, $2, $3, $4)`, [
    activity.id,
    userId,
    status.id,
    status.name,
  ]);
}

/** PUT /activities/assignment: the assignment, with its status and history, passes to another user. */
export async function moveAssignment(
  q: Queryable,
  viewer: Viewer,
  activity: { id: string; tenant_id: string },
  fromUserId: string,
  toUserId: string,
) {
  const assignment = await q.one<{ id: string }>(`select id from activity_assignments where activity_id = $1 and user_id = $2`, [
    activity.id,
    fromUserId,
  ]);
  if (!assignment) throw notFound('This assignment');
  await assertUsersInScope(q, viewer.scope, [toUserId], 'newUserId');
  const taken = await q.one(`select 1 from activity_assignments where activity_id = $1 and user_id = $2`, [activity.id, toUserId]);
  if (taken)
    throw conflict('This user is already assigned to the activity.', { newUserId: ['This user is already assigned to the activity.'] });
  await q.query(`update activity_assignments set user_id = $2, date_modified = now() where id = $1`, [assignment.id, toUserId]);
  const all = (await q.query<{ user_id: string }>(`select user_id from activity_assignments where activity_id = $1`, [activity.id])).map(
    (r) => r.user_id,
  );
  await moveToAssigneesTenant(q, viewer, activity, all);
}

async function moveToAssigneesTenant(q: Queryable, viewer: Viewer, activity: { id: string; tenant_id: string }, userIds: string[]) {
  const tenantId = await tenantOfAssignees(q, viewer.scope, userIds, activity.tenant_id);
  if (tenantId !== activity.tenant_id)
    await q.query(`update activities set tenant_id = $2, date_modified = now() where id = $1`, [activity.id, tenantId]);
}
