-- The lending core (issue 21, part): loan products, loans with their stored schedules, payments, the
-- maker-checker rules and requests, and the change history of products, loans and payments.
-- Money is bigint minor units with an ISO 4217 currency everywhere; calendar days are `date` (no zone).

-- A company's loan catalogue, seen from its branches (like bluebook values). Categories are the
-- installation's product categories (004), so the product configurator names the same ones.
create table loan_products (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  category_id uuid not null references product_categories(id),
  name text not null,
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  min_amount_minor bigint not null check (min_amount_minor > 0),
  max_amount_minor bigint not null,
  min_instalments integer not null check (min_instalments >= 1),
  max_instalments integer not null,
  interest_method text not null check (interest_method in ('declining-balance', 'flat')),
  annual_rate_percent numeric(7, 4) not null check (annual_rate_percent >= 0),
  repayment_frequency text not null check (repayment_frequency in ('weekly', 'fortnightly', 'monthly')),
  fee_per_instalment_minor bigint not null default 0 check (fee_per_instalment_minor >= 0),
  grace_on_principal integer not null default 0 check (grace_on_principal >= 0),
  grace_on_interest_payment integer not null default 0 check (grace_on_interest_payment >= 0),
  arrears_tolerance_minor bigint not null default 0 check (arrears_tolerance_minor >= 0),
  active boolean not null default true,
  created_user_id uuid references users(id),
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now(),
  check (max_amount_minor >= min_amount_minor),
  check (max_instalments >= min_instalments),
  check (grace_on_interest_payment <= grace_on_principal)
);
create unique index loan_products_tenant_name_idx on loan_products (tenant_id, lower(name));

-- A loan copies its product's terms when applied for (Fineract does the same): editing a product
-- never changes a loan already made. It lives in its client's tenant.
create table loans (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  client_id uuid not null references clients(id),
  product_id uuid not null references loan_products(id),
  status text not null default 'submitted'
    check (status in ('submitted', 'approved', 'rejected', 'active', 'closed', 'written-off')),
  currency text not null,
  principal_minor bigint not null check (principal_minor > 0),
  approved_minor bigint,
  disbursed_minor bigint,
  instalments integer not null check (instalments >= 1),
  interest_method text not null,
  annual_rate_percent numeric(7, 4) not null,
  repayment_frequency text not null,
  fee_per_instalment_minor bigint not null,
  grace_on_principal integer not null,
  grace_on_interest_payment integer not null,
  arrears_tolerance_minor bigint not null,
  submitted_on date not null,
  approved_on date,
  rejected_on date,
  disbursed_on date,
  disbursement_channel text check (disbursement_channel in ('cash', 'bank-transfer', 'mobile-money')),
  first_due_date date,
  closed_on date,
  written_off_on date,
  note text,
  -- Kept current by every payment write and by the daily arrears refresh (loan-arrears.ts).
  outstanding_minor bigint not null default 0,
  overpayment_minor bigint not null default 0,
  arrears_days integer not null default 0,
  arrears_as_of date,
  created_user_id uuid references users(id),
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now()
);
create index loans_tenant_created_idx on loans (tenant_id, date_created, id);
create index loans_client_idx on loans (client_id);
create index loans_active_idx on loans (status) where status = 'active';

-- The schedule generated on disbursement, with what the live payments have paid of each instalment.
create table loan_instalments (
  loan_id uuid not null references loans(id) on delete cascade,
  number integer not null,
  due_date date not null,
  principal_minor bigint not null,
  interest_minor bigint not null,
  fee_minor bigint not null,
  paid_principal_minor bigint not null default 0,
  paid_interest_minor bigint not null default 0,
  paid_fee_minor bigint not null default 0,
  primary key (loan_id, number)
);

-- Payments are never deleted: a reversal marks the row, and the schedule is the replay of the rest.
create table loan_payments (
  id uuid primary key default gen_random_uuid(),
  loan_id uuid not null references loans(id),
  tenant_id uuid not null references tenants(id),
  amount_minor bigint not null check (amount_minor > 0),
  paid_on date not null,
  reference text,
  reversed_at timestamptz,
  reversed_user_id uuid references users(id),
  created_user_id uuid references users(id),
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now()
);
create index loan_payments_loan_idx on loan_payments (loan_id, paid_on);
create index loan_payments_tenant_created_idx on loan_payments (tenant_id, date_created, id);

-- Which actions need a second user, per tenant; a rule of a tenant binds every tenant below it.
create table maker_checker_rules (
  tenant_id uuid not null references tenants(id),
  action text not null check (action in ('loan-approval', 'disbursement', 'write-off', 'payment-reversal')),
  updated_user_id uuid references users(id),
  date_created timestamptz not null default now(),
  primary key (tenant_id, action)
);

create table maker_checker_requests (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  action text not null,
  loan_id uuid not null references loans(id),
  payment_id uuid references loan_payments(id),
  payload jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  maker_user_id uuid not null references users(id),
  checker_user_id uuid references users(id),
  checker_note text,
  date_created timestamptz not null default now(),
  date_decided timestamptz
);
-- One pending request per action and loan (and payment): a second would be checked twice.
create unique index maker_checker_requests_pending_idx
  on maker_checker_requests (loan_id, action, coalesce(payment_id, '00000000-0000-0000-0000-000000000000'::uuid))
  where status = 'pending';
create index maker_checker_requests_tenant_idx on maker_checker_requests (tenant_id, date_created, id);

-- Every change to a product, loan or payment: who, when, and the fields changed ({ field: [before, after] }).
create table lending_changes (
  id uuid primary key default gen_random_uuid(),
  seq bigint generated always as identity,
  tenant_id uuid not null references tenants(id),
  entity text not null check (entity in ('product', 'loan', 'payment')),
  entity_id uuid not null,
  loan_id uuid references loans(id),
  action text not null,
  changes jsonb not null,
  user_id uuid references users(id),
  date_created timestamptz not null default now()
);
create index lending_changes_entity_idx on lending_changes (entity_id, seq);
create index lending_changes_loan_idx on lending_changes (loan_id, seq) where loan_id is not null;
