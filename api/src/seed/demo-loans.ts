/**
 * The lending demo (issue 21): four loan products of Meridian Lending (ZAR) and a portfolio of loans over
 * the last 18 months for borrowers of its branches and teams, with repayments as borrowers really make
 * them (most on time, some late or short, a few who stop paying, a few who settle early), so that the
 * arrears, closed loans and write-offs the reports count are real numbers.
 *
 * Deterministic (a seeded generator; dates relative to today so the portfolio stays current) and fast:
 * everything is computed in memory with the same schedule and allocation code the API uses, then written
 * in a few batched statements. The portfolio's size is SEED_DEMO_LOANS (default 3,000). Its own marker.
 */
import { repaymentSchedule, type ScheduledInstalment } from '@meridian/shared/lending/repayment-schedule';
import { addDays, addPeriods, type RepaymentFrequency } from '@meridian/shared/lending/schedule-dates';
import { arrearsDays, outstandingOf, replayPayments, type PaymentToApply } from '@meridian/shared/lending/payment-allocation';
import { allocationsOf } from '../modules/loans/loan-ledger';
import type { Database, Queryable } from '../db/database';

export const DEMO_LOANS_DEFAULT = 3_000;
const PORTFOLIO_DAYS = 548;

interface DemoProduct {
  name: string;
  category: string;
  method: 'declining-balance' | 'flat';
  rate: string;
  frequency: RepaymentFrequency;
  minAmount: number;
  maxAmount: number;
  minTerm: number;
  maxTerm: number;
  fee: number;
  graceOnPrincipal: number;
  tolerance: number;
  /** Share of the portfolio. */
  weight: number;
}

/** Amounts in cents. */
export const DEMO_LOAN_PRODUCTS: DemoProduct[] = [
  {
    name: 'Personal loan',
    category: 'CS',
    method: 'declining-balance',
    rate: '28.5',
    frequency: 'monthly',
    minAmount: 500_000,
    maxAmount: 5_000_000,
    minTerm: 6,
    maxTerm: 24,
    fee: 6_900,
    graceOnPrincipal: 0,
    tolerance: 5_000,
    weight: 5,
  },
  {
    name: 'Payroll loan',
    category: 'CS',
    method: 'flat',
    rate: '21',
    frequency: 'monthly',
    minAmount: 300_000,
    maxAmount: 3_000_000,
    minTerm: 3,
    maxTerm: 12,
    fee: 5_000,
    graceOnPrincipal: 0,
    tolerance: 2_000,
    weight: 3,
  },
  {
    name: 'Emergency loan',
    category: 'CS',
    method: 'flat',
    rate: '30',
    frequency: 'weekly',
    minAmount: 50_000,
    maxAmount: 500_000,
    minTerm: 4,
    maxTerm: 12,
    fee: 1_000,
    graceOnPrincipal: 0,
    tolerance: 500,
    weight: 2,
  },
  {
    name: 'Working capital loan',
    category: 'SME',
    method: 'declining-balance',
    rate: '19.25',
    frequency: 'fortnightly',
    minAmount: 2_000_000,
    maxAmount: 20_000_000,
    minTerm: 6,
    maxTerm: 26,
    fee: 15_000,
    graceOnPrincipal: 2,
    tolerance: 10_000,
    weight: 1,
  },
];

// No surname is the start of another (the phone book's order is checked against "last|first" text).
const FIRST_NAMES = [
  'Ayanda',
  'Kabelo',
  'Lwazi',
  'Mandisa',
  'Neo',
  'Obakeng',
  'Phumzile',
  'Sibusiso',
  'Tumelo',
  'Vuyo',
  'Xolani',
  'Boitumelo',
  'Karabo',
  'Onthatile',
];
const SURNAMES = [
  'Mabena',
  'Ngcobo',
  'Shabangu',
  'Tshabalala',
  'Maluleke',
  'Baloyi',
  'Chauke',
  'Hlongwane',
  'Mokwena',
  'Sithebe',
  'Makhubela',
  'Nxumalo',
  'Motaung',
  'Kekana',
  'Modise',
];
/** Where borrowers bank: [tenant name, share, the user who takes their applications]. */
const BRANCHES: [string, number, string][] = [
  ['Soweto Team', 4, 'loan-officer'],
  ['Sandton Team', 2, 'credit-officer'],
  ['Johannesburg Branch', 2, 'credit-officer'],
  ['Bellville Team', 2, 'company-administrator'],
  ['Cape Town Branch', 1, 'company-administrator'],
];
const CHANNELS = ['cash', 'bank-transfer', 'mobile-money'] as const;

