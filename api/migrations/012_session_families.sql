-- Session families (security findings 4 and 11).
-- A session derived from another one (token exchange, the authorize flow, an impersonation started
-- from it) names that session as its parent and ends with it: revoking a session revokes its
-- descendants (api/src/modules/auth/sessions.ts), and a session whose parent is revoked is refused on
-- load and on refresh, which also covers a child created while its parent was being revoked.
alter table sessions add column parent_session_id uuid references sessions(id) on delete cascade;
-- While impersonating: the administrator's own session, which ending the impersonation returns to.
-- The browser keeps none of the administrator's tokens; the server keeps this session instead.
alter table sessions add column impersonator_session_id uuid references sessions(id) on delete set null;
create index sessions_parent_idx on sessions (parent_session_id) where parent_session_id is not null;

-- Set when a refresh token already used is presented again within the grace window and answered
-- (two browser tabs refreshing at once): allowed once, after that (or later) it is theft.
alter table refresh_tokens add column replayed_at timestamptz;
