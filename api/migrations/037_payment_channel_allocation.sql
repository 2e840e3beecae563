-- Payments (issue 21, item 3): the channel the money came through, and each payment's allocation stored
-- with it (fees, interest, principal, overpayment), written by the ledger's replay (loans/loan-ledger.ts)
-- so a list of payments needs no replay per row. A reversed payment pays nothing: its allocation is zero.
-- Written to run twice harmlessly: the API tests run it again to check the backfill against the replay.

-- The disbursement channels of the loan contract and the two only repayments come by (contract
-- loan-payment.ts). Payments taken before the channel was kept are counted as cash, the counter's channel
-- and the one a take without a channel still gets; the demo seed writes its debit orders as such.
alter table loan_payments add column if not exists channel text not null default 'cash'
  check (channel in ('cash', 'bank-transfer', 'mobile-money', 'debit-order', 'ussd'));
alter table loan_payments add column if not exists allocated_fee_minor bigint not null default 0;
alter table loan_payments add column if not exists allocated_interest_minor bigint not null default 0;
alter table loan_payments add column if not exists allocated_principal_minor bigint not null default 0;
alter table loan_payments add column if not exists overpayment_minor bigint not null default 0;

-- The backfill: the replay is a waterfall. Laid end to end, a loan's instalments' fees, interest and
-- principal (oldest instalment first, in that order within one) are consecutive stretches of money, and
-- its live payments (by day paid, then id, as replayPayments orders them) fill them from the start; each
-- payment's share of a stretch is the overlap of the two, and what lies past the last stretch is overpaid.
with stretches as (
  select i.loan_id, b.part, b.due,
    sum(b.due) over (partition by i.loan_id order by i.number, b.part) - b.due as starts_at
  from loan_instalments i
  cross join lateral (values (1, i.fee_minor), (2, i.interest_minor), (3, i.principal_minor)) as b(part, due)
),
live as (
  select p.id, p.loan_id, p.amount_minor,
    sum(p.amount_minor) over (partition by p.loan_id order by p.paid_on, p.id) - p.amount_minor as starts_at
  from loan_payments p
  where p.reversed_at is null
),
shares as (
  select l.id, l.amount_minor,
    coalesce(sum(greatest(0, least(l.starts_at + l.amount_minor, s.starts_at + s.due) - greatest(l.starts_at, s.starts_at)))
      filter (where s.part = 1), 0) as fee,
    coalesce(sum(greatest(0, least(l.starts_at + l.amount_minor, s.starts_at + s.due) - greatest(l.starts_at, s.starts_at)))
      filter (where s.part = 2), 0) as interest,
    coalesce(sum(greatest(0, least(l.starts_at + l.amount_minor, s.starts_at + s.due) - greatest(l.starts_at, s.starts_at)))
      filter (where s.part = 3), 0) as principal
  from live l
  left join stretches s on s.loan_id = l.loan_id
  group by l.id, l.amount_minor
)
update loan_payments p
set allocated_fee_minor = s.fee, allocated_interest_minor = s.interest, allocated_principal_minor = s.principal,
  overpayment_minor = s.amount_minor - s.fee - s.interest - s.principal
from shares s
where p.id = s.id;

update loan_payments
set allocated_fee_minor = 0, allocated_interest_minor = 0, allocated_principal_minor = 0, overpayment_minor = 0
where reversed_at is not null;

-- A reversal now needs its reason: one held for a checker before that is given one saying so, so approving
-- it still reads its request (the contract's schema) as the rule stands.
update maker_checker_requests
set payload = jsonb_set(payload, '{note}', to_jsonb('No reason was given (asked for before reasons were required).'::text))
where action = 'payment-reversal' and status = 'pending' and coalesce(btrim(payload ->> 'note'), '') = '';
