/**
 * The users a rule tells or mails, found on the server as the user types (the admin area's user list,
 * GET /api/users, searched; one short page), so a tenant with thousands of users downloads a page.
 * Users already chosen keep their names: each one not yet seen is asked once (GET /api/users/{id}).
 * Only for callers who may read users; the others are asked nothing (the form shows addresses only).
 */
import { useEffect, useMemo, useState } from 'react';
import type { User, UserListItem } from '@meridian/shared/contract/user';
import { fullName } from '@meridian/shared/format';
import { api } from '@meridian/shared/http/api';
import { SEARCH_DELAY_MS } from '@meridian/shared/http/use-paged-list';
import { useLoad } from '@meridian/shared/http/use-load';
import type { Choice } from '@meridian/shared/ui/form-fields';
import { TRACKING_API } from '../parts/tracking-api';

const MATCHES = 20;

const choiceOf = (user: Pick<UserListItem, 'Id' | 'firstName' | 'lastName' | 'emailAddress'>): Choice<string> => ({
  value: user.Id,
  label: `${fullName(user)} · ${user.emailAddress}`,
});

export function useUserChoices(enabled: boolean, chosen: readonly string[]) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const found = useLoad(
    (signal) =>
      enabled
        ? api
            .get<UserListItem[]>(TRACKING_API.users, {
              signal,
              query: { page: 1, size: MATCHES, sortField: 'firstName', sortOrder: 'ASC', search: search || undefined },
            })
            .then((r) => r.data.map(choiceOf))
        : Promise.resolve([]),
    [enabled, search],
  );
  const matches = useMemo(() => (found.status === 'loaded' ? found.data : []), [found]);

  // Names only grow: whoever was seen once is named from then on.
  const [names, setNames] = useState<Record<string, string>>({});
  useEffect(() => {
    if (matches.length > 0) setNames((current) => ({ ...current, ...Object.fromEntries(matches.map((c) => [c.value, c.label])) }));
  }, [matches]);

  const unnamedKey = enabled ? chosen.filter((id) => !(id in names)).join(',') : '';
  const looked = useLoad(
    (signal) =>
      unnamedKey
        ? Promise.all(
            unnamedKey.split(',').map((id) =>
              api.get<User>(TRACKING_API.user(id), { signal }).then(
                (r) => choiceOf(r.data),
                // A user gone since the rule was saved keeps the id as its name rather than failing the form.
                () => ({ value: id, label: id }),
              ),
            ),
          )
        : Promise.resolve([]),
    [unnamedKey],
  );
  const lookedUp = looked.status === 'loaded' ? looked.data : null;
  useEffect(() => {
    if (lookedUp && lookedUp.length > 0)
      setNames((current) => ({ ...current, ...Object.fromEntries(lookedUp.map((c) => [c.value, c.label])) }));
  }, [lookedUp]);

  const options = useMemo(() => {
    const all = [...matches];
    for (const id of chosen) if (!all.some((o) => o.value === id)) all.push({ value: id, label: names[id] ?? '…' });
    return all;
  }, [matches, chosen, names]);

  return { options, onSearch: setTyped, loading: found.status === 'loading', failed: found.status === 'failed' };
}
