-- Portfolio reports from figures stored at write time (issue 22 benchmark). The ledger's replay
-- (loans/loan-ledger.ts) keeps these in the same transaction as the payment write that changes them, so PAR
-- today and the collections summary are plain aggregates with no per-loan reads (definitions and proofs:
-- portfolio-reports/loan-position.ts and collections-summary.ts; README "Portfolio reports").

-- Per loan, true for every day on or after its last live payment (the replay's P is then all it paid):
-- the principal still owed, the first day it is more than 30 days in arrears as PAR30 counts (null: never,
-- as its payments stand), and the day of its last live payment (before it, the stored figures do not hold).
alter table loans add column if not exists outstanding_principal_minor bigint not null default 0;
alter table loans add column if not exists at_risk_from date;
alter table loans add column if not exists last_paid_on date;

-- Per instalment: the loan's tenant, currency and write-off day copied (a window's aggregate reads no loan
-- row), and what the payments made by its due date paid of it.
alter table loan_instalments add column if not exists tenant_id uuid references tenants(id);
alter table loan_instalments add column if not exists currency text;
alter table loan_instalments add column if not exists written_off_on date;
alter table loan_instalments add column if not exists paid_on_time_minor bigint not null default 0;

-- Per payment: the loan's currency, and the part of its allocation that paid instalments already overdue.
alter table loan_payments add column if not exists currency text;
alter table loan_payments add column if not exists recovered_minor bigint not null default 0;

-- The same figures worked out from the stored schedule and allocations, for loans already on file: this
-- migration's backfill, and the demo seed (which writes its book directly). Written as set-based updates
-- so the whole book is a handful of statements. only_loans null: every loan.
create or replace function store_loan_ledger_figures(only_loans uuid[]) returns void language sql as $$
  update loan_instalments i
  set tenant_id = l.tenant_id, currency = l.currency, written_off_on = l.written_off_on,
    paid_on_time_minor = least(greatest(x.paid_by_due - x.due_before, 0), x.owed)
  from loans l, (
    select s.loan_id, s.number, s.principal_minor + s.interest_minor + s.fee_minor as owed,
      sum(s.principal_minor + s.interest_minor + s.fee_minor) over (partition by s.loan_id order by s.due_date)
        - sum(s.principal_minor + s.interest_minor + s.fee_minor) over (partition by s.loan_id, s.due_date) as due_before,
      (select coalesce(sum(p.allocated_fee_minor + p.allocated_interest_minor + p.allocated_principal_minor), 0) from loan_payments p
        where p.loan_id = s.loan_id and p.reversed_at is null and p.paid_on <= s.due_date) as paid_by_due
    from loan_instalments s
    where only_loans is null or s.loan_id = any(only_loans)
  ) x
  where i.loan_id = x.loan_id and i.number = x.number and l.id = i.loan_id;

  update loan_payments p
  set currency = l.currency,
    recovered_minor = case when p.reversed_at is not null then 0
      else greatest(0, least(x.earlier + x.allocated, x.overdue) - x.earlier) end
  from loans l, (
    select e.id, e.allocated_fee_minor + e.allocated_interest_minor + e.allocated_principal_minor as allocated,
      coalesce(sum(e.allocated_fee_minor + e.allocated_interest_minor + e.allocated_principal_minor)
        filter (where e.reversed_at is null)
        over (partition by e.loan_id order by e.paid_on, e.id rows between unbounded preceding and 1 preceding), 0) as earlier,
      (select coalesce(sum(i.principal_minor + i.interest_minor + i.fee_minor), 0) from loan_instalments i
        where i.loan_id = e.loan_id and i.due_date < e.paid_on) as overdue
    from loan_payments e
    where only_loans is null or e.loan_id = any(only_loans)
  ) x
  where p.id = x.id and l.id = p.loan_id;

  -- at_risk_from: with P what the live payments paid, the first instalment (in the replay's order) whose
  -- cumulative amount due exceeds P falls due on d_a, the first exceeding P + the tolerance on d_b; the loan is
  -- at risk at D exactly when D - 30 > d_a and D > d_b (loan-position.ts), so from greatest(d_a + 31, d_b + 1).
  update loans l
  set outstanding_principal_minor = coalesce(f.outstanding, 0),
    at_risk_from = case when f.tolerated_until is null then null else greatest(f.unpaid_from + 31, f.tolerated_until + 1) end,
    last_paid_on = (select max(p.paid_on) from loan_payments p where p.loan_id = l.id and p.reversed_at is null)
  from loans k
  left join lateral (
    select sum(c.principal_minor - c.paid_principal_minor) as outstanding,
      min(c.due_date) filter (where c.through > c.paid) as unpaid_from,
      min(c.due_date) filter (where c.through > c.paid + k.arrears_tolerance_minor) as tolerated_until
    from (
      select i.due_date, i.principal_minor, i.paid_principal_minor,
        sum(i.principal_minor + i.interest_minor + i.fee_minor) over (order by i.number) as through,
        sum(i.paid_principal_minor + i.paid_interest_minor + i.paid_fee_minor) over () as paid
      from loan_instalments i where i.loan_id = k.id
    ) c
  ) f on true
  where l.id = k.id and (only_loans is null or k.id = any(only_loans));
$$;

select store_loan_ledger_figures(null);

-- PAR at a day on or after each loan's last payment: a subtree's live book, read from this index alone.
create index if not exists loans_book_idx on loans (tenant_id)
  include (currency, product_id, created_user_id, outstanding_principal_minor, at_risk_from, last_paid_on, disbursed_on, written_off_on)
  where outstanding_principal_minor > 0;
-- The few loans paid after the day asked for (read by the exact general query instead).
create index if not exists loans_last_paid_idx on loans (last_paid_on) where last_paid_on is not null;
