/**
 * Add a client group (/clients/groups/create) or edit one (/clients/groups/edit/:id): its name, a
 * description and its members, found by name with the client picker and listed below it, where each
 * can be taken out again. Checked as the user types against the contract's rules; a refusal (a name
 * another group of the tenant has, say) keeps what was typed and chosen. Saving goes to the group's
 * details.
 */
import { useMemo, useState } from 'react';
import { App, Button, Flex, Form, Input, Table } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CLIENT_LIMITS,
  clientGroupSaveSchema,
  type ClientGroup,
  type ClientGroupListItem,
  type ClientListItem,
  type ClientMatch,
} from '@meridian/shared/contract/client';
import { DEFAULT_MAX_PAGE_SIZE } from '@meridian/shared/constants';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { FormAlert, FormFrame, SubmitButton, TextAreaField, TextField } from '@meridian/shared/ui/form-fields';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { fullName } from '@meridian/shared/format';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { ClientPicker } from './client-picker';
import { CLIENT_GROUPS_PATH, clientGroupDetailsPath } from './client-paths';
import { CLIENT_TEXT, maxMembersText, membersChosenText, removeMemberLabel } from './client-text';

type GroupFormInput = (typeof clientGroupSaveSchema)['_zod']['input'];
const FIELDS = ['name', 'description', 'clientIds'] as const;

type Member = Pick<ClientMatch, 'Id' | 'firstName' | 'lastName' | 'mobile' | 'emailAddress'>;

interface GroupToEdit {
  group: ClientGroupListItem;
  members: Member[];
}

/** The group and every one of its members (GET /api/clients?groupId, a page of 1,000 at a time), for the form to edit. */
async function loadGroupToEdit(id: string, signal: AbortSignal): Promise<GroupToEdit> {
  const { data: group } = await api.get<ClientGroup>(`/api/clients/groups/${encodeURIComponent(id)}`, {
    signal,
    query: { page: 1, size: 1 },
  });
  const members: Member[] = [];
  for (let page = 1; ; page++) {
    const { data, paging } = await api.get<ClientListItem[]>('/api/clients', {
      signal,
      query: { groupId: id, page, size: DEFAULT_MAX_PAGE_SIZE, sortField: 'lastName', sortOrder: 'ASC' },
    });
    members.push(...data);
    if (data.length === 0 || members.length >= (paging?.total ?? 0)) break;
  }
  const { members: _firstPage, ...rest } = group;
  return { group: rest, members };
}

function GroupForm({ existing }: { existing?: GroupToEdit }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const [known, setKnown] = useState(() => new Map((existing?.members ?? []).map((m) => [m.Id, m])));
  const [filter, setFilter] = useState('');
  const defaultValues: GroupFormInput = {
    name: existing?.group.name ?? '',
    description: existing?.group.description ?? null,
    clientIds: existing?.members.map((m) => m.Id) ?? [],
  };
  const { control, handleSubmit, setError, setValue, formState, getFieldState } = useForm({
    resolver: zodResolver(clientGroupSaveSchema),
    mode: 'onChange',
    defaultValues,
  });
  const watchedClientIds = useWatch({ control, name: 'clientIds' });
  const clientIds = useMemo(() => (watchedClientIds ?? []) as string[], [watchedClientIds]);
  const chosen = useMemo(() => new Set(clientIds), [clientIds]);

  const setMembers = (ids: string[]) => setValue('clientIds', ids, { shouldDirty: true, shouldValidate: true });
  const add = (client: ClientMatch) => {
    setKnown((map) => new Map(map).set(client.Id, client));
    if (!chosen.has(client.Id)) setMembers([...clientIds, client.Id]);
  };
  const remove = (id: string) => setMembers(clientIds.filter((c) => c !== id));

  const rows = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const members = clientIds.map((id) => known.get(id) ?? { Id: id, firstName: id, lastName: '', mobile: null, emailAddress: null });
    return needle
      ? members.filter((m) => `${fullName(m)} ${m.mobile ?? ''} ${m.emailAddress ?? ''}`.toLowerCase().includes(needle))
      : members;
  }, [clientIds, known, filter]);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { data } = existing
        ? await api.put<ClientGroupListItem>(`/api/clients/groups/${encodeURIComponent(existing.group.Id)}`, values)
        : await api.post<ClientGroupListItem>('/api/clients/groups', values);
      void message.success(existing ? CLIENT_TEXT.groupSaved : CLIENT_TEXT.groupCreated);
      void navigate(clientGroupDetailsPath(data.Id));
    } catch (error) {
      setFailure(applyFieldErrors(error, FIELDS, setError));
    }
  });

  const membersError = getFieldState('clientIds', formState).error?.message;
  return (
    <FormFrame onSubmit={submit}>
      <TextField control={control} name="name" label={MESSAGES.name} autoComplete="off" autoFocus={!existing} />
      <TextAreaField control={control} name="description" label={MESSAGES.description} rows={3} />
      <Form.Item
        label={`${CLIENT_TEXT.members} (${membersChosenText(clientIds.length)})`}
        validateStatus={membersError ? 'error' : undefined}
        help={membersError}
        extra={maxMembersText(CLIENT_LIMITS.maxGroupMembers)}
      >
        <Flex vertical gap={8}>
          <ClientPicker chosen={chosen} onPick={add} />
          {clientIds.length > 10 && (
            <Input.Search
              allowClear
              aria-label={CLIENT_TEXT.searchMembers}
              placeholder={CLIENT_TEXT.searchMembers}
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
            />
          )}
          <Table<Member>
            aria-label={CLIENT_TEXT.members}
            size="small"
            rowKey={(m) => m.Id}
            dataSource={rows}
            locale={{ emptyText: CLIENT_TEXT.noMembersChosen }}
            pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
            columns={[
              { title: MESSAGES.name, key: 'name', render: (_: unknown, m: Member) => fullName(m) },
              { title: MESSAGES.mobile, dataIndex: 'mobile', render: (v: string | null) => v ?? '—' },
              { title: MESSAGES.emailAddress, dataIndex: 'emailAddress', render: (v: string | null) => v ?? '—' },
              {
                title: MESSAGES.rowActions,
                key: 'remove',
                width: 80,
                render: (_: unknown, m: Member) => (
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={removeMemberLabel(fullName(m))}
                    title={removeMemberLabel(fullName(m))}
                    onClick={() => remove(m.Id)}
                  />
                ),
              },
            ]}
          />
        </Flex>
      </Form.Item>
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{existing ? MESSAGES.save : CLIENT_TEXT.createClientGroup}</SubmitButton>
    </FormFrame>
  );
}

const backToGroups = <LinkButton to={CLIENT_GROUPS_PATH}>{CLIENT_TEXT.backToGroups}</LinkButton>;

function EditGroup({ id }: { id: string }) {
  const loaded = useLoad((signal) => loadGroupToEdit(id, signal), [id]);
  return (
    <PageFrame
      title={CLIENT_TEXT.editGroup}
      subtitle={loaded.status === 'loaded' ? loaded.data.group.name : undefined}
      actions={backToGroups}
    >
      <LoadPanel state={loaded}>{(existing) => <GroupForm key={existing.group.Id} existing={existing} />}</LoadPanel>
    </PageFrame>
  );
}

export default function ClientGroupFormPage() {
  const { id } = useParams();
  if (id) return <EditGroup id={id} />;
  return (
    <PageFrame title={CLIENT_TEXT.newClientGroup} actions={backToGroups}>
      <GroupForm />
    </PageFrame>
  );
}
