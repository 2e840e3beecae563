/**
 * /clients/groups/details/:id: a client group (name, description, tenant, who made it, member count)
 * and its members, paged, sorted and searched on the server (GET /api/clients?groupId). The group can
 * be edited or deleted (after a question) from here.
 */
import { Button, Descriptions, Flex } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import type { ClientGroup, ClientListItem } from '@meridian/shared/contract/client';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { fullName } from '@meridian/shared/format';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { CLIENT_GROUPS_PATH, editClientGroupPath, editClientPath } from './client-paths';
import { useGroupDelete } from './client-groups-list-page';
import { CLIENT_TEXT } from './client-text';
import { useCan } from '@meridian/shared/session/use-can';
import { clients } from '@meridian/shared/contract/areas/sales';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

function Members({ groupId, reloadToken }: { groupId: string; reloadToken: number }) {
  const canEdit = useCan(clients, 'edit');
  const columns: PagedColumn<ClientListItem>[] = [
    {
      title: MESSAGES.name,
      key: 'name',
      sortField: 'lastName',
      render: (_: unknown, c: ClientListItem) => (canEdit ? <Link to={editClientPath(c.Id)}>{fullName(c)}</Link> : fullName(c)),
    },
    { title: MESSAGES.mobile, dataIndex: 'mobile', sortField: 'mobile', render: (v: string | null) => v ?? '—' },
    { title: MESSAGES.emailAddress, dataIndex: 'emailAddress', sortField: 'emailAddress', render: (v: string | null) => v ?? '—' },
    { title: CLIENT_TEXT.idNumber, dataIndex: 'idNumber', render: (v: string | null) => v ?? '—' },
    { title: MESSAGES.tenant, dataIndex: 'tenantName', sortField: 'tenantName' },
  ];
  return (
    <PagedTable<ClientListItem>
      url="/api/clients"
      filters={{ groupId }}
      columns={columns}
      rowKey={(c) => c.Id}
      label={CLIENT_TEXT.members}
      emptyText={CLIENT_TEXT.noMembers}
      searchPlaceholder={CLIENT_TEXT.searchMembers}
      defaultSort={{ field: 'lastName', order: 'ASC' }}
      reloadToken={reloadToken}
    />
  );
}

export default function ClientGroupDetailsPage() {
  const format = useTenantFormat();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const loaded = useLoad(
    (signal) =>
      api.get<ClientGroup>(`/api/clients/groups/${encodeURIComponent(id)}`, { signal, query: { page: 1, size: 1 } }).then((r) => r.data),
    [id],
  );
  const { confirmDelete, reloadToken } = useGroupDelete(() => void navigate(CLIENT_GROUPS_PATH));
  const group = loaded.status === 'loaded' ? loaded.data : null;

  return (
    <PageFrame
      title={group?.name ?? CLIENT_TEXT.clientGroups}
      subtitle={group?.description ?? undefined}
      actions={
        <>
          <LinkButton to={CLIENT_GROUPS_PATH}>{CLIENT_TEXT.backToGroups}</LinkButton>
          {group && (
            <>
              <LinkButton to={editClientGroupPath(group.Id)} icon={<EditOutlined />}>
                {CLIENT_TEXT.editGroup}
              </LinkButton>
              <Button danger icon={<DeleteOutlined />} onClick={() => confirmDelete(group)}>
                {MESSAGES.deleteAction}
              </Button>
            </>
          )}
        </>
      }
    >
      <LoadPanel state={loaded}>
        {(g) => (
          <Flex vertical gap={24}>
            <Descriptions size="small" column={{ xs: 1, md: 2 }}>
              <Descriptions.Item label={MESSAGES.tenant}>{g.tenantName}</Descriptions.Item>
              <Descriptions.Item label={CLIENT_TEXT.memberCount}>{g.memberCount.toLocaleString()}</Descriptions.Item>
              <Descriptions.Item
                label={MESSAGES.createdOn}
              >{`${format.day(g.dateCreated)}${g.createdBy ? ` · ${g.createdBy}` : ''}`}</Descriptions.Item>
              <Descriptions.Item label={MESSAGES.updatedOn}>{format.day(g.dateModified)}</Descriptions.Item>
            </Descriptions>
            <Members groupId={g.Id} reloadToken={reloadToken} />
          </Flex>
        )}
      </LoadPanel>
    </PageFrame>
  );
}
