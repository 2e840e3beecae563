/**
 * Writing checked rows to the model tables, inside the import's one transaction: rows are buffered and
 * written by multi-row statements (CSV_IMPORT_LIMITS.batchRows per statement). The checks each single
 * create makes against the database (the client, product or loan is seen by the caller; the product is
 * offered and the amount in its range; the loan is active and the date after its disbursement; a lead's
 * contact is new in its company) are made per batch with their look-ups cached, and a row that fails one
 * stops the import naming the row (the transaction then writes nothing). With `checkOnly` the same writers
 * make the same checks for the preview and the fixes (csv-import-db-check.ts) and write, lock and replay
 * nothing.
 *
 * Payments are allocated as the payments API allocates them: once every payment is written, each loan
 * that received some is replayed once (loans/loan-ledger.ts), not once per row.
 */
import { randomUUID } from 'node:crypto';
import type { ClientSave } from '@meridian/shared/contract/client';
import { CSV_IMPORT_LIMITS, type CsvImportModel } from '@meridian/shared/contract/csv-import';
import { digitsOnly, type LeadSave } from '@meridian/shared/contract/lead';
import type { LoanApply } from '@meridian/shared/contract/loan';
import type { LoanPaymentCreate } from '@meridian/shared/contract/loan-payment';
import { MESSAGES } from '@meridian/shared/messages';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { AppError } from '../../http/errors';
import { companyOf } from '../../tenancy/company-of';
import { inScope } from '../../tenancy/subtree';
import { visibleClient } from '../clients/client-access';
import { visibleProduct } from '../loan-products/loan-product-access';
import { changedFields } from '../loans/lending-history';
import { visibleLoan, type LoanRow } from '../loans/loan-access';
import { todayForTenant } from '../loans/loan-day';
import { offeredTo, productTerms, termsRefusal } from '../loans/loan-terms';
import { replayLoan } from '../loans/loan-ledger';
import { restatingMonthEnds } from '../loans/loan-month-ends';

/** A row the database refuses: the import stops and says which row, which column and why. */
export class RowFailure extends Error {
  constructor(
    readonly rowNumber: number,
    readonly reason: string,
    readonly column = 'row',
  ) {
    super(`Row ${rowNumber}: ${reason}`);
  }
}

export interface ImportWriter {
  add(rowNumber: number, input: Record<string, unknown>): Promise<void>;
  /** Writes what is buffered and whatever comes after the rows (the payments' replay). */
  finish(): Promise<void>;
}

export interface WriteContext {
  q: Queryable;
  scope: TenantScope;
  userId: string;
  /** Check the rows against the database only: no write, no lock, no replay. */
  checkOnly?: boolean;
  /** Where a check hands a refusal found per batch (a lead's duplicate) and goes on; without it the refusal is thrown. */
  refuse?: (failure: RowFailure) => void;
}

