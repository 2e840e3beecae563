/**
 * /admin/api-users/list (and /admin/api-users/grid, the same list): the API users of the acting
 * tenant's subtree, paged, sorted and searched on the server, with each key's prefix (never the key),
 * its permissions, when it was last used and whether it is active, revoked or expired. Revoking
 * stops the key at once; deleting removes the record. Both ask first.
 */
import { Button, Flex, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import type { ApiUser, ApiUserStatus } from '@meridian/shared/contract/api-user';
import { api } from '@meridian/shared/http/api';
import { MESSAGES, userActionLabel } from '@meridian/shared/messages';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { useConfirmedAction } from '@meridian/shared/ui/use-confirmed-action';
import { ADD_API_USER_PATH } from './api-user-paths';
import { ADMIN_TEXT } from '../parts/admin-text';
import { API_USER_TEXT, deleteApiUserQuestion, revokeApiUserQuestion } from './api-user-text';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

const STATUS: Record<ApiUserStatus, { colour: string; label: string }> = {
  active: { colour: 'green', label: API_USER_TEXT.apiUserActive },
  revoked: { colour: 'red', label: API_USER_TEXT.apiUserRevoked },
  expired: { colour: 'orange', label: API_USER_TEXT.apiUserExpired },
};

/** How many permissions a row shows before the rest go into "+n". */
const SHOWN_PERMISSIONS = 3;

function PermissionTags({ apiUser }: { apiUser: ApiUser }) {
  const shown = apiUser.permissions.slice(0, SHOWN_PERMISSIONS);
  const rest = apiUser.permissions.slice(SHOWN_PERMISSIONS);
  return (
    <Flex gap={4} wrap>
      {shown.map((p) => (
        <Tag key={p.Id}>{p.hierarchy}</Tag>
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.map((p) => p.hierarchy).join(', ')}>
          <Tag>{`+${rest.length}`}</Tag>
        </Tooltip>
      )}
    </Flex>
  );
}

export default function ApiUsersListPage() {
  const format = useTenantFormat();
  const { confirmAction, reloadToken } = useConfirmedAction();

  const revoke = (apiUser: ApiUser) =>
    confirmAction({
      question: revokeApiUserQuestion(apiUser.name),
      detail: API_USER_TEXT.apiUserRevokeDetail,
      okText: API_USER_TEXT.revokeAction,
      call: () => api.post(`/api/api-users/${encodeURIComponent(apiUser.Id)}/revoke`),
      done: API_USER_TEXT.apiUserRevokedDone,
    });
  const remove = (apiUser: ApiUser) =>
    confirmAction({
      question: deleteApiUserQuestion(apiUser.name),
      detail: apiUser.status === 'active' ? API_USER_TEXT.apiUserDeleteActiveDetail : API_USER_TEXT.apiUserDeleteDetail,
      okText: MESSAGES.deleteAction,
      call: () => api.delete(`/api/api-users/${encodeURIComponent(apiUser.Id)}`),
      done: API_USER_TEXT.apiUserDeleted,
    });

  const columns: PagedColumn<ApiUser>[] = [
    {
      title: MESSAGES.name,
      dataIndex: 'name',
      sortField: 'name',
      render: (_: unknown, k: ApiUser) => (
        <Flex vertical>
          <span>{k.name}</span>
          <Typography.Text type="secondary">{k.tenantName}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: API_USER_TEXT.apiKeyPrefix,
      dataIndex: 'keyPrefix',
      render: (prefix: string) => <Typography.Text code>{`mk_${prefix}_…`}</Typography.Text>,
    },
    { title: ADMIN_TEXT.permissions, key: 'permissions', render: (_: unknown, k: ApiUser) => <PermissionTags apiUser={k} /> },
    {
      title: API_USER_TEXT.apiKeyLastUsed,
      dataIndex: 'lastUsedAt',
      sortField: 'lastUsedAt',
      render: (at: string | null) => (at ? format.moment(at) : API_USER_TEXT.never),
    },
    {
      title: API_USER_TEXT.apiKeyExpires,
      dataIndex: 'expiresAt',
      sortField: 'expiresAt',
      render: (at: string | null) => (at ? format.moment(at) : API_USER_TEXT.never),
    },
    {
      title: MESSAGES.status,
      dataIndex: 'status',
      render: (status: ApiUserStatus, k: ApiUser) => (
        <Tooltip title={status === 'revoked' && k.revokedAt ? format.moment(k.revokedAt) : undefined}>
          <Tag color={STATUS[status].colour}>{STATUS[status].label}</Tag>
        </Tooltip>
      ),
    },
    {
      title: MESSAGES.createdOn,
      dataIndex: 'dateCreated',
      sortField: 'dateCreated',
      render: (_: unknown, k: ApiUser) => (
        <Flex vertical>
          <span>{format.day(k.dateCreated)}</span>
          <Typography.Text type="secondary">{k.createdByUserName}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: MESSAGES.rowActions,
      key: 'actions',
      render: (_: unknown, k: ApiUser) => (
        <Flex gap={4} wrap={false}>
          {k.status === 'active' && (
            <Button
              size="small"
              danger
              icon={<StopOutlined />}
              aria-label={userActionLabel(API_USER_TEXT.revokeAction, k.name)}
              onClick={() => revoke(k)}
            >
              {API_USER_TEXT.revokeAction}
            </Button>
          )}
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={userActionLabel(MESSAGES.deleteAction, k.name)}
            title={userActionLabel(MESSAGES.deleteAction, k.name)}
            onClick={() => remove(k)}
          />
        </Flex>
      ),
    },
  ];

  return (
    <PageFrame title={API_USER_TEXT.apiUsers} subtitle={API_USER_TEXT.apiUsersIntro}>
      <PagedTable<ApiUser>
        url="/api/api-users"
        columns={columns}
        rowKey={(k) => k.Id}
        label={API_USER_TEXT.apiUsers}
        emptyText={API_USER_TEXT.noApiUsers}
        searchPlaceholder={API_USER_TEXT.searchApiUsers}
        defaultSort={{ field: 'dateCreated', order: 'DESC' }}
        reloadToken={reloadToken}
        toolbar={
          <LinkButton type="primary" icon={<PlusOutlined />} to={ADD_API_USER_PATH}>
            {API_USER_TEXT.newApiUser}
          </LinkButton>
        }
      />
    </PageFrame>
  );
}
