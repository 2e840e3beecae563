/**
 * Who may do what with consent forms, and which a caller sees: a form lives in its loan's tenant, so it is
 * seen exactly where its loan is; another company's form answers 404 like one that does not exist.
 */
import { consentForms } from '@meridian/shared/contract/areas/sales';
import type { TenantScope } from '../../auth/principal';
import { allow } from '../../auth/allow';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { notFound } from '../../http/errors';
import { inScope } from '../../tenancy/subtree';

export const CONSENT_READERS = allow(consentForms, 'read');
export const CONSENT_CAPTURERS = allow(consentForms, 'capture');
export const CONSENT_VOIDERS = allow(consentForms, 'void');

export interface ConsentRow {
  id: string;
  tenant_id: string;
  loan_id: string;
  signature_file: string;
  voided: boolean;
}

/** The form if it lies in the caller's subtree, else 404; with `lock`, locked until the transaction ends. */
export async function visibleConsent(q: Queryable, scope: TenantScope, id: string, options: { lock?: boolean } = {}): Promise<ConsentRow> {
  const p = sqlParams([id]);
  const row = await q.one<ConsentRow>(
    `select lc.id, lc.tenant_id, lc.loan_id, lc.signature_file, lc.voided_at is not null as voided from loan_consents lc
     where lc.id = $1 and ${inScope('lc.tenant_id', scope, p)}${options.lock ? ' for update of lc' : ''}`,
    p.values,
  );
  if (!row) throw notFound('Consent form');
  return row;
}
