/** Marking tracking notifications read for one operator: some of them, or everything up to now. */
import type { Queryable } from '../../db/database';

/** Marks the given (visible) notifications read; one already read stays as it was. Answers how many were new. */
export async function markRead(q: Queryable, userId: string, ids: readonly string[]): Promise<number> {
  if (!ids.length) return 0;
  const rows = await q.query(
    `insert into tracking_notification_reads (user_id, notification_id)
       select $1, id from unnest($2::uuid[]) as ids(id)
      where not exists (select 1 from tracking_notification_marks m
                          join tracking_notifications n on n.id = ids.id
                         where m.user_id = $1 and n.date_created <= m.read_before)
     on conflict do nothing
     returning notification_id`,
    [userId, ids],
  );
  return rows.length;
}

/**
 * Everything up to now is read: the watermark moves forward (never back), and the single reads it
 * now covers are dropped, so a user's read state stays a few rows however long they work. Answers
 * the watermark.
 */
export async function markAllRead(q: Queryable, userId: string): Promise<Date> {
  const mark = await q.one<{ read_before: Date }>(
    `insert into tracking_notification_marks (user_id, read_before) values ($1, now())
     on conflict (user_id) do update set read_before = greatest(tracking_notification_marks.read_before, excluded.read_before)
     returning read_before`,
    [userId],
  );
  await q.query(
    `delete from tracking_notification_reads r using tracking_notifications n
      where r.user_id = $1 and n.id = r.notification_id and n.date_created <= $2`,
    [userId, mark!.read_before],
  );
  return mark!.read_before;
}
