-- Consent forms of loan applications (issue 21, item 5): a spouse's consent or a guarantor's form,
-- captured against a loan with a signature drawn on screen (a PNG under DATA_DIR/files/consents/).
-- A form lives in its loan's tenant. It is never edited; a wrong one is voided and kept.
create table loan_consents (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  loan_id uuid not null references loans(id),
  kind text not null check (kind in ('spousal', 'guarantor')),
  signer_name text not null,
  id_number text not null,
  phone text not null,
  -- Spousal consent only.
  marriage_regime text,
  -- Guarantor form only; money in minor units of the loan's currency.
  address text,
  relationship text,
  monthly_income_minor bigint check (monthly_income_minor >= 0),
  guaranteed_minor bigint check (guaranteed_minor > 0),
  signed_place text not null,
  signed_at timestamptz not null default now(),
  signature_file text not null,
  signature_bytes integer not null,
  captured_user_id uuid not null references users(id),
  voided_at timestamptz,
  voided_user_id uuid references users(id),
  void_reason text,
  -- What the tenant's list is searched by: the signer's and (joined) the client's names.
  search_text text generated always as (upper(signer_name)) stored,
  check ((kind = 'spousal') = (marriage_regime is not null)),
  check (kind = 'spousal' or (address is not null and relationship is not null and monthly_income_minor is not null and guaranteed_minor is not null))
);
create index loan_consents_loan_idx on loan_consents (loan_id, signed_at);
create index loan_consents_tenant_idx on loan_consents (tenant_id, signed_at, id);
