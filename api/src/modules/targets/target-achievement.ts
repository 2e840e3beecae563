/** What each target has achieved so far, counted from activities, leads and clients (see TARGET_METRICS). */
import { LEAD_CONVERTED_STATUS, TARGET_COMPLETED_STATUS_NAMES } from '@meridian/shared/contract/target';
import type { Queryable } from '../../db/database';

const COMPLETED = TARGET_COMPLETED_STATUS_NAMES.map((name) => name.toLowerCase());
/** The local day (time zone $2) of an instant lies in the target's period. */
const inPeriod = (instant: string) => `(${instant} at time zone $2::text)::date between tg.period_start and tg.period_end`;
const ASSIGNMENTS = `from activity_assignments aa join activities a on a.id = aa.activity_id left join activity_statuses s on s.id = aa.status_id
  where aa.user_id = any(tg.people) and a.deleted_at is null and ${inPeriod('a.start_date')}`;

/**
 * Achieved counts of the targets ($1), with days read in `timeZone`. A team target counts its
 * current members; a user target its user.
 */
const ACHIEVED_SQL = `
with tg as (
  select st.id, st.metric, st.period_start, st.period_end,
    case when st.user_id is not null then array[st.user_id] else array(select m.user_id from team_members m where m.team_id = st.team_id) end as people
  from sales_targets st where st.id = any($1::uuid[])
)
select tg.id, (case tg.metric
  when 'ACTIVITIES_COMPLETED' then (select count(*) ${ASSIGNMENTS} and lower(coalesce(aa.status_text, s.name, '')) = any($3::text[]))
  when 'ACTIVITIES_PLANNED' then (select count(*) ${ASSIGNMENTS})
  when 'LEADS_CREATED' then (select count(*) from leads l where l.created_by_user_id = any(tg.people) and l.deleted_at is null and ${inPeriod('l.date_created')})
  when 'LEADS_CONVERTED' then (select count(*) from leads l
    where coalesce(l.assigned_user_id, l.created_by_user_id) = any(tg.people) and l.deleted_at is null and lower(l.status) = lower($4)
      and ${inPeriod(`coalesce((select max(h.date_created) from lead_status_history h where h.lead_id = l.id and lower(h.status) = lower($4)), l.date_modified)`)})
  when 'CLIENTS_ADDED' then (select count(*) from clients c where c.created_user_id = any(tg.people) and c.deleted_at is null and ${inPeriod('c.date_created')})
  else 0 end)::int as achieved
from tg`;

/** The target rows with `achieved` and `progress` (achieved / targetValue, to 4 decimals). */
export async function withAchievement<T extends { Id: string; targetValue: number }>(q: Queryable, targets: T[], timeZone: string) {
  if (targets.length === 0) return [];
  const rows = await q.query<{ id: string; achieved: number }>(ACHIEVED_SQL, [
    targets.map((t) => t.Id),
    timeZone,
    COMPLETED,
    LEAD_CONVERTED_STATUS,
  ]);
  const achieved = new Map(rows.map((r) => [r.id, r.achieved]));
  return targets.map((t) => {
    const count = achieved.get(t.Id) ?? 0;
    return { ...t, achieved: count, progress: Math.round((count / t.targetValue) * 10_000) / 10_000 };
  });
}
