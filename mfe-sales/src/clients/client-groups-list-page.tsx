/**
 * /clients/groups/list: the client groups of the acting tenant's subtree (GET /api/clients/groups),
 * paged, sorted and searched on the server, with their member counts. A group opens on its details;
 * editing and deleting (after a question) are row actions.
 */
import { Flex, Typography } from 'antd';
import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { ClientGroupListItem } from '@meridian/shared/contract/client';
import { api } from '@meridian/shared/http/api';
import { MESSAGES, userActionLabel } from '@meridian/shared/messages';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { EditRemoveActions } from '@meridian/shared/ui/edit-remove-actions';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { useConfirmedAction } from '@meridian/shared/ui/use-confirmed-action';
import { CLIENTS_LIST_PATH, CREATE_CLIENT_GROUP_PATH, clientGroupDetailsPath, editClientGroupPath } from './client-paths';
import { CLIENT_TEXT, deleteGroupQuestion } from './client-text';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

/** Asks, then deletes a group (POST /api/clients/groups/delete); its members stay clients. */
export function useGroupDelete(onDeleted?: () => void) {
  const { confirmAction, reloadToken } = useConfirmedAction();
  const confirmDelete = (group: Pick<ClientGroupListItem, 'Id' | 'name'>) =>
    confirmAction({
      question: deleteGroupQuestion(group.name),
      detail: CLIENT_TEXT.groupDeleteDetail,
      okText: MESSAGES.deleteAction,
      call: async () => {
        await api.post('/api/clients/groups/delete', { id: group.Id });
        onDeleted?.();
      },
      done: CLIENT_TEXT.groupDeleted,
    });
  return { confirmDelete, reloadToken };
}

export default function ClientGroupsListPage() {
  const format = useTenantFormat();
  const { confirmDelete, reloadToken } = useGroupDelete();

  const columns: PagedColumn<ClientGroupListItem>[] = [
    {
      title: MESSAGES.name,
      dataIndex: 'name',
      sortField: 'name',
      render: (_: unknown, g: ClientGroupListItem) => <Link to={clientGroupDetailsPath(g.Id)}>{g.name}</Link>,
    },
    {
      title: MESSAGES.description,
      dataIndex: 'description',
      render: (text: string | null) =>
        text ? (
          <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 320 }}>
            {text}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    { title: CLIENT_TEXT.memberCount, dataIndex: 'memberCount', sortField: 'memberCount', align: 'right' },
    { title: MESSAGES.tenant, dataIndex: 'tenantName', sortField: 'tenantName' },
    { title: MESSAGES.createdOn, dataIndex: 'dateCreated', sortField: 'dateCreated', render: (iso: string) => format.day(iso) },
    {
      title: MESSAGES.rowActions,
      key: 'actions',
      render: (_: unknown, g: ClientGroupListItem) => (
        <Flex gap={4} wrap={false}>
          <LinkButton
            to={clientGroupDetailsPath(g.Id)}
            size="small"
            type="text"
            icon={<EyeOutlined />}
            aria-label={userActionLabel(CLIENT_TEXT.groupDetails, g.name)}
            title={userActionLabel(CLIENT_TEXT.groupDetails, g.name)}
          >
            {null}
          </LinkButton>
          <EditRemoveActions editTo={editClientGroupPath(g.Id)} name={g.name} onRemove={() => confirmDelete(g)} />
        </Flex>
      ),
    },
  ];

  return (
    <PageFrame
      title={CLIENT_TEXT.clientGroups}
      actions={
        <>
          <LinkButton to={CLIENTS_LIST_PATH}>{CLIENT_TEXT.backToClients}</LinkButton>
          <LinkButton type="primary" icon={<PlusOutlined />} to={CREATE_CLIENT_GROUP_PATH}>
            {CLIENT_TEXT.newClientGroup}
          </LinkButton>
        </>
      }
    >
      <PagedTable<ClientGroupListItem>
        url="/api/clients/groups"
        columns={columns}
        rowKey={(g) => g.Id}
        label={CLIENT_TEXT.clientGroups}
        emptyText={CLIENT_TEXT.noClientGroups}
        searchPlaceholder={CLIENT_TEXT.searchClientGroups}
        defaultSort={{ field: 'dateCreated', order: 'DESC' }}
        reloadToken={reloadToken}
      />
    </PageFrame>
  );
}
