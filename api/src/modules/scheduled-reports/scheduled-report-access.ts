/**
 * Who may do what with scheduled reports (the area's `scheduledReports` resource) and which schedules a
 * caller sees: those of the acting tenant's subtree, always through the tenancy helpers.
 */
import { scheduledReports } from '@meridian/shared/contract/areas/reports';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { notFound } from '../../http/errors';
import { allow } from '../../auth/allow';
import { inScope } from '../../tenancy/subtree';

export const SCHEDULE_READERS = allow(scheduledReports, 'read');
export const SCHEDULE_CREATORS = allow(scheduledReports, 'create');
/** Editing, pausing, resuming, deleting and "run now" (which mails the recipients) are all edits. */
export const SCHEDULE_EDITORS = allow(scheduledReports, 'edit');

/** The schedule's id and tenant, when the caller's scope holds it; otherwise 404 (another company's looks absent). */
export async function scheduleInScope(q: Queryable, scope: TenantScope, id: string, lock = false) {
  const p = sqlParams([id]);
  const row = await q.one<{ id: string; tenantId: string }>(
    `select s.id, s.tenant_id as "tenantId" from scheduled_reports s where s.id = $1 and ${inScope('s.tenant_id', scope, p)}${lock ? ' for update' : ''}`,
    p.values,
  );
  if (!row) throw notFound('Scheduled report');
  return row;
}
