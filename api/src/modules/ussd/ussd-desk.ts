/**
 * What the USSD menu reads and writes, for one caller of one service code: the caller found by the national
 * part of their number among the clients of the code's subtree, their PIN (argon2id) and its lock, and their
 * active loans' balance, next instalment and last payments, written for a phone's small screen.
 */
import { USSD_LIMITS } from '@meridian/shared/contract/ussd';
import { formatMinor } from '@meridian/shared/money-text';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import type { Queryable } from '../../db/database';
import { pathWithin } from '../../tenancy/subtree';
import type { UssdDesk } from './ussd-menu';

/** The national number a phone ends with: +27 82 123 4567 and 082 123 4567 are the same caller. */
export const phoneKeyOf = (phone: string) => phone.replace(/\D/g, '').slice(-USSD_LIMITS.comparedDigits);
const PHONE_KEY_SQL = `right(regexp_replace(c.mobile, '[^0-9]', '', 'g'), ${USSD_LIMITS.comparedDigits})`;

/** A phone's screen shows plain spaces: the locale's narrow and non-breaking ones become ordinary. */
const money = (minor: string, currency: string) => formatMinor(Number(minor), currency).replace(/[\u00a0\u202f]/g, ' ');

export interface ServiceTenant {
  tenantId: string;
  sellerName: string;
}

export async function serviceTenantOf(q: Queryable, serviceCode: string): Promise<ServiceTenant | null> {
  return q.one<ServiceTenant>(
    `select t.id as "tenantId", t.name as "sellerName" from ussd_service_codes s join tenants t on t.id = s.tenant_id
     where s.service_code = $1 and t.deleted_at is null`,
    [serviceCode],
  );
}

export interface CallerRecord {
  clientId: string;
  clientTenantId: string;
  firstName: string;
  registrationId: string | null;
  pinHash: string | null;
  lockedForMinutes: number;
}

/** The caller among the live clients of the service's subtree (the most recent client with that number). */
export async function callerOf(q: Queryable, service: ServiceTenant, phone: string): Promise<CallerRecord | null> {
  return q
    .one<CallerRecord>(
      `select c.id as "clientId", c.tenant_id as "clientTenantId", c.first_name as "firstName", r.id as "registrationId",
       r.pin_hash as "pinHash",
       coalesce(ceil(extract(epoch from (r.locked_until - now())) / 60)::int, 0) as "lockedForMinutes"
     from tenants st join tenants ct on ${pathWithin('ct.path', 'st.path')} and ct.deleted_at is null
     join clients c on c.tenant_id = ct.id and c.deleted_at is null and c.mobile is not null
     left join ussd_registrations r on r.client_id = c.id and r.status = 'active'
     where st.id = $1 and ${PHONE_KEY_SQL} = $2
     order by (r.id is not null) desc, c.date_created desc limit 1`,
      [service.tenantId, phoneKeyOf(phone)],
    )
    .then((row) => (row ? { ...row, lockedForMinutes: Math.max(0, Number(row.lockedForMinutes)) } : null));
}

/** The desk the menu works with, for this caller. */
export function ussdDesk(q: Queryable, service: ServiceTenant, serviceCode: string, phone: string, caller: CallerRecord | null): UssdDesk {
  const clientId = caller?.clientId ?? '';
  return {
    sellerName: service.sellerName,
    serviceCode,
    caller: caller && { firstName: caller.firstName, hasPin: caller.pinHash !== null, lockedForMinutes: caller.lockedForMinutes },
    pinMatches: (pin) => verifyPassword(caller?.pinHash ?? null, pin),
    async wrongPin() {
      const row = await q.one<{ failed: number }>(
        `update ussd_registrations set
           failed_pins = case when failed_pins + 1 >= $2 then 0 else failed_pins + 1 end,
           locked_until = case when failed_pins + 1 >= $2 then now() + make_interval(mins => $3) else locked_until end,
           date_modified = now()
         where id = $1 returning case when locked_until > now() then $2 else failed_pins end as failed`,
        [caller!.registrationId, USSD_LIMITS.maxPinFailures, USSD_LIMITS.lockMinutes],
      );
      return USSD_LIMITS.maxPinFailures - Number(row!.failed);
    },
    async rightPin() {
      await q.query(`update ussd_registrations set failed_pins = 0, locked_until = null where id = $1 and failed_pins > 0`, [
        caller!.registrationId,
      ]);
    },
    async setPin(pin) {
      const pinHash = await hashPassword(pin);
      if (caller!.registrationId) {
        await q.query(
          `update ussd_registrations set pin_hash = $2, failed_pins = 0, locked_until = null, date_modified = now() where id = $1`,
          [caller!.registrationId, pinHash],
        );
        return;
      }
      await q.query(`insert into ussd_registrations (client_id, tenant_id, phone_key, pin_hash) values ($1, $2, $3, $4)`, [
        clientId,
        caller!.clientTenantId,
        phoneKeyOf(phone),
        pinHash,
      ]);
    },
    balanceText: () => balanceText(q, clientId),
    nextInstalmentText: () => nextInstalmentText(q, clientId),
    statementText: () => statementText(q, clientId),
  };
}

async function balanceText(q: Queryable, clientId: string) {
  const loans = await q.query<{ outstanding: string; currency: string; arrearsDays: number }>(
    `select outstanding_minor::text as outstanding, currency, arrears_days as "arrearsDays" from loans
     where client_id = $1 and status = 'active' order by disbursed_on, id limit 3`,
    [clientId],
  );
  if (loans.length === 0) return 'You have no active loan.';
  return loans
    .map((l, i) => `Loan ${i + 1}: ${money(l.outstanding, l.currency)} owed${l.arrearsDays > 0 ? `, ${l.arrearsDays} days late` : ''}.`)
    .join('\n');
}

async function nextInstalmentText(q: Queryable, clientId: string) {
  const next = await q.one<{ dueDate: string; owed: string; currency: string }>(
    `select to_char(i.due_date, 'YYYY-MM-DD') as "dueDate", l.currency,
       (i.principal_minor + i.interest_minor + i.fee_minor - i.paid_principal_minor - i.paid_interest_minor - i.paid_fee_minor)::text as owed
     from loans l join loan_instalments i on i.loan_id = l.id
     where l.client_id = $1 and l.status = 'active'
       and i.principal_minor + i.interest_minor + i.fee_minor > i.paid_principal_minor + i.paid_interest_minor + i.paid_fee_minor
     order by i.due_date, l.id, i.number limit 1`,
    [clientId],
  );
  return next ? `Next instalment: ${money(next.owed, next.currency)} due ${next.dueDate}.` : 'Nothing is due on your loans.';
}

async function statementText(q: Queryable, clientId: string) {
  const payments = await q.query<{ paidOn: string; amount: string; currency: string }>(
    `select to_char(p.paid_on, 'YYYY-MM-DD') as "paidOn", p.amount_minor::text as amount, l.currency
     from loan_payments p join loans l on l.id = p.loan_id
     where l.client_id = $1 and p.reversed_at is null order by p.paid_on desc, p.id desc limit 5`,
    [clientId],
  );
  if (payments.length === 0) return 'No payments yet.';
  return ['Last payments:', ...payments.map((p) => `${p.paidOn} ${money(p.amount, p.currency)}`)].join('\n');
}
