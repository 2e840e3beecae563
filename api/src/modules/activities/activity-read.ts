/**
 * Activities as answered. The rows of a page are read by id once the page itself has been chosen
 * (in the same statement, activity-list.ts), so assignees, clients, leads and plans are gathered for
 * those few rows only.
 */
import type { Activity, ActivityFileInfo, ActivityListItem } from '@meridian/shared/contract/activity';
import type { Queryable } from '../../db/database';
import { personName } from '../../db/person-name';

/**
 * The list rows of a page of activities, in the page's order (column "pageOrder"), each with its
 * assignees, clients, leads and plans gathered once for the whole page (one index scan per kind, not
 * one per row). The page is either `ids` (SQL of a uuid[]) or, with `picked`, the statement that
 * chooses it (columns ids and total, answered as "pageTotal" on every row, and on a row of nulls when
 * the page is empty), so that choosing and reading a page is one round trip. `assignee` (SQL of a
 * uuid, or null) adds the assignment of that user to each row (My Work).
 */
export function rowsSql(page: { ids: string } | { picked: string }, assignee: string) {
  const ids = 'picked' in page ? '(select ids from picked)::uuid[]' : page.ids;
  const source = 'picked' in page
    ? 'picked left join lateral unnest(picked.ids) with ordinality as page(id, ord) on true'
    : `unnest(${ids}) with ordinality as page(id, ord)`;
  return `
with ${'picked' in page ? `picked as materialized (${page.picked}),` : ''}
  assignees as (
    select aa.activity_id, json_agg(json_build_object('Id', u.id, 'firstName', u.first_name, 'lastName', u.last_name,
      'activityAssignmentId', aa.id, 'statusId', aa.status_id, 'statusText', aa.status_text) order by u.first_name, u.last_name, u.id) as list
    from activity_assignments aa join users u on u.id = aa.user_id where aa.activity_id = any(${ids}) group by aa.activity_id),
  clients_of as (
    select ac.activity_id, json_agg(json_build_object('Id', c.id, 'firstName', c.first_name, 'lastName', c.last_name) order by c.first_name, c.last_name, c.id) as list
    from activity_clients ac join clients c on c.id = ac.client_id and c.deleted_at is null where ac.activity_id = any(${ids}) group by ac.activity_id),
  leads_of as (
    select al.activity_id, json_agg(json_build_object('Id', l.id, 'firstName', l.first_name, 'lastName', l.last_name) order by l.first_name, l.last_name, l.id) as list
    from activity_leads al join leads l on l.id = al.lead_id and l.deleted_at is null where al.activity_id = any(${ids}) group by al.activity_id),
  plans_of as (
    select s.activity_id, json_agg(json_build_object('Id', p.id, 'name', p.name) order by p.plan_date, p.name) as list
    from activity_plan_stops s join activity_plans p on p.id = s.plan_id and p.deleted_at is null where s.activity_id = any(${ids}) group by s.activity_id)
select ${'picked' in page ? 'picked.total as "pageTotal", ' : ''}page.ord as "pageOrder", a.id as "Id", a.parent_id as "parentId", a.name, a.description,
  a.activity_type_id as "activityTypeId", ty.name as "typeDesc",
  a.status_id as "statusId", coalesce(st.name, a.status) as status, coalesce(st.name, a.status) as "statusText",
  a.location, a.lat, a.lng, a.start_date as "startDate", a.end_date as "endDate", a.tenant_id as "tenantId", tn.name as "tenantName",
  a.created_user_id as "createdUserId", ${personName('cu')} as "createdBy", a.date_created as "dateCreated", a.date_modified as "dateModified",
  coalesce(asg.list, '[]') as "assignedUsers", coalesce(cl.list, '[]') as clients, coalesce(ld.list, '[]') as leads, coalesce(pl.list, '[]') as "activityPlans",
  mine.id as "activityAssignmentId", mine.status_id as "assignmentStatusId", mine.status_text as "assignmentStatusText"
from ${source}
  left join activities a on a.id = page.id
  left join tenants tn on tn.id = a.tenant_id
  left join activity_types ty on ty.id = a.activity_type_id
  left join activity_statuses st on st.id = a.status_id
  left join users cu on cu.id = a.created_user_id
  left join assignees asg on asg.activity_id = a.id
  left join clients_of cl on cl.activity_id = a.id
  left join leads_of ld on ld.activity_id = a.id
  left join plans_of pl on pl.activity_id = a.id
  left join activity_assignments mine on mine.activity_id = a.id and mine.user_id = ${assignee}
order by page.ord`;
}
const ROWS_SQL = rowsSql({ ids: '$1::uuid[]' }, '$2::uuid');

export type ActivityRow = Omit<ActivityListItem, 'activityPlanNames'> & {
  pageOrder: number; activityAssignmentId: string | null; assignmentStatusId: string | null; assignmentStatusText: string | null;
};

/**
 * Rows as answered: the plans' names beside the plans (the spec's activityPlanNames, from the one
 * subquery), and the assignment columns only for My Work (`withAssignment`).
 */
export function answeredRows<T extends ActivityListItem>(rows: readonly ActivityRow[], withAssignment: boolean): T[] {
  return rows.filter((row) => row.Id !== null).map(({ pageOrder: _o, activityAssignmentId, assignmentStatusId, assignmentStatusText, ...row }) => ({
    ...row,
    activityPlanNames: row.activityPlans.map((plan) => plan.name),
    ...(withAssignment ? { activityAssignmentId, assignmentStatusId, assignmentStatusText } : {}),
  }) as unknown as T);
}

/** List rows of the given activities, in the given order. With `assigneeId`, each row carries that user's assignment. */
export async function activityRows<T extends ActivityListItem = ActivityListItem>(q: Queryable, ids: readonly string[], assigneeId: string | null = null): Promise<T[]> {
  if (ids.length === 0) return [];
  return answeredRows<T>(await q.query<ActivityRow>(ROWS_SQL, [ids, assigneeId]), !!assigneeId);
}

export const FILE_COLUMNS = `f.id as "Id", f.file_name as "fileName", f.content_type as "contentType", f.size_bytes as "sizeBytes",
  f.assignment_id as "assignmentId", f.uploaded_by_user_id as "uploadedByUserId",
  (select ${personName('up')} from users up where up.id = f.uploaded_by_user_id) as "uploadedBy", f.date_created as "dateCreated"`;

export async function activityFiles(q: Queryable, activityId: string) {
  return q.query<ActivityFileInfo>(
    `select ${FILE_COLUMNS} from activity_files f where f.activity_id = $1 and f.removed_at is null order by f.date_created, lower(f.file_name), f.id`, [activityId]);
}

/** One activity in full: its row, with its files listed (never their bytes). */
export async function fullActivity(q: Queryable, id: string): Promise<Activity> {
  const [row] = await activityRows(q, [id]);
  return { ...row!, files: await activityFiles(q, id) };
}
