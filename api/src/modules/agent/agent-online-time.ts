/**
 * Time online (in the field) per agent from their start-day and stop-day actions: the agent summary report,
 * the agent's dashboard and the standard sales agent report read it.
 */
import { AGENT_ACTION } from '@meridian/shared/constants';
import type { Queryable } from '../../db/database';

/**
 * Seconds online per agent ($1 user ids) in the window [$2, $3): each start-day action (1) counts
 * until the agent's next start or stop action, clipped to the window and to now. A day started in
 * the 24 hours before the window still counts from the window's start.
 */
const ONLINE_SECONDS_SQL = `
select s.uid as "userId", coalesce(sum(greatest(0, extract(epoch from least(s.until, $3::timestamptz, now()) - greatest(s.at, $2::timestamptz)))), 0)::float8 as seconds
from (
  select x.performed_by_user_id as uid, x.action, x.date_created as at,
    coalesce(lead(x.date_created) over (partition by x.performed_by_user_id order by x.date_created, x.id), 'infinity'::timestamptz) as until
  from agent_actions x
  where x.performed_by_user_id = any($1::uuid[]) and x.action in (${AGENT_ACTION.OFFLINE}, ${AGENT_ACTION.ONLINE})
    and x.date_created < $3::timestamptz and x.date_created >= $2::timestamptz - interval '1 day'
) s
where s.action = ${AGENT_ACTION.ONLINE} and s.until > $2::timestamptz
group by s.uid`;

export async function onlineMinutes(q: Queryable, userIds: string[], start: Date, end: Date) {
  const rows = await q.query<{ userId: string; seconds: number }>(ONLINE_SECONDS_SQL, [userIds, start, end]);
  return new Map(rows.map((r) => [r.userId, Math.round(r.seconds / 60)]));
}
