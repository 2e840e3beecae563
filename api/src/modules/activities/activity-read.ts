/**
 * Activities as answered. The rows of a page are read by id after the page itself has been chosen,
 * so assignees, clients, leads and plans are gathered for those few rows only.
 */
import type { Activity, ActivityFileInfo, ActivityListItem } from '@meridian/shared/contract/activity';
import type { Queryable } from '../../db/database';
import { personName } from '../../db/person-name';

/**
 * The list rows of the activities `$1` (uuid[]), in that order: a page's few rows, each with its
 * assignees, clients, leads and plans gathered by index from that row (so the plan never depends on
 * how many clients or leads there are). `$2` (uuid or null) adds the assignment of that user to each
 * row (My Work).
 */
const ROWS_SQL = `
select a.id as "Id", a.parent_id as "parentId", a.name, a.description, a.activity_type_id as "activityTypeId", ty.name as "typeDesc",
  a.status_id as "statusId", coalesce(st.name, a.status) as status, coalesce(st.name, a.status) as "statusText",
  a.location, a.lat, a.lng, a.start_date as "startDate", a.end_date as "endDate", a.tenant_id as "tenantId", tn.name as "tenantName",
  a.created_user_id as "createdUserId", ${personName('cu')} as "createdBy", a.date_created as "dateCreated", a.date_modified as "dateModified",
  coalesce((select json_agg(json_build_object('Id', u.id, 'firstName', u.first_name, 'lastName', u.last_name,
      'activityAssignmentId', aa.id, 'statusId', aa.status_id, 'statusText', aa.status_text) order by u.first_name, u.last_name, u.id)
    from activity_assignments aa join users u on u.id = aa.user_id where aa.activity_id = a.id), '[]') as "assignedUsers",
  coalesce((select json_agg(json_build_object('Id', c.id, 'firstName', c.first_name, 'lastName', c.last_name) order by c.first_name, c.last_name, c.id)
    from activity_clients ac join clients c on c.id = ac.client_id and c.deleted_at is null where ac.activity_id = a.id), '[]') as clients,
  coalesce((select json_agg(json_build_object('Id', l.id, 'firstName', l.first_name, 'lastName', l.last_name) order by l.first_name, l.last_name, l.id)
    from activity_leads al join leads l on l.id = al.lead_id and l.deleted_at is null where al.activity_id = a.id), '[]') as leads,
  coalesce((select json_agg(json_build_object('Id', p.id, 'name', p.name) order by p.plan_date, p.name)
    from activity_plan_stops s join activity_plans p on p.id = s.plan_id and p.deleted_at is null where s.activity_id = a.id), '[]') as "activityPlans",
  coalesce((select json_agg(p.name order by p.plan_date, p.name)
    from activity_plan_stops s join activity_plans p on p.id = s.plan_id and p.deleted_at is null where s.activity_id = a.id), '[]') as "activityPlanNames",
  mine.id as "activityAssignmentId", mine.status_id as "assignmentStatusId", mine.status_text as "assignmentStatusText"
from unnest($1::uuid[]) with ordinality as page(id, ord) join activities a on a.id = page.id join tenants tn on tn.id = a.tenant_id
  left join activity_types ty on ty.id = a.activity_type_id
  left join activity_statuses st on st.id = a.status_id
  left join users cu on cu.id = a.created_user_id
  left join activity_assignments mine on mine.activity_id = a.id and mine.user_id = $2::uuid
order by page.ord`;

type Row = ActivityListItem & { activityAssignmentId: string | null; assignmentStatusId: string | null; assignmentStatusText: string | null };

/** List rows of the given activities, in the given order. With `assigneeId`, each row carries that user's assignment. */
export async function activityRows<T extends ActivityListItem = ActivityListItem>(q: Queryable, ids: readonly string[], assigneeId: string | null = null): Promise<T[]> {
  if (ids.length === 0) return [];
  const rows = await q.query<Row>(ROWS_SQL, [ids, assigneeId]);
  if (assigneeId) return rows as unknown as T[];
  return rows.map(({ activityAssignmentId: _a, assignmentStatusId: _s, assignmentStatusText: _t, ...row }) => row as T);
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
