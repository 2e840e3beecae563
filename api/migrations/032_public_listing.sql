-- The public listing of repossessed vehicles and the bids the public makes on them (issue 20; tracking
-- spec 3 Vehicle repossession "public listing photo", 7 Vehicles: public-listing, bids).

-- A repossession's public listing photo: one of its vehicle's photos (checked by the API). A deleted
-- photo leaves the listing without one rather than pointing at nothing.
alter table repossessions add column public_listing_photo_id uuid references vehicle_photos(id) on delete set null;
create index repossessions_listed_idx on repossessions (tenant_id, date_modified, id) where deleted_at is null and status = 'Listed';

-- A tenant's public listing page (/listing/{public_key}): its Listed repossessions and those of its
-- subtree, signed out. The key is a readable slug chosen by the lender, not a secret: the page is public.
create table tenant_public_listings (
  tenant_id uuid primary key references tenants(id),
  public_key text not null check (public_key ~ '^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$'),
  date_created timestamptz not null default now()
);
create unique index tenant_public_listings_key_idx on tenant_public_listings (public_key);

-- A bid from the public on a listed repossession. The bidder's name and contact are personal data:
-- kept here for the lender to answer, never logged. Money is integer minor units with its currency.
create table vehicle_bids (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  repossession_id uuid not null references repossessions(id),
  bidder_name text not null,
  bidder_contact text not null,
  amount_minor bigint not null check (amount_minor > 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  status text not null default 'received' check (status in ('received', 'accepted', 'declined')),
  received_date timestamptz not null default now(),
  decided_date timestamptz,
  decided_by_user_id uuid references users(id),
  check ((status = 'received') = (decided_date is null))
);
create index vehicle_bids_tenant_received_idx on vehicle_bids (tenant_id, received_date, id);
create index vehicle_bids_repossession_idx on vehicle_bids (repossession_id, received_date);
-- At most one accepted bid per repossession, whatever races the API.
create unique index vehicle_bids_one_accepted_idx on vehicle_bids (repossession_id) where status = 'accepted';
