/**
 * Choosing people found on the server as the user types, so a tenant with thousands of them downloads
 * one short page: agents (the field users of the tenant acted for and those below it,
 * GET /api/users/getagentscte/{tenant}), any user of that subtree (GET /api/users/bytenantid/{tenant}),
 * clients (POST /api/clients/search) and leads (POST /api/leads/search). A chosen person keeps their name when the matches no longer include them:
 * from what the page already knows (a plan's agent, a team's members, a case's client), else, for
 * agents, asked once from GET /api/users/list/{ids}.
 *
 * PersonSelect is the bare control (list filters); PersonField binds it to a react-hook-form field.
 * AgentSelect and AgentField are the same for agents, UserSelect and UserField for any user.
 */
import { useEffect, useId, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { Form, Select } from 'antd';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { ClientMatch } from '@meridian/shared/contract/client';
import type { LeadMatch } from '@meridian/shared/contract/lead';
import type { UserListItem } from '@meridian/shared/contract/user';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { requestTenantId, useSession } from '@meridian/shared/session/session-store';
import { fullName } from '@meridian/shared/format';
import { useSearchedChoices } from './use-searched-choices';

export interface PersonChoice {
  value: string;
  label: string;
}

type Person = { Id: string; firstName: string; lastName: string };
/** Finds the people whose name matches the typed text ('' for the first few). */
export type FindPeople = (search: string, signal: AbortSignal) => Promise<PersonChoice[]>;
/** Names people by id (those chosen earlier that the page cannot name). */
export type NamePeople = (ids: string[], signal: AbortSignal) => Promise<PersonChoice[]>;

const MATCHES = 50;
export const PERSON_SELECT_TEXT = {
  chooseAgent: 'Choose an agent',
  chooseAgents: 'Choose agents',
  chooseUser: 'Choose a user',
  typeToSearch: 'Type a name to search',
  searchFailed: 'The search failed. Type again to retry.',
} as const;

const asList = (value: string | string[] | null | undefined) => (Array.isArray(value) ? value : value ? [value] : []);
const choiceOf = (person: Person, detail?: string | null): PersonChoice => ({
  value: person.Id,
  label: detail ? `${fullName(person)} · ${detail}` : fullName(person),
});

/** Field agents only, or every user. */
type UserKind = 'agents' | 'users';
const USER_LISTS: Record<UserKind, string> = { agents: '/api/users/getagentscte', users: '/api/users/bytenantid' };

/** The agents (or all users) of the tenant acted for (else the user's home tenant), and their names by id. */
export function useAgentSearch(kind: UserKind = 'agents'): { find: FindPeople; name: NamePeople; tenant: string | null } {
  const tenant = useSession((state) => requestTenantId(state) ?? state.user?.tenantId ?? null);
  const find: FindPeople = (search, signal) =>
    tenant
      ? api
          .get<UserListItem[]>(`${USER_LISTS[kind]}/${encodeURIComponent(tenant)}`, {
            signal,
            query: { page: 1, size: MATCHES, sortField: 'firstName', sortOrder: 'ASC', search: search || undefined },
          })
          .then((r) => r.data.map((user) => choiceOf(user)))
      : Promise.resolve([]);
  const name: NamePeople = (ids, signal) =>
    api
      .get<Person[]>(`/api/users/list/${ids.map(encodeURIComponent).join(',')}`, { signal })
      .then((r) => r.data.map((person) => choiceOf(person)));
  return { find, name, tenant };
}

export const findClients: FindPeople = (search, signal) =>
  api
    .post<ClientMatch[]>('/api/clients/search', { name: search }, { signal })
    .then((r) => r.data.map((client) => choiceOf(client, client.mobile)));

export const findLeads: FindPeople = (search, signal) =>
  api
    .post<LeadMatch[]>('/api/leads/search', { name: search }, { signal })
    .then((r) => r.data.map((lead) => choiceOf(lead, lead.contactNumber)));

/** Matches for the typed text, plus every chosen person, each with a name. */
export function usePersonChoices({
  find,
  name,
  chosen,
  known = [],
  deps = [],
}: {
  find: FindPeople;
  name?: NamePeople;
  chosen: readonly string[];
  known?: readonly PersonChoice[];
  deps?: readonly unknown[];
}) {
  const people = useSearchedChoices(find, deps);

  // Names only grow: whoever was seen once is named from then on.
  const [names, setNames] = useState<Record<string, string>>({});
  useEffect(() => {
    setNames((current) => {
      const seen = [...known, ...people.matches].filter((c) => current[c.value] !== c.label);
      return seen.length > 0 ? { ...current, ...Object.fromEntries(seen.map((c) => [c.value, c.label])) } : current;
    });
  }, [people.matches, known]);

  const unnamed = name ? chosen.filter((id) => !(id in names)) : [];
  const unnamedKey = unnamed.join(',');
  // The ids decide when to look names up: `unnamed` and `name` are made afresh on every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const looked = useLoad((signal) => (name && unnamed.length > 0 ? name(unnamed, signal) : Promise.resolve([])), [unnamedKey]);
  const lookedUp = looked.status === 'loaded' ? looked.data : null;
  useEffect(() => {
    if (lookedUp && lookedUp.length > 0)
      setNames((current) => ({ ...current, ...Object.fromEntries(lookedUp.map((c) => [c.value, c.label])) }));
  }, [lookedUp]);

  const options = useMemo(() => {
    const all = [...people.matches];
    for (const id of chosen) if (!all.some((o) => o.value === id)) all.push({ value: id, label: names[id] ?? '…' });
    return all;
  }, [people.matches, chosen, names]);

  return { options, onSearch: people.onSearch, clear: people.clear, loading: people.loading, failed: people.failed !== null };
}

export interface PersonSelectProps {
  find: FindPeople;
  /** Names chosen people the page cannot name. */
  name?: NamePeople;
  /** Search again when these change (the tenant whose people are found). */
  deps?: readonly unknown[];
  value: string | string[] | null | undefined;
  onChange(value: string | string[] | null): void;
  multiple?: boolean;
  /** People the page can already name. */
  known?: readonly PersonChoice[];
  id?: string;
  ariaLabel?: string;
  placeholder?: string;
  allowClear?: boolean;
  invalid?: boolean;
  onBlur?: () => void;
  style?: CSSProperties;
}

export function PersonSelect({
  find,
  name,
  deps,
  value,
  onChange,
  multiple = false,
  known,
  id,
  ariaLabel,
  placeholder = PERSON_SELECT_TEXT.typeToSearch,
  allowClear = true,
  invalid = false,
  onBlur,
  style,
}: PersonSelectProps) {
  const chosen = asList(value);
  const people = usePersonChoices({ find, name, chosen, known, deps });
  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      mode={multiple ? 'multiple' : undefined}
      placeholder={placeholder}
      allowClear={allowClear}
      showSearch={{ filterOption: false, onSearch: people.onSearch }}
      loading={people.loading}
      options={people.options}
      value={multiple ? chosen : (chosen[0] ?? undefined)}
      notFoundContent={people.failed ? PERSON_SELECT_TEXT.searchFailed : undefined}
      onChange={(next: string | string[] | undefined) => {
        people.clear();
        onChange(multiple ? asList(next) : typeof next === 'string' ? next : null);
      }}
      onBlur={onBlur}
      status={invalid ? 'error' : undefined}
      aria-invalid={invalid}
      popupMatchSelectWidth={false}
      style={style}
    />
  );
}

