/** Checks of the activity list items kept ready by migration 009's triggers. */
import type { Queryable } from '../../src/db/database';

/**
 * How many activities have no kept list item, or one that differs from an item built afresh from
 * their rows now (0 when the triggers kept every item up to date).
 */
export async function staleListItems(q: Queryable): Promise<number> {
  const row = await q.one<{ n: number }>(
    `select count(*)::int as n from activities a
       left join activity_list_items kept on kept.activity_id = a.id
       left join activity_list_items_of(array(select id from activities)) fresh on fresh.activity_id = a.id
     where kept.item is distinct from fresh.item`,
  );
  return row!.n;
}
