/**
 * The change history of products, loans and payments (issue 21): every write records who, when, and
 * each changed field as [before, after]. Read back with the loan (its own changes and its payments')
 * and with the product.
 */
import type { LendingChange } from '@meridian/shared/contract/loan-product';
import type { Queryable } from '../../db/database';

export type LendingEntity = 'product' | 'loan' | 'payment';
export type FieldValues = Record<string, unknown>;

/** The fields whose values differ, as [before, after]; a new row's `before` is an empty object. */
export function changedFields(before: FieldValues, after: FieldValues): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of Object.keys(after)) {
    const was = before[key] ?? null;
    const now = after[key] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[key] = [was, now];
  }
  return changes;
}

export interface ChangeRecord {
  tenantId: string;
  entity: LendingEntity;
  entityId: string;
  loanId: string | null;
  action: string;
  changes: Record<string, [unknown, unknown]>;
  userId: string | null;
}

export async function recordChange(q: Queryable, change: ChangeRecord) {
  await q.query(
    `insert into lending_changes (tenant_id, entity, entity_id, loan_id, action, changes, user_id) values ($1, $2, $3, $4, $5, $6::jsonb, $7)`,
    [change.tenantId, change.entity, change.entityId, change.loanId, change.action, JSON.stringify(change.changes), change.userId],
  );
}

const CHANGE_COLUMNS = `h.id, h.entity, h.entity_id as "entityId", h.action, h.changes, h.user_id as "userId",
  case when u.id is null then null else u.first_name || ' ' || u.last_name end as "userName", h.date_created as "dateCreated"`;

/** A product's changes, oldest first. */
export const productHistory = (q: Queryable, productId: string) =>
  q.query<LendingChange>(
    `select ${CHANGE_COLUMNS} from lending_changes h left join users u on u.id = h.user_id where h.entity_id = $1 order by h.seq`,
    [productId],
  );

/** A loan's changes and its payments', oldest first. */
export const loanHistory = (q: Queryable, loanId: string) =>
  q.query<LendingChange>(
    `select ${CHANGE_COLUMNS} from lending_changes h left join users u on u.id = h.user_id where h.loan_id = $1 order by h.seq`,
    [loanId],
  );
