-- Share links (tracking spec 2 "Share" tab, 3 Share link, 7; issue 19 item 7): a link that shows one
-- asset's live position to anyone holding it, signed out, until it expires or is revoked.
--
-- Only the SHA-256 of the token is kept: the token (32 random bytes, base64url) is shown once, when
-- the link is made, so a copy of the database opens no shared page. "expired" is not stored: a link
-- is expired when expire_date has passed, whatever its status says.
create table share_links (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  asset_id uuid not null references assets(id) on delete cascade,
  token_hash text not null,
  expire_date timestamptz not null,
  status text not null default 'active' check (status in ('active', 'revoked')),
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  revoked_by uuid references users(id) on delete set null,
  last_opened_at timestamptz,
  open_count integer not null default 0,
  check ((status = 'revoked') = (revoked_at is not null))
);
create unique index share_links_token_hash_idx on share_links (token_hash);
create index share_links_asset_idx on share_links (asset_id, created_at desc, id);
