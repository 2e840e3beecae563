/**
 * Activities as answered. The rows of a page are read by id once the page itself has been chosen
 * (in the same statement, activity-list.ts). Each activity's list item is kept ready in
 * activity_list_items by triggers (migration 009, which alone defines its shape); reading adds the
 * names of its tenant, type and status, which are not kept there so that renaming one of those
 * rewrites nothing.
 */
import type { Activity, ActivityFileInfo, ActivityListItem } from '@meridian/shared/contract/activity';
import type { Queryable } from '../../db/database';
import { personName } from '../../db/person-name';

/** SQL appending `,"key":value` for each field to the text of a JSON object that has lost its closing brace. */
const jsonFields = (fields: [key: string, sql: string][]) =>
  fields.map(([key, sql]) => `',"${key}":' || coalesce(to_json(${sql})::text, 'null')`).join(' || ');

/** What a list item shows that is joined on read (activity `a`, its status `st`, type `ty` and tenant `tn`). */
const JOINED_FIELDS: [string, string][] = [
  ['typeDesc', 'ty.name'],
  ['status', 'coalesce(st.name, a.status)'],
  ['statusText', 'coalesce(st.name, a.status)'],
  ['tenantName', 'tn.name'],
];
/** My Work's rows also carry the caller's own assignment (`mine`). */
const ASSIGNMENT_FIELDS: [string, string][] = [
  ['activityAssignmentId', 'mine.id'],
  ['assignmentStatusId', 'mine.status_id'],
  ['assignmentStatusText', 'mine.status_text'],
];

/**
 * SQL of one row holding a page of activities as the JSON text of their list items, in the page's
 * order (column "rows"). PostgreSQL writes the JSON, so the API neither parses the rows nor
 * serialises them again. The page is either `ids` (SQL of a uuid[]) or, with `picked`, the statement
 * that chooses it (columns ids and total; the total is answered as "total"), so that choosing and
 * reading a page is one round trip. `assignee` (SQL of a uuid) adds that user's assignment to each
 * row (My Work).
 */
export function rowsSql(page: { ids: string } | { picked: string }, assignee: string | null) {
  const picked = 'picked' in page;
  const ids = picked ? '(select ids from picked)::uuid[]' : page.ids;
  const fields = assignee ? [...JOINED_FIELDS, ...ASSIGNMENT_FIELDS] : JOINED_FIELDS;
  const mine = assignee
    ? `
      left join activity_assignments mine on mine.activity_id = a.id and mine.user_id = ${assignee}`
    : '';
  return `${picked ? `with picked as materialized (${page.picked})\n` : ''}select ${picked ? '(select total from picked) as total, ' : ''}'[' || coalesce((
    select string_agg(left(i.item, -1) || ${jsonFields(fields)} || '}', ',' order by page.ord)
    from unnest(${ids}) with ordinality as page(id, ord)
      join activities a on a.id = page.id
      join activity_list_items i on i.activity_id = a.id
      left join tenants tn on tn.id = a.tenant_id
      left join activity_types ty on ty.id = a.activity_type_id
      left join activity_statuses st on st.id = a.status_id${mine}), '') || ']' as rows`;
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
    `select ${FILE_COLUMNS} from activity_files f where f.activity_id = $1 and f.removed_at is null order by f.date_created, lower(f.file_name), f.id`,
    [activityId],
  );
}

/** One activity in full: its row, with its files listed (never their bytes). */
export async function fullActivity(q: Queryable, id: string): Promise<Activity> {
  const [row] = await activityRows(q, [id]);
  return { ...row!, files: await activityFiles(q, id) };
}
