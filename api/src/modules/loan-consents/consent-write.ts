/**
 * Consent form writes. Capturing locks the loan (so it cannot be disbursed or rejected while its paperwork
 * is stored) and accepts it only while the loan is submitted or approved: paperwork after the money is
 * out, or for a loan that was refused, would be meaningless (409). A form is never edited; voiding marks
 * it (who, when, why) and keeps it, as paper would be struck through and filed.
 */
import { CONSENT_KIND_NAMES, CONSENT_LOAN_STATES, type ConsentCreate, type ConsentVoid } from '@meridian/shared/contract/loan-consent';
import type { Queryable } from '../../db/database';
import { conflict } from '../../http/errors';
import { recordChange } from '../loans/lending-history';
import type { LoanRow } from '../loans/loan-access';
import type { ConsentRow } from './consent-access';

export function assertLoanTakesPaperwork(loan: LoanRow) {
  if (!(CONSENT_LOAN_STATES as readonly string[]).includes(loan.status))
    throw conflict(
      `A loan that is ${loan.status} takes no consent forms; only a submitted or approved application does, before it is disbursed.`,
    );
}

export async function insertConsent(
  q: Queryable,
  loan: LoanRow,
  input: ConsentCreate,
  stored: { id: string; file: string; bytes: number },
  userId: string,
) {
  assertLoanTakesPaperwork(loan);
  const guarantor = input.kind === 'guarantor' ? input : null;
  await q.query(
    `insert into loan_consents (id, tenant_id, loan_id, kind, signer_name, id_number, phone, marriage_regime, address, relationship,
       monthly_income_minor, guaranteed_minor, signed_place, signature_file, signature_bytes, captured_user_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::bigint, $12::bigint, $13, $14, $15, $16)`,
    [
      stored.id,
      loan.tenant_id,
      loan.id,
      input.kind,
      input.signerName,
      input.idNumber,
      input.phone,
      input.kind === 'spousal' ? input.marriageRegime : null,
      guarantor?.address ?? null,
      guarantor?.relationship ?? null,
      guarantor ? String(guarantor.monthlyIncomeMinor) : null,
      guarantor ? String(guarantor.guaranteedMinor) : null,
      input.signedPlace,
      stored.file,
      stored.bytes,
      userId,
    ],
  );
  // The loan's history names the form by id only: the signer's name and ID number stay in the form.
  await recordChange(q, {
    tenantId: loan.tenant_id,
    entity: 'loan',
    entityId: loan.id,
    loanId: loan.id,
    action: `${CONSENT_KIND_NAMES[input.kind].toLowerCase()} captured`,
    changes: { consentFormId: [null, stored.id] },
    userId,
  });
}

export async function voidConsent(q: Queryable, consent: ConsentRow, input: ConsentVoid, userId: string) {
  if (consent.voided) throw conflict('This form is already void.');
  await q.query(`update loan_consents set voided_at = now(), voided_user_id = $2, void_reason = $3 where id = $1`, [
    consent.id,
    userId,
    input.reason,
  ]);
  await recordChange(q, {
    tenantId: consent.tenant_id,
    entity: 'loan',
    entityId: consent.loan_id,
    loanId: consent.loan_id,
    action: 'consent form voided',
    changes: { consentFormId: [consent.id, null], voidReason: [null, input.reason] },
    userId,
  });
}
