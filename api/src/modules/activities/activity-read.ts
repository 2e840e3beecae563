/**
 * Activities as answered. The rows of a page are read by id once the page itself has been chosen
 * (in the same statement, activity-list.ts), so assignees, clients, leads and plans are gathered for
 * those few rows only.
 */
import type { Activity, ActivityFileInfo, ActivityListItem } from '@meridian/shared/contract/activity';
import type { Queryable } from '../../db/database';
import { jsonTime } from '../../db/json-time';
import { personName } from '../../db/person-name';

/**
 * SQL of one row holding a page of activities as the JSON text of their list items, in the page's
 * order (column "rows"), each with its assignees, clients, leads and plans gathered once for the
 * whole page (one index scan per kind, not one per row). PostgreSQL writes the JSON, so the API
 * neither parses the rows nor serialises them again. The page is either `ids` (SQL of a uuid[]) or,
 * with `picked`, the statement that chooses it (columns ids and total; the total is answered as
 * "total"), so that choosing and reading a page is one round trip. `assignee` (SQL of a uuid) adds
 * that user's assignment to each row (My Work).
 */
export function rowsSql(page: { ids: string } | { picked: string }, assignee: string | null) {
  const ids = 'picked' in page ? '(select ids from picked)::uuid[]' : page.ids;
  const assignment = assignee
    ? `, 'activityAssignmentId', mine.id, 'assignmentStatusId', mine.status_id, 'assignmentStatusText', mine.status_text`
    : '';
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
    select s.activity_id, json_agg(json_build_object('Id', p.id, 'name', p.name) order by p.plan_date, p.name) as list,
      json_agg(p.name order by p.plan_date, p.name) as names
    from activity_plan_stops s join activity_plans p on p.id = s.plan_id and p.deleted_at is null where s.activity_id = any(${ids}) group by s.activity_id),
  items as (
    select page.ord, json_build_object('Id', a.id, 'parentId', a.parent_id, 'name', a.name, 'description', a.description,
      'activityTypeId', a.activity_type_id, 'typeDesc', ty.name,
      'statusId', a.status_id, 'status', coalesce(st.name, a.status), 'statusText', coalesce(st.name, a.status),
      'location', a.location, 'lat', a.lat, 'lng', a.lng, 'startDate', ${jsonTime('a.start_date')}, 'endDate', ${jsonTime('a.end_date')},
      'tenantId', a.tenant_id, 'tenantName', tn.name,
      'createdUserId', a.created_user_id, 'createdBy', ${personName('cu')}, 'dateCreated', ${jsonTime('a.date_created')}, 'dateModified', ${jsonTime('a.date_modified')},
      'assignedUsers', coalesce(asg.list, '[]'), 'clients', coalesce(cl.list, '[]'), 'leads', coalesce(ld.list, '[]'),
      'activityPlans', coalesce(pl.list, '[]'), 'activityPlanNames', coalesce(pl.names, '[]')${assignment}) as item
    from unnest(${ids}) with ordinality as page(id, ord)
      join activities a on a.id = page.id
      left join tenants tn on tn.id = a.tenant_id
      left join activity_types ty on ty.id = a.activity_type_id
      left join activity_statuses st on st.id = a.status_id
      left join users cu on cu.id = a.created_user_id
      left join assignees asg on asg.activity_id = a.id
      left join clients_of cl on cl.activity_id = a.id
      left join leads_of ld on ld.activity_id = a.id
      left join plans_of pl on pl.activity_id = a.id${assignee ? `
      left join activity_assignments mine on mine.activity_id = a.id and mine.user_id = ${assignee}` : ''})
select ${'picked' in page ? '(select total from picked) as total, ' : ''}coalesce((select json_agg(item order by ord) from items), '[]')::text as rows`;
}
const ROWS_SQL = rowsSql({ ids: '$1::uuid[]' }, null);

/** List rows of the given activities, in the given order. */
export async function activityRows(q: Queryable, ids: readonly string[]): Promise<ActivityListItem[]> {
  if (ids.length === 0) return [];
  const [page] = await q.query<{ rows: string }>(ROWS_SQL, [ids]);
  return JSON.parse(page!.rows) as ActivityListItem[];
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