export type AgentSelectProps = Omit<PersonSelectProps, 'find' | 'name' | 'deps'>;

function UserKindSelect({ kind, multiple, placeholder, ...props }: AgentSelectProps & { kind: UserKind }) {
  const users = useAgentSearch(kind);
  return (
    <PersonSelect
      {...props}
      multiple={multiple}
      find={users.find}
      name={users.name}
      deps={[users.tenant, kind]}
      placeholder={
        placeholder ??
        (kind === 'users' ? PERSON_SELECT_TEXT.chooseUser : multiple ? PERSON_SELECT_TEXT.chooseAgents : PERSON_SELECT_TEXT.chooseAgent)
      }
    />
  );
}

/** Field agents (loan officers, credit officers, team leaders) of the acting subtree. */
export const AgentSelect = (props: AgentSelectProps) => <UserKindSelect {...props} kind="agents" />;
/** Any user of the acting subtree (a case's owner, say). */
export const UserSelect = (props: AgentSelectProps) => <UserKindSelect {...props} kind="users" />;

interface PersonFieldProps<T extends FieldValues, TOut extends FieldValues> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  extra?: ReactNode;
  multiple?: boolean;
  known?: readonly PersonChoice[];
  placeholder?: string;
  /** Called after every change. */
  onValueChange?: (value: string | string[] | null) => void;
}

/** A person (or several) as a form field, checked like any other field of the form's schema; `select` draws the control. */
function BoundPersonField<T extends FieldValues, TOut extends FieldValues>({
  control,
  name,
  label,
  extra,
  onValueChange,
  select,
}: Omit<PersonFieldProps<T, TOut>, 'multiple' | 'known' | 'placeholder'> & {
  select(props: Omit<AgentSelectProps, 'multiple' | 'known' | 'placeholder'>): ReactNode;
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Form.Item
          label={label}
          htmlFor={id}
          validateStatus={fieldState.error ? 'error' : undefined}
          help={fieldState.error?.message}
          extra={extra}
        >
          {select({
            id,
            value: field.value as string | string[] | null | undefined,
            onChange: (value) => {
              field.onChange(value);
              onValueChange?.(value);
            },
            onBlur: field.onBlur,
            invalid: Boolean(fieldState.error),
            style: { width: '100%' },
          })}
        </Form.Item>
      )}
    />
  );
}

export function AgentField<T extends FieldValues, TOut extends FieldValues>({
  multiple,
  known,
  placeholder,
  ...props
}: PersonFieldProps<T, TOut>) {
  return (
    <BoundPersonField
      {...props}
      select={(bound) => <AgentSelect {...bound} multiple={multiple} known={known} placeholder={placeholder} />}
    />
  );
}

export function UserField<T extends FieldValues, TOut extends FieldValues>({
  multiple,
  known,
  placeholder,
  ...props
}: PersonFieldProps<T, TOut>) {
  return (
    <BoundPersonField
      {...props}
      select={(bound) => <UserSelect {...bound} multiple={multiple} known={known} placeholder={placeholder} />}
    />
  );
}

export function PersonField<T extends FieldValues, TOut extends FieldValues>({
  multiple,
  known,
  placeholder,
  find,
  ...props
}: PersonFieldProps<T, TOut> & { find: FindPeople }) {
  return (
    <BoundPersonField
      {...props}
      select={(bound) => <PersonSelect {...bound} find={find} multiple={multiple} known={known} placeholder={placeholder} />}
    />
  );
}