/** mulberry32: a small, fast generator, the same numbers on every run. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const weighted = <T>(items: T[], weight: (item: T) => number) => {
    let pick = next() * items.reduce((sum, item) => sum + weight(item), 0);
    for (const item of items) if ((pick -= weight(item)) < 0) return item;
    return items[items.length - 1]!;
  };
  /** A version 4 UUID from the generator's numbers, so the ids (and the order they break ties in) repeat too. */
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
    hex[12] = '4';
    hex[16] = '89ab'[Math.floor(next() * 4)]!;
    const h = hex.join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };
  return { next, int, weighted, uuid };
}
type Random = ReturnType<typeof generator>;

type Behaviour = 'punctual' | 'late' | 'defaulter' | 'settler';

/** The payments a borrower of this kind makes on the schedule, up to today. */
function paymentsOf(
  schedule: ScheduledInstalment[],
  behaviour: Behaviour,
  disbursedOn: string,
  today: string,
  r: Random,
): PaymentToApply[] {
  const payments: PaymentToApply[] = [];
  const stopAfter = behaviour === 'defaulter' ? r.int(0, Math.min(4, schedule.length - 1)) : schedule.length;
  const settleAt = behaviour === 'settler' ? r.int(1, Math.max(1, schedule.length - 1)) : -1;
  let owed = schedule.reduce((sum, i) => sum + i.totalMinor, 0n);
  for (const [index, instalment] of schedule.entries()) {
    if (index >= stopAfter) break;
    let paidOn = addDays(instalment.dueDate, behaviour === 'late' ? r.int(-2, 25) : r.int(-4, 1));
    if (paidOn < disbursedOn) paidOn = disbursedOn;
    if (paidOn > today) break;
    let amount = instalment.totalMinor;
    if (behaviour === 'late' && r.next() < 0.15) continue;
    if (behaviour === 'late' && r.next() < 0.2) amount = (amount / 2n / 100n) * 100n;
    if (behaviour === 'punctual' && r.next() < 0.05) amount = ((amount + 4_999n) / 5_000n) * 5_000n;
    if (index === settleAt) amount = owed;
    amount = amount > owed ? owed : amount;
    if (amount <= 0n) break;
    payments.push({ id: r.uuid(), paidOn, amountMinor: amount });
    owed -= amount;
    if (index === settleAt) break;
  }
  return payments;
}

interface Row {
  [column: string]: unknown;
}

/** One statement per chunk: columns as arrays, unnested. */
async function insertRows(q: Queryable, table: string, columns: [name: string, type: string][], rows: Row[], chunk = 5_000) {
  for (let start = 0; start < rows.length; start += chunk) {
    const part = rows.slice(start, start + chunk);
    const names = columns.map(([name]) => name).join(', ');
    const arrays = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
    await q.query(
      `insert into ${table} (${names}) select * from unnest(${arrays})`,
      columns.map(([name]) => part.map((row) => row[name] ?? null)),
    );
  }
}

const text = (n: bigint | number) => String(n);

export async function seedDemoLoans(db: Database, loanCount = DEMO_LOANS_DEFAULT) {
  const done = await db.one(`select 1 from system_settings where key = 'demo_loans_seeded'`);
  if (done || loanCount <= 0) return;
  await db.tx(async (q) => {
    const marked = await q.one(
      `insert into system_settings (key, value) values ('demo_loans_seeded', now()::text) on conflict do nothing returning key`,
    );
    const lending = await q.one<{ id: string }>(`select id from tenants where name = 'Meridian Lending' and deleted_at is null`);
    if (!marked || !lending) return;
    await writePortfolio(q, lending.id, loanCount);
    // The reports' stored figures (migrations 046, 047), worked out from the schedule and allocations just written.
    await q.query('select store_loan_ledger_figures(null)');
    await q.query('select rebuild_collection_days()');
  });
  await db.exec('analyze loans; analyze loan_instalments; analyze loan_payments');
}

