/**
 * A searchable choice of one client group (GET /api/clients/groups, searched on the server as the user
 * types, so a tenant with thousands of groups downloads one short page). A group chosen earlier (kept
 * in the address) is named even when it is not on the page of matches.
 */
import { useMemo } from 'react';
import { Select } from 'antd';
import type { ClientGroup, ClientGroupListItem } from '@meridian/shared/contract/client';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { useSearchedChoices } from '../parts/use-searched-choices';
import { CLIENT_TEXT } from './client-text';

const MATCHES = 50;

const findGroups = (search: string, signal: AbortSignal) =>
  api
    .get<ClientGroupListItem[]>('/api/clients/groups', {
      signal,
      query: { page: 1, size: MATCHES, sortField: 'name', sortOrder: 'ASC', search: search || undefined },
    })
    .then((r) => r.data);

export function GroupFilter({ value, onChange }: { value: string | undefined; onChange(groupId: string | undefined): void }) {
  const groups = useSearchedChoices(findGroups);
  const listed = value === undefined || groups.matches.some((g) => g.Id === value);

  // The chosen group, named from its own record when the matches do not include it.
  const chosen = useLoad(
    (signal) =>
      value && !listed
        ? api
            .get<ClientGroup>(`/api/clients/groups/${encodeURIComponent(value)}`, { signal, query: { page: 1, size: 1 } })
            .then((r) => r.data)
        : Promise.resolve(null),
    [value, listed],
  );
  const chosenGroup = chosen.status === 'loaded' ? chosen.data : null;

  const options = useMemo(() => {
    const all = groups.matches.map((g) => ({ value: g.Id, label: g.name }));
    if (chosenGroup && !all.some((o) => o.value === chosenGroup.Id)) all.unshift({ value: chosenGroup.Id, label: chosenGroup.name });
    return all;
  }, [groups.matches, chosenGroup]);

  return (
    <Select
      aria-label={CLIENT_TEXT.filterByGroup}
      placeholder={CLIENT_TEXT.allGroups}
      allowClear
      showSearch={{ filterOption: false, onSearch: groups.onSearch }}
      loading={groups.loading}
      options={options}
      value={value}
      onChange={(groupId: string | undefined) => {
        groups.clear();
        onChange(groupId);
      }}
      popupMatchSelectWidth={false}
      style={{ width: 220 }}
    />
  );
}
