/**
 * What the top bar's search looks through: clients, leads, users and activities, each through its own
 * list call (so the server applies the same permissions and tenant scope as the list screens), and
 * only those kinds the user may read. Each kind says how a row is named and which screen opens it.
 */
import type { AnyResource } from '@meridian/shared/contract/areas/area';
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { users } from '@meridian/shared/contract/areas/admin';
import { activities, clients, leads } from '@meridian/shared/contract/areas/sales';
import type { ActivityListItem } from '@meridian/shared/contract/activity';
import type { ClientListItem } from '@meridian/shared/contract/client';
import type { LeadListItem } from '@meridian/shared/contract/lead';
import type { UserListItem } from '@meridian/shared/contract/user';
import { fullName } from '@meridian/shared/format';
import { canDo } from '@meridian/shared/session/use-can';
import type { SessionState } from '@meridian/shared/session/session-store';
import { api } from '@meridian/shared/http/api';
import { apiPath } from '@meridian/shared/http/api-path';

/** Results per kind: enough to find someone by name, few enough to read at a glance. */
export const RESULTS_PER_KIND = 5;
/** Shorter text matches too much to be useful. */
export const MIN_SEARCH_LENGTH = 2;

export interface SearchHit {
  key: string;
  title: string;
  detail?: string;
  path: string;
}

interface SearchKind<Row> {
  id: string;
  label: string;
  resource: AnyResource;
  listPath: string;
  hit(row: Row): SearchHit;
}

/** Typed by its row where written; each kind's rows come only from its own list call. */
const kind = <Row>(spec: SearchKind<Row>) => spec as SearchKind<unknown>;

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ') || undefined;

export const SEARCH_KINDS: readonly SearchKind<unknown>[] = [
  kind<ClientListItem>({
    id: 'clients',
    label: 'Clients',
    resource: clients,
    listPath: apiPath(clients.api.list),
    hit: (c) => ({
      key: `client:${c.Id}`,
      title: fullName(c),
      detail: joined(c.mobile, c.tenantName),
      path: pathTo(clients.screens.edit, { id: c.Id }),
    }),
  }),
  kind<LeadListItem>({
    id: 'leads',
    label: 'Leads',
    resource: leads,
    listPath: apiPath(leads.api.list),
    hit: (l) => ({
      key: `lead:${l.Id}`,
      title: fullName(l),
      detail: joined(l.contactNumber, l.tenantName),
      path: pathTo(leads.screens.edit, { id: l.Id }),
    }),
  }),
  kind<UserListItem>({
    id: 'users',
    label: 'Users',
    resource: users,
    listPath: apiPath(users.api.list),
    hit: (u) => ({
      key: `user:${u.Id}`,
      title: fullName(u),
      detail: joined(u.userName, u.emailAddress),
      path: pathTo(users.screens.edit, { id: u.Id }),
    }),
  }),
  kind<ActivityListItem>({
    id: 'activities',
    label: 'Activities',
    resource: activities,
    listPath: apiPath(activities.api.list),
    hit: (a) => ({
      key: `activity:${a.Id}`,
      title: a.name,
      detail: joined(a.typeDesc, a.location),
      path: pathTo(activities.screens.view, { id: a.Id }),
    }),
  }),
];

/** The kinds this user may search: those whose list they may read. */
export const searchableKinds = (session: Pick<SessionState, 'user'>) => SEARCH_KINDS.filter((k) => canDo(session, k.resource, 'read'));

export type KindResult = { id: string; label: string } & ({ status: 'found'; hits: SearchHit[] } | { status: 'failed' });

/** Searches each kind at once; one kind failing leaves the others' results. */
export function searchEverything(kinds: readonly SearchKind<unknown>[], text: string, signal: AbortSignal): Promise<KindResult[]> {
  return Promise.all(
    kinds.map(async (k): Promise<KindResult> => {
      try {
        const { data } = await api.get<unknown[]>(k.listPath, { signal, query: { search: text, size: RESULTS_PER_KIND } });
        return { id: k.id, label: k.label, status: 'found', hits: data.slice(0, RESULTS_PER_KIND).map((row) => k.hit(row)) };
      } catch (error) {
        if (signal.aborted) throw error;
        return { id: k.id, label: k.label, status: 'failed' };
      }
    }),
  );
}