async function writePortfolio(q: Queryable, lendingId: string, loanCount: number) {
  const r = generator(21);
  const today = (await q.one<{ today: string }>(`select (now() at time zone 'Africa/Johannesburg')::date::text as today`))!.today;
  const tenants = new Map(
    (
      await q.query<{ id: string; name: string }>(`select id, name from tenants where name = any($1::text[])`, [BRANCHES.map((b) => b[0])])
    ).map((t) => [t.name, t.id]),
  );
  const users = new Map(
    (
      await q.query<{ id: string; user_name: string }>(`select id, user_name from users where user_name = any($1::text[])`, [
        BRANCHES.map((b) => b[2]),
      ])
    ).map((u) => [u.user_name, u.id]),
  );
  const categories = new Map(
    (await q.query<{ id: string; code: string }>(`select id, code from product_categories`)).map((c) => [c.code, c.id]),
  );

  const products = DEMO_LOAN_PRODUCTS.map((p) => ({ ...p, id: r.uuid() }));
  await insertRows(
    q,
    'loan_products',
    [
      ['id', 'uuid'],
      ['tenant_id', 'uuid'],
      ['category_id', 'uuid'],
      ['name', 'text'],
      ['currency', 'text'],
      ['min_amount_minor', 'bigint'],
      ['max_amount_minor', 'bigint'],
      ['min_instalments', 'int'],
      ['max_instalments', 'int'],
      ['interest_method', 'text'],
      ['annual_rate_percent', 'numeric'],
      ['repayment_frequency', 'text'],
      ['fee_per_instalment_minor', 'bigint'],
      ['grace_on_principal', 'int'],
      ['arrears_tolerance_minor', 'bigint'],
    ],
    products.map((p) => ({
      id: p.id,
      tenant_id: lendingId,
      category_id: categories.get(p.category),
      name: p.name,
      currency: 'ZAR',
      min_amount_minor: text(p.minAmount),
      max_amount_minor: text(p.maxAmount),
      min_instalments: p.minTerm,
      max_instalments: p.maxTerm,
      interest_method: p.method,
      annual_rate_percent: p.rate,
      repayment_frequency: p.frequency,
      fee_per_instalment_minor: text(p.fee),
      grace_on_principal: p.graceOnPrincipal,
      arrears_tolerance_minor: text(p.tolerance),
    })),
  );

  // About two loans for every three borrowers' worth of history: most borrow once or twice.
  const clients = Array.from({ length: Math.ceil(loanCount / 1.5) }, (_, i) => {
    const [tenantName, , userName] = r.weighted(BRANCHES, (b) => b[1]);
    return {
      id: r.uuid(),
      tenant_id: tenants.get(tenantName)!,
      first_name: FIRST_NAMES[i % FIRST_NAMES.length]!,
      last_name: SURNAMES[Math.floor(i / FIRST_NAMES.length) % SURNAMES.length]!,
      mobile: `06${String(10_000_000 + i * 37).slice(-8)}`,
      created_user_id: users.get(userName) ?? null,
      date_created: `${addDays(today, -PORTFOLIO_DAYS - r.int(1, 60))}T08:00:00Z`,
    };
  });
  await insertRows(
    q,
    'clients',
    [
      ['id', 'uuid'],
      ['tenant_id', 'uuid'],
      ['first_name', 'text'],
      ['last_name', 'text'],
      ['mobile', 'text'],
      ['created_user_id', 'uuid'],
      ['date_created', 'timestamptz'],
    ],
    clients,
  );

  const loans: Row[] = [];
  const instalments: Row[] = [];
  const payments: Row[] = [];
  const changes: Row[] = [];
  for (let i = 0; i < loanCount; i += 1) {
    const client = clients[r.int(0, clients.length - 1)]!;
    const product = r.weighted(products, (p) => p.weight);
    const principal = BigInt(Math.round(r.int(product.minAmount, product.maxAmount) / 10_000) * 10_000);
    const term = r.int(Math.max(product.minTerm, product.graceOnPrincipal + 1), product.maxTerm);
    const submittedOn = addDays(today, -r.int(0, PORTFOLIO_DAYS));
    const loan: Row = {
      id: r.uuid(),
      tenant_id: client.tenant_id,
      client_id: client.id,
      product_id: product.id,
      status: 'submitted',
      currency: 'ZAR',
      principal_minor: text(principal),
      instalments: term,
      interest_method: product.method,
      annual_rate_percent: product.rate,
      repayment_frequency: product.frequency,
      fee_per_instalment_minor: text(product.fee),
      grace_on_principal: product.graceOnPrincipal,
      grace_on_interest_payment: 0,
      arrears_tolerance_minor: text(product.tolerance),
      submitted_on: submittedOn,
      created_user_id: client.created_user_id,
      date_created: `${submittedOn}T09:00:00Z`,
    };
    loans.push(loan);
    changes.push({
      tenant_id: client.tenant_id,
      entity: 'loan',
      entity_id: loan.id,
      loan_id: loan.id,
      action: 'submitted',
      changes: JSON.stringify({ status: [null, 'submitted'], principalMinor: [null, text(principal)], instalments: [null, term] }),
      user_id: client.created_user_id,
      date_created: loan.date_created,
    });
    const recent = submittedOn >= addDays(today, -7);
    const decision = r.next();
    if (recent && decision < 0.35) continue;
    const approvedOn = addDays(submittedOn, 1) > today ? today : addDays(submittedOn, 1);
    if (decision > (recent ? 0.9 : 0.95)) {
      Object.assign(loan, { status: 'rejected', rejected_on: approvedOn, note: 'Affordability assessment failed.' });
      continue;
    }
    Object.assign(loan, { status: 'approved', approved_minor: text(principal), approved_on: approvedOn });
    const disbursedOn = addDays(approvedOn, r.int(0, 3));
    if (disbursedOn > today || (recent && decision < 0.5)) continue;
    disburseDemoLoan(loan, { principal, term, product, disbursedOn, today, r, instalments, payments });
  }

  await insertRows(
    q,
    'loans',
    [
      ['id', 'uuid'],
      ['tenant_id', 'uuid'],
      ['client_id', 'uuid'],
      ['product_id', 'uuid'],
      ['status', 'text'],
      ['currency', 'text'],
      ['principal_minor', 'bigint'],
      ['approved_minor', 'bigint'],
      ['disbursed_minor', 'bigint'],
      ['instalments', 'int'],
      ['interest_method', 'text'],
      ['annual_rate_percent', 'numeric'],
      ['repayment_frequency', 'text'],
      ['fee_per_instalment_minor', 'bigint'],
      ['grace_on_principal', 'int'],
      ['grace_on_interest_payment', 'int'],
      ['arrears_tolerance_minor', 'bigint'],
      ['submitted_on', 'date'],
      ['approved_on', 'date'],
      ['rejected_on', 'date'],
      ['disbursed_on', 'date'],
      ['disbursement_channel', 'text'],
      ['first_due_date', 'date'],
      ['closed_on', 'date'],
      ['written_off_on', 'date'],
      ['note', 'text'],
      ['outstanding_minor', 'bigint'],
      ['overpayment_minor', 'bigint'],
      ['arrears_days', 'int'],
      ['arrears_as_of', 'date'],
      ['created_user_id', 'uuid'],
      ['date_created', 'timestamptz'],
    ],
    loans.map((l) => ({ outstanding_minor: '0', overpayment_minor: '0', arrears_days: 0, ...l })),
  );
  await insertRows(
    q,
    'loan_instalments',
    [
      ['loan_id', 'uuid'],
      ['number', 'int'],
      ['due_date', 'date'],
      ['principal_minor', 'bigint'],
      ['interest_minor', 'bigint'],
      ['fee_minor', 'bigint'],
      ['paid_principal_minor', 'bigint'],
      ['paid_interest_minor', 'bigint'],
      ['paid_fee_minor', 'bigint'],
    ],
    instalments,
  );
  await insertRows(
    q,
    'loan_payments',
    [
      ['id', 'uuid'],
      ['loan_id', 'uuid'],
      ['tenant_id', 'uuid'],
      ['amount_minor', 'bigint'],
      ['paid_on', 'date'],
      ['channel', 'text'],
      ['reference', 'text'],
      ['allocated_fee_minor', 'bigint'],
      ['allocated_interest_minor', 'bigint'],
      ['allocated_principal_minor', 'bigint'],
      ['overpayment_minor', 'bigint'],
      ['created_user_id', 'uuid'],
      ['date_created', 'timestamptz'],
    ],
    payments,
  );
  await insertRows(
    q,
    'lending_changes',
    [
      ['tenant_id', 'uuid'],
      ['entity', 'text'],
      ['entity_id', 'uuid'],
      ['loan_id', 'uuid'],
      ['action', 'text'],
      ['changes', 'jsonb'],
      ['user_id', 'uuid'],
      ['date_created', 'timestamptz'],
    ],
    changes,
  );
}

