-- Sign-in failures are counted by api/src/http/throttle.ts now (in Redis with REDIS_URL, so every
-- API process sees one count; in memory on the embedded default): the table keyed by the typed
-- login is gone.
drop table if exists login_throttle;

-- Password-reset requests, recorded by POST /auth/forgot-password and worked off after it has
-- answered (api/src/modules/auth/reset-requests.ts): the answer takes the same time whether or not
-- the account exists, and a request survives a restart. A row lives only until it is worked off.
create table password_reset_requests (
  id uuid primary key default gen_random_uuid(),
  -- The login as typed (lower-cased); looked up only when the request is worked off.
  login text not null,
  attempts integer not null default 0,
  -- While a process works on the row, and after a failed attempt, nobody takes it before this.
  not_before timestamptz not null default now(),
  date_created timestamptz not null default now()
);
create index password_reset_requests_due_idx on password_reset_requests (not_before);
