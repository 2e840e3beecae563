-- Answers to writes sent with an Idempotency-Key header, kept for a day (api/src/http/idempotent-requests.ts).
-- A device that replays its offline changes and loses an answer on the way sends the same write
-- again with the same key; it gets the first answer back instead of a second lead, activity or
-- status change.
create table idempotent_requests (
  -- Who sent it: a user id, or 'api-key:<id>' for an API key.
  caller text not null,
  key text not null,
  method text not null,
  path text not null,
  -- SHA-256 of the method, path and body: the same key with another request is refused.
  request_hash text not null,
  -- Null while the first request is still being handled.
  status_code integer,
  body text,
  date_created timestamptz not null default now(),
  primary key (caller, key)
);
