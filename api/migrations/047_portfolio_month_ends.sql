-- PAR at past month-ends kept by a job (loans/loan-month-ends.ts): per month-end and (tenant, product, officer,
-- currency), the portfolio's figures at the end of that day, so the trend and a month-end's PAR sum a few
-- thousand rows instead of reading every loan's payments.
--
-- A month-end is kept (listed in portfolio_month_end_days) once the job has written its figures from the exact
-- general query. Rows are summed, never updated: the job's rows are the base, and each ledger change that moves
-- a loan's position at a past month-end (a payment dated on or before it recorded, edited or reversed, a
-- backdated disbursement or write-off) adds two rows in its own transaction: minus the loan's position before,
-- plus after (is_delta). Inserts never wait for each other; the job folds the deltas into the base now and then.
-- Empty after the upgrade: until the job has kept a month-end, the reports read it with the exact query.
create table if not exists portfolio_month_end_days (
  month_end date primary key,
  kept_at timestamptz not null default now()
);

create table if not exists portfolio_month_end_figures (
  month_end date not null,
  tenant_id uuid not null references tenants(id),
  product_id uuid not null references loan_products(id),
  officer_id uuid references users(id),
  currency text not null,
  loans integer not null,
  loans_at_risk integer not null,
  outstanding_minor bigint not null,
  at_risk_minor bigint not null,
  is_delta boolean not null default false
);
create index if not exists portfolio_month_end_figures_day_idx on portfolio_month_end_figures (month_end, tenant_id);

-- The collections summary per day, tenant and currency (portfolio-reports/collections-summary.ts): what fell due
-- and was paid on time (by due day), and what was collected and recovered (by day paid), so a window reads a row per
-- day and tenant instead of every instalment and payment in it. Rows are summed, as above: the rebuild below writes
-- the base rows, and each replay of the ledger (loans/collection-days.ts) adds a row per day whose figures it moved,
-- new minus old, in the payment's own transaction; the month-end job folds them now and then.
create table if not exists collection_day_figures (
  day date not null,
  tenant_id uuid not null references tenants(id),
  currency text not null,
  -- How many instalments fell due and payments were made: a period with either is shown, even at zero.
  instalments integer not null default 0,
  payments integer not null default 0,
  expected_minor bigint not null default 0,
  on_time_minor bigint not null default 0,
  principal_minor bigint not null default 0,
  interest_minor bigint not null default 0,
  fee_minor bigint not null default 0,
  overpayment_minor bigint not null default 0,
  recovered_minor bigint not null default 0,
  is_delta boolean not null default false
);
create index if not exists collection_day_figures_day_idx on collection_day_figures (day, tenant_id);

-- The day a payment's stored figures are counted on in collection_day_figures (null: not counted yet). An edit moves
-- paid_on before the replay runs; the replay takes the old figures off this day and puts the new ones on paid_on.
alter table loan_payments add column if not exists counted_on date;

-- Every loan's collection days worked out afresh from the stored per-row figures (migration 046): this migration's
-- backfill, the demo seed's and the benchmark's (both write their books around the ledger).
create or replace function rebuild_collection_days() returns void language sql as $$
  delete from collection_day_figures;
  update loan_payments set counted_on = case when reversed_at is null and currency is not null then paid_on end
  where counted_on is distinct from case when reversed_at is null and currency is not null then paid_on end;
  insert into collection_day_figures (day, tenant_id, currency, instalments, payments, expected_minor, on_time_minor, principal_minor,
    interest_minor, fee_minor, overpayment_minor, recovered_minor)
  select day, tenant_id, currency, sum(instalments), sum(payments), sum(expected), sum(on_time), sum(principal), sum(interest), sum(fee),
    sum(overpayment), sum(recovered)
  from (
    select i.due_date as day, i.tenant_id, i.currency, count(*) as instalments, 0 as payments,
      sum(i.principal_minor + i.interest_minor + i.fee_minor) as expected, sum(i.paid_on_time_minor) as on_time,
      0 as principal, 0 as interest, 0 as fee, 0 as overpayment, 0 as recovered
    from loan_instalments i
    where i.tenant_id is not null and (i.written_off_on is null or i.due_date < i.written_off_on)
    group by 1, 2, 3
    union all
    select p.counted_on, p.tenant_id, p.currency, 0, count(*), 0, 0, sum(p.allocated_principal_minor), sum(p.allocated_interest_minor),
      sum(p.allocated_fee_minor), sum(p.overpayment_minor), sum(p.recovered_minor)
    from loan_payments p
    where p.counted_on is not null
    group by 1, 2, 3
  ) x
  group by 1, 2, 3;
$$;

select rebuild_collection_days();
