/** Who may do what with payments, and which a caller sees: a payment lives in its loan's tenant; elsewhere it answers 404. */
import { clientPaperwork } from '@meridian/shared/contract/areas/sales';
import type { TenantScope } from '../../auth/principal';
import { allow } from '../../auth/allow';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { notFound } from '../../http/errors';
import { inScope } from '../../tenancy/subtree';

export const PAYMENT_READERS = allow(clientPaperwork, 'readPayments');
export const PAYMENT_TAKERS = allow(clientPaperwork, 'takePayment');
export const PAYMENT_REVERSERS = allow(clientPaperwork, 'reversePayment');

export interface PaymentRow {
  id: string;
  loan_id: string;
  tenant_id: string;
  amount_minor: string;
  paid_on: string;
  channel: string;
  reference: string | null;
  reversed: boolean;
}

const PAYMENT_ROW = `p.id, p.loan_id, p.tenant_id, p.amount_minor::text, p.paid_on::text, p.channel, p.reference, p.reversed_at is not null as reversed`;

export async function visiblePayment(q: Queryable, scope: TenantScope, id: string): Promise<PaymentRow> {
  const p = sqlParams([id]);
  const row = await q.one<PaymentRow>(
    `select ${PAYMENT_ROW} from loan_payments p where p.id = $1 and ${inScope('p.tenant_id', scope, p)}`,
    p.values,
  );
  if (!row) throw notFound('Payment');
  return row;
}

/** The payment again once its loan is locked (the loan is always locked first, so two writes never deadlock). */
export const lockedPayment = async (q: Queryable, id: string) =>
  (await q.one<PaymentRow>(`select ${PAYMENT_ROW} from loan_payments p where p.id = $1 for update of p`, [id]))!;