interface Disbursal {
  principal: bigint;
  term: number;
  product: DemoProduct & { id: string };
  disbursedOn: string;
  today: string;
  r: Random;
  instalments: Row[];
  payments: Row[];
}

/** The loan paid out, its schedule, the borrower's payments up to today, and where that leaves it. */
function disburseDemoLoan(loan: Row, d: Disbursal) {
  const { product, r, today } = d;
  const schedule = repaymentSchedule({
    principalMinor: d.principal,
    annualRatePercent: product.rate,
    instalments: d.term,
    frequency: product.frequency,
    method: product.method,
    firstDueDate: addPeriods(d.disbursedOn, product.frequency, 1),
    graceOnPrincipal: product.graceOnPrincipal,
    feePerInstalmentMinor: BigInt(product.fee),
  });
  const behaviour = r.weighted<[Behaviour, number]>(
    [
      ['punctual', 72],
      ['late', 16],
      ['defaulter', 8],
      ['settler', 4],
    ],
    (b) => b[1],
  )[0];
  const paid = paymentsOf(schedule.instalments, behaviour, d.disbursedOn, today, r);
  const replay = replayPayments(schedule.instalments, paid);
  const outstanding = replay.instalments.reduce((sum, i) => sum + outstandingOf(i), 0n);
  const arrears = arrearsDays(replay.instalments, today, BigInt(product.tolerance));
  let status = outstanding === 0n ? 'closed' : 'active';
  const lastPaid = paid.reduce((latest, p) => (p.paidOn > latest ? p.paidOn : latest), d.disbursedOn);
  let writtenOffOn: string | null = null;
  if (status === 'active' && behaviour === 'defaulter' && arrears > 180 && r.next() < 0.6) {
    status = 'written-off';
    writtenOffOn = addDays(today, -(arrears - 180));
  }
  Object.assign(loan, {
    status,
    disbursed_minor: text(d.principal),
    disbursed_on: d.disbursedOn,
    disbursement_channel: CHANNELS[r.int(0, CHANNELS.length - 1)],
    first_due_date: schedule.instalments[0]!.dueDate,
    closed_on: status === 'closed' ? lastPaid : null,
    written_off_on: writtenOffOn,
    outstanding_minor: text(outstanding),
    overpayment_minor: text(replay.overpaymentMinor),
    arrears_days: status === 'active' ? arrears : 0,
    arrears_as_of: today,
  });
  for (const i of replay.instalments)
    d.instalments.push({
      loan_id: loan.id,
      number: i.number,
      due_date: i.dueDate,
      principal_minor: text(i.principalMinor),
      interest_minor: text(i.interestMinor),
      fee_minor: text(i.feeMinor),
      paid_principal_minor: text(i.paidPrincipalMinor),
      paid_interest_minor: text(i.paidInterestMinor),
      paid_fee_minor: text(i.paidFeeMinor),
    });
  const shares = allocationsOf(replay, paid);
  for (const p of paid) {
    const share = shares.get(p.id)!;
    d.payments.push({
      id: p.id,
      loan_id: loan.id,
      tenant_id: loan.tenant_id,
      amount_minor: text(p.amountMinor),
      paid_on: p.paidOn,
      channel: 'debit-order',
      reference: `DEBIT ORDER ${p.paidOn}`,
      allocated_fee_minor: text(share.feeMinor),
      allocated_interest_minor: text(share.interestMinor),
      allocated_principal_minor: text(share.principalMinor),
      overpayment_minor: text(share.overpaymentMinor),
      created_user_id: loan.created_user_id,
      date_created: `${p.paidOn}T10:00:00Z`,
    });
  }
}
