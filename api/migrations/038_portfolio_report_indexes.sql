-- Portfolio reports (issue 22, part): PAR30, the collections summary and the tenant loans report read a loan's
-- instalments by due date and its live payments by day paid, summing their amounts. These covering indexes
-- answer each per-loan look-up from the index alone (no heap visit once vacuumed), and the range scans of a
-- window (instalments falling due, payments made) by day.

-- Per loan: the instalments due before a day, with what each is owed.
create index if not exists loan_instalments_loan_due_idx
  on loan_instalments (loan_id, due_date) include (principal_minor, interest_minor, fee_minor);

-- Per loan: the live payments up to a day (in the replay's order), with their stored allocation.
create index if not exists loan_payments_loan_live_idx
  on loan_payments (loan_id, paid_on, id)
  include (allocated_fee_minor, allocated_interest_minor, allocated_principal_minor, overpayment_minor)
  where reversed_at is null;

-- A window: the instalments falling due, and the live payments made, day by day.
create index if not exists loan_instalments_due_idx on loan_instalments (due_date) include (loan_id);
create index if not exists loan_payments_live_paid_idx on loan_payments (paid_on) include (loan_id) where reversed_at is null;

-- The book at a day: a subtree's disbursed loans.
create index if not exists loans_tenant_disbursed_idx on loans (tenant_id, disbursed_on) where disbursed_on is not null;