/** Runs `find`; a 404 (not seen by the caller) is null. */
async function seenOrNull<T>(find: () => Promise<T>): Promise<T | null> {
  try {
    return await find();
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
}

/** A memo of async look-ups by key. */
function cached<T>(load: (key: string) => Promise<T>) {
  const known = new Map<string, T>();
  return async (key: string) => {
    if (known.has(key)) return known.get(key)!;
    const value = await load(key);
    known.set(key, value);
    return value;
  };
}

/** Buffers rows and hands them to `write` a batch at a time. */
function batched<R>(write: (rows: R[]) => Promise<void>, after: () => Promise<void> = async () => undefined) {
  let rows: R[] = [];
  return {
    async push(row: R) {
      rows.push(row);
      if (rows.length >= CSV_IMPORT_LIMITS.batchRows) {
        const full = rows;
        rows = [];
        await write(full);
      }
    },
    async finish() {
      if (rows.length) await write(rows);
      rows = [];
      await after();
    },
  };
}

interface ChangeRow {
  tenantId: string;
  entity: 'loan' | 'payment';
  entityId: string;
  loanId: string;
  action: string;
  changes: Record<string, [unknown, unknown]>;
}

/** The lending history of a batch in one statement (what recordChange writes one at a time). */
async function recordChanges(c: WriteContext, rows: readonly ChangeRow[]) {
  await c.q.query(
    `insert into lending_changes (tenant_id, entity, entity_id, loan_id, action, changes, user_id)
     select v.tenant, v.entity, v.entity_id, v.loan_id, v.action, v.changes::jsonb, $7
     from unnest($1::uuid[], $2::text[], $3::uuid[], $4::uuid[], $5::text[], $6::text[]) with ordinality as v(tenant, entity, entity_id, loan_id, action, changes, ord)
     order by v.ord`,
    [
      rows.map((r) => r.tenantId),
      rows.map((r) => r.entity),
      rows.map((r) => r.entityId),
      rows.map((r) => r.loanId),
      rows.map((r) => r.action),
      rows.map((r) => JSON.stringify(r.changes)),
      c.userId,
    ],
  );
}

function clientsWriter(c: WriteContext): ImportWriter {
  const batch = batched<ClientSave>(async (rows) => {
    const col = <K extends keyof ClientSave>(key: K) => rows.map((r) => (r[key] ?? null) as unknown);
    await c.q.query(
      `insert into clients (tenant_id, first_name, last_name, email_address, mobile, id_number, date_of_birth, gender, address_line, city, postcode,
         country, created_user_id)
       select $1, v.fn, v.ln, v.em, v.mo, v.idn, v.dob, v.g, v.a, v.ci, v.pc, v.co, $2
       from unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::date[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[])
         as v(fn, ln, em, mo, idn, dob, g, a, ci, pc, co)`,
      [
        c.scope.tenantId,
        c.userId,
        col('firstName'),
        col('lastName'),
        col('emailAddress'),
        col('mobile'),
        col('idNumber'),
        col('dateOfBirth'),
        col('gender'),
        col('addressLine'),
        col('city'),
        col('postcode'),
        col('country'),
      ],
    );
  });
  // A client has nothing to check against the database.
  return { add: async (_rowNumber, input) => (c.checkOnly ? undefined : batch.push(input as ClientSave)), finish: () => batch.finish() };
}

function leadsWriter(c: WriteContext): ImportWriter {
  let companyPath: string | null = null;
  const seenNumbers = new Set<string>();
  const seenEmails = new Set<string>();
  const duplicate = () =>
    `${MESSAGES.leadDuplicateDetail} Another lead of the company (or an earlier row) has this contact number or e-mail address.`;
  const batch = batched<{ rowNumber: number; lead: LeadSave }>(async (rows) => {
    if (!companyPath) {
      companyPath = (await companyOf(c.q, c.scope.tenantId)).path;
      // The same lock the single create takes: two writers of one company's leads check one at a time.
      if (!c.checkOnly) await c.q.query(`select pg_advisory_xact_lock(hashtextextended($1, 0))`, [`leads:${companyPath}`]);
    }
    const p = sqlParams([rows.map((r) => r.lead.contactNumber), rows.map((r) => r.lead.emailAddress?.toLowerCase() ?? null)]);
    const taken = await c.q.query<{ contact: string; email: string | null }>(
      `select l.contact_number as contact, lower(l.email_address) as email from leads l
       where l.deleted_at is null and ${inScope('l.tenant_id', companyPath, p)}
         and (l.contact_number = any($1::text[]) or lower(l.email_address) = any($2::text[]))`,
      p.values,
    );
    for (const t of taken) {
      seenNumbers.add(t.contact);
      if (t.email) seenEmails.add(t.email);
    }
    for (const { rowNumber, lead } of rows) {
      const email = lead.emailAddress?.toLowerCase();
      const column = seenNumbers.has(lead.contactNumber) ? 'contactNumber' : email && seenEmails.has(email) ? 'emailAddress' : null;
      if (column) {
        const failure = new RowFailure(rowNumber, duplicate(), column);
        if (!c.refuse) throw failure;
        c.refuse(failure);
        continue;
      }
      seenNumbers.add(lead.contactNumber);
      if (email) seenEmails.add(email);
    }
    if (c.checkOnly) return;
    const ids = rows.map(() => randomUUID());
    const leads = rows.map((r) => r.lead);
    const phone = (l: LeadSave) => l.phonenumber ?? l.contactNumber;
    await c.q.query(
      `insert into leads (id, first_name, last_name, email_address, phonenumber, trimmed_phonenumber, country_code, contact_number, id_number, emp_number,
         location, latitude, longitude, tenant_id, status, source, created_by_user_id, consent_status, affordability_outcome)
       select v.id, v.fn, v.ln, v.em, v.ph, v.tph, v.cc, v.cn, v.idn, v.emp, v.loc, 0, 0, $1, v.st, 'IMPORT', $2, 'NONE PROVIDED', 'NONE'
       from unnest($3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[])
         as v(id, fn, ln, em, ph, tph, cc, cn, idn, emp, loc, st)`,
      [
        c.scope.tenantId,
        c.userId,
        ids,
        leads.map((l) => l.firstName),
        leads.map((l) => l.lastName),
        leads.map((l) => l.emailAddress ?? null),
        leads.map(phone),
        leads.map((l) => digitsOnly(phone(l))),
        leads.map((l) => l.countryCode ?? null),
        leads.map((l) => l.contactNumber),
        leads.map((l) => l.idNumber ?? null),
        leads.map((l) => l.empNumber ?? null),
        leads.map((l) => l.location ?? null),
        leads.map((l) => l.status ?? 'New'),
      ],
    );
    await c.q.query(
      `insert into lead_status_history (lead_id, status, changed_by_user_id) select v.id, v.st, $3 from unnest($1::uuid[], $2::text[]) as v(id, st)`,
      [ids, leads.map((l) => l.status ?? 'New'), c.userId],
    );
  });
  return { add: (rowNumber, input) => batch.push({ rowNumber, lead: input as LeadSave }), finish: () => batch.finish() };
}

function loansWriter(c: WriteContext): ImportWriter {
  const clientOf = cached((id) => seenOrNull(() => visibleClient(c.q, c.scope, id)));
  const productOf = cached(async (id) => {
    if (!(await seenOrNull(() => visibleProduct(c.q, c.scope, id)))) return null;
    return productTerms(c.q, id);
  });
  const offered = cached(async (key) => {
    const [productId, tenantId] = key.split('/');
    return offeredTo(c.q, productId!, tenantId!);
  });
  const today = cached((tenantId) => todayForTenant(c.q, tenantId));

  const batch = batched<{ id: string; tenantId: string; loan: LoanApply & { submittedOn: string } }>(async (rows) => {
    await c.q.query(
      `insert into loans (id, tenant_id, client_id, product_id, currency, principal_minor, instalments, interest_method, annual_rate_percent,
         repayment_frequency, fee_per_instalment_minor, grace_on_principal, grace_on_interest_payment, arrears_tolerance_minor, submitted_on,
         note, created_user_id)
       select v.id, v.tenant, v.client, lp.id, lp.currency, v.amount, v.n, lp.interest_method, lp.annual_rate_percent, lp.repayment_frequency,
         lp.fee_per_instalment_minor, lp.grace_on_principal, lp.grace_on_interest_payment, lp.arrears_tolerance_minor, v.sub, v.note, $1
       from unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::uuid[], $6::bigint[], $7::int[], $8::date[], $9::text[])
         with ordinality as v(id, tenant, client, product, amount, n, sub, note, ord)
       join loan_products lp on lp.id = v.product order by v.ord`,
      [
        c.userId,
        rows.map((r) => r.id),
        rows.map((r) => r.tenantId),
        rows.map((r) => r.loan.clientId),
        rows.map((r) => r.loan.productId),
        rows.map((r) => String(r.loan.principalMinor)),
        rows.map((r) => r.loan.instalments),
        rows.map((r) => r.loan.submittedOn),
        rows.map((r) => r.loan.note ?? null),
      ],
    );
    await recordChanges(
      c,
      rows.map((r) => ({
        tenantId: r.tenantId,
        entity: 'loan',
        entityId: r.id,
        loanId: r.id,
        action: 'submitted (CSV import)',
        changes: changedFields(
          {},
          {
            status: 'submitted',
            clientId: r.loan.clientId,
            productId: r.loan.productId,
            principalMinor: String(r.loan.principalMinor),
            instalments: r.loan.instalments,
            submittedOn: r.loan.submittedOn,
          },
        ),
      })),
    );
  });

  return {
    async add(rowNumber, input) {
      const loan = input as LoanApply;
      const client = await clientOf(loan.clientId);
      if (!client) throw new RowFailure(rowNumber, 'There is no such client.', 'clientId');
      const product = await productOf(loan.productId);
      if (!product) throw new RowFailure(rowNumber, 'There is no such loan product.', 'productId');
      const refusal = termsRefusal(product, await offered(`${product.id}/${client.tenantId}`), loan);
      // The terms name the application's fields; the file's column for the principal is `amount`.
      if (refusal) throw new RowFailure(rowNumber, refusal.message, refusal.field === 'principalMinor' ? 'amount' : refusal.field);
      if (c.checkOnly) return;
      const submittedOn = loan.submittedOn ?? (await today(client.tenantId));
      await batch.push({ id: randomUUID(), tenantId: client.tenantId, loan: { ...loan, submittedOn } });
    },
    finish: () => batch.finish(),
  };
}

function paymentsWriter(c: WriteContext): ImportWriter {
  // Each loan is locked when first met and stays locked to the end: nobody pays it in between.
  const loanOf = cached((id) => seenOrNull(() => visibleLoan(c.q, c.scope, id, { lock: !c.checkOnly })));
  const today = cached((tenantId) => todayForTenant(c.q, tenantId));
  const touched = new Map<string, LoanRow>();
  // Per loan, its earliest payment of the file: the past month-ends from it on are restated with its replay.
  const earliestPaid = new Map<string, string>();

  const batch = batched<{ id: string; loan: LoanRow; payment: LoanPaymentCreate }>(
    async (rows) => {
      await c.q.query(
        `insert into loan_payments (id, loan_id, tenant_id, amount_minor, paid_on, reference, created_user_id)
         select v.id, v.loan, v.tenant, v.amount, v.paid, v.ref, $1
         from unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::bigint[], $6::date[], $7::text[]) with ordinality as v(id, loan, tenant, amount, paid, ref, ord)
         order by v.ord`,
        [
          c.userId,
          rows.map((r) => r.id),
          rows.map((r) => r.loan.id),
          rows.map((r) => r.loan.tenant_id),
          rows.map((r) => String(r.payment.amountMinor)),
          rows.map((r) => r.payment.paidOn),
          rows.map((r) => r.payment.reference ?? null),
        ],
      );
      await recordChanges(
        c,
        rows.map((r) => ({
          tenantId: r.loan.tenant_id,
          entity: 'payment',
          entityId: r.id,
          loanId: r.loan.id,
          action: 'payment taken (CSV import)',
          changes: changedFields(
            {},
            { amountMinor: String(r.payment.amountMinor), paidOn: r.payment.paidOn, reference: r.payment.reference ?? null },
          ),
        })),
      );
    },
    async () => {
      // One replay per loan, after all its payments are in.
      // The payments are in with no allocation yet, so the positions read before the replay are those before the file.
      for (const loan of touched.values())
        await restatingMonthEnds(c.q, loan.id, earliestPaid.get(loan.id)!, async () =>
          replayLoan(c.q, loan, await today(loan.tenant_id), c.userId),
        );
    },
  );

  return {
    async add(rowNumber, input) {
      const payment = input as LoanPaymentCreate;
      const loan = await loanOf(payment.loanId);
      if (!loan) throw new RowFailure(rowNumber, 'There is no such loan.', 'loanId');
      if (loan.status !== 'active')
        throw new RowFailure(rowNumber, `A loan that is ${loan.status} takes no payments; only an active loan does.`, 'loanId');
      if (loan.disbursed_on && payment.paidOn < loan.disbursed_on)
        throw new RowFailure(rowNumber, `A payment cannot be dated before the loan was disbursed (${loan.disbursed_on}).`, 'paidOn');
      if (payment.paidOn > (await today(loan.tenant_id)))
        throw new RowFailure(rowNumber, 'A payment cannot be dated in the future.', 'paidOn');
      if (c.checkOnly) return;
      touched.set(loan.id, loan);
      const earliest = earliestPaid.get(loan.id);
      if (!earliest || payment.paidOn < earliest) earliestPaid.set(loan.id, payment.paidOn);
      await batch.push({ id: randomUUID(), loan, payment });
    },
    finish: () => batch.finish(),
  };
}

const WRITERS: Record<CsvImportModel, (c: WriteContext) => ImportWriter> = {
  clients: clientsWriter,
  leads: leadsWriter,
  loans: loansWriter,
  payments: paymentsWriter,
};

export const importWriter = (model: CsvImportModel, c: WriteContext) => WRITERS[model](c);
