/**
 * The USSD demo (issue 21): Meridian Lending's service code *120*5#, five borrowers with active loans
 * registered with the demo PIN 2468, and a month of sessions (balances, next instalments, statements,
 * some wrong PINs and abandoned menus) so the USSD lists and dashboard show something real. After the
 * loans demo, whose borrowers it registers; once per database.
 */
import type { Database, Queryable } from '../db/database';
import { hashPassword } from '../auth/passwords';
import { pathWithin } from '../tenancy/subtree';

export const DEMO_USSD = { serviceCode: '*120*5#', pin: '2468' } as const;

/** Session shapes: the steps typed after the dial, the last step's menu choice, the outcome. */
const SHAPES = [
  { steps: ['****', '1'], choice: 'balance', outcome: 'balance', completed: true },
  { steps: ['****', '2'], choice: 'next-instalment', outcome: 'next-instalment', completed: true },
  { steps: ['****', '3'], choice: 'statement', outcome: 'statement', completed: true },
  { steps: ['****', '1'], choice: 'balance', outcome: 'balance', completed: true },
  { steps: ['****'], choice: null, outcome: 'wrong-pin', completed: false },
  { steps: ['****'], choice: null, outcome: null, completed: false },
  { steps: ['****', '0'], choice: 'exit', outcome: 'exit', completed: true },
] as const;

export async function seedDemoUssd(db: Database) {
  const done = await db.one(`select 1 from system_settings where key = 'demo_ussd_seeded'`);
  if (done) return;
  const pinHash = await hashPassword(DEMO_USSD.pin);
  await db.tx(async (q) => {
    const marked = await q.one(
      `insert into system_settings (key, value) values ('demo_ussd_seeded', now()::text) on conflict do nothing returning key`,
    );
    const lending = await q.one<{ id: string }>(`select id from tenants where name = 'Meridian Lending' and deleted_at is null`);
    if (!marked || !lending) return;
    await q.query(`insert into ussd_service_codes (service_code, tenant_id) values ($1, $2) on conflict do nothing`, [
      DEMO_USSD.serviceCode,
      lending.id,
    ]);
    const borrowers = await registerBorrowers(q, lending.id, pinHash);
    await writeSessions(q, borrowers);
  });
}

interface Borrower {
  clientId: string;
  tenantId: string;
  mobile: string;
}

async function registerBorrowers(q: Queryable, lendingId: string, pinHash: string): Promise<Borrower[]> {
  const borrowers = await q.query<Borrower>(
    `select distinct on (c.id) c.id as "clientId", c.tenant_id as "tenantId", c.mobile
     from loans l join clients c on c.id = l.client_id join tenants t on t.id = c.tenant_id join tenants lt on lt.id = $1
     where l.status = 'active' and c.mobile is not null and c.deleted_at is null and ${pathWithin('t.path', 'lt.path')}
     order by c.id, l.disbursed_on desc limit 5`,
    [lendingId],
  );
  for (const b of borrowers)
    await q.query(
      `insert into ussd_registrations (client_id, tenant_id, phone_key, pin_hash, date_created)
       values ($1, $2, right(regexp_replace($3, '[^0-9]', '', 'g'), 9), $4, now() - interval '40 days')`,
      [b.clientId, b.tenantId, b.mobile, pinHash],
    );
  return borrowers;
}

/** Two sessions a day or so over the last 30 days, as the borrowers would dial. */
async function writeSessions(q: Queryable, borrowers: Borrower[]) {
  if (borrowers.length === 0) return;
  for (let n = 0; n < 60; n++) {
    const b = borrowers[n % borrowers.length]!;
    const shape = SHAPES[(n * 5) % SHAPES.length]!;
    const minutesAgo = Math.round(((n * 30 * 24 * 60) / 60) % (30 * 24 * 60)) + 7;
    const phone = `+27${b.mobile.replace(/\D/g, '').slice(-9)}`;
    const session = await q.one<{ id: string }>(
      `insert into ussd_sessions (session_id, service_code, tenant_id, phone, client_id, started_at, last_step_at, steps, completed, outcome)
       values ($1, $2, $3, $4, $5, now() - make_interval(mins => $6), now() - make_interval(mins => $6) + interval '40 seconds', $7, $8, $9)
       returning id`,
      [`demo-${n}`, DEMO_USSD.serviceCode, b.tenantId, phone, b.clientId, minutesAgo, shape.steps.length, shape.completed, shape.outcome],
    );
    const typed = ['', ...shape.steps];
    for (const [seq, input] of typed.entries()) {
      const last = seq === typed.length - 1;
      await q.query(
        `insert into ussd_session_steps (session_id, seq, input, choice, reply, date_created)
         values ($1, $2, $3, $4, $5, now() - make_interval(mins => $6) + make_interval(secs => $7))`,
        [session!.id, seq, input, last ? shape.choice : null, last && shape.outcome ? 'END' : 'CON', minutesAgo, seq * 10],
      );
    }
  }
}
