/**
 * /admin/roles and /admin/roles/list: every role the acting tenant sees (system roles and its own),
 * paged, sorted and searched on the server. Deleting asks first; a role still held by users is refused
 * by the server, and its answer (naming the holders) stays on the screen.
 */
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { roles } from '@meridian/shared/contract/areas/admin';
import { useState } from 'react';
import { Alert, Button, Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { Role } from '@meridian/shared/contract/role';
import { api } from '@meridian/shared/http/api';
import { MESSAGES, userActionLabel } from '@meridian/shared/messages';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { useConfirmedAction } from '@meridian/shared/ui/use-confirmed-action';
import { mayChangeRole } from './role-form';
import { ADMIN_TEXT } from '../parts/admin-text';
import { deleteRoleQuestion, ROLE_TEXT } from './role-text';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

const editPath = (role: Role) => pathTo(roles.screens.edit, { id: role.Id });

export default function RolesListPage() {
  const format = useTenantFormat();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { confirmAction, reloadToken } = useConfirmedAction(setRefusal);

  const confirmDelete = (role: Role) =>
    confirmAction({
      question: deleteRoleQuestion(role.name),
      detail: ROLE_TEXT.roleDeleteDetail,
      okText: MESSAGES.deleteAction,
      call: () => api.delete(`/api/roles/${encodeURIComponent(role.Id)}`),
      done: ROLE_TEXT.roleDeleted,
    });

  const columns: PagedColumn<Role>[] = [
    {
      title: MESSAGES.name,
      dataIndex: 'name',
      sortField: 'name',
      render: (_: unknown, role: Role) => <Link to={editPath(role)}>{role.name}</Link>,
    },
    { title: MESSAGES.description, dataIndex: 'description', render: (text: string | null) => text ?? '' },
    {
      title: ROLE_TEXT.roleKind,
      key: 'kind',
      render: (_: unknown, role: Role) =>
        role.systemRole ? <Tag color="blue">{ROLE_TEXT.systemRole}</Tag> : <Tag>{ROLE_TEXT.tenantRole}</Tag>,
    },
    { title: ADMIN_TEXT.permissions, key: 'permissions', align: 'right', render: (_: unknown, role: Role) => role.permissions.length },
    { title: ADMIN_TEXT.users, dataIndex: 'userCount', align: 'right' },
    {
      title: MESSAGES.createdOn,
      dataIndex: 'dateCreated',
      sortField: 'dateCreated',
      render: (date: string) => format.day(date),
    },
    {
      title: MESSAGES.rowActions,
      key: 'actions',
      render: (_: unknown, role: Role) => (
        <Flex gap={8}>
          <LinkButton size="small" to={editPath(role)} aria-label={userActionLabel(MESSAGES.editAction, role.name)}>
            {MESSAGES.editAction}
          </LinkButton>
          {mayChangeRole(role) && (
            <Button size="small" danger onClick={() => confirmDelete(role)} aria-label={userActionLabel(MESSAGES.deleteAction, role.name)}>
              {MESSAGES.deleteAction}
            </Button>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <PageFrame title={MESSAGES.roles}>
      {refusal && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setRefusal(null) }}
          title={ROLE_TEXT.roleNotDeleted}
          description={<Typography.Text>{refusal}</Typography.Text>}
          style={{ marginBottom: 16 }}
          role="alert"
        />
      )}
      <PagedTable<Role>
        url="/api/roles"
        columns={columns}
        rowKey={(role) => role.Id}
        label={MESSAGES.roles}
        emptyText={ROLE_TEXT.noRoles}
        searchPlaceholder={ROLE_TEXT.searchRoles}
        defaultSort={{ field: 'name', order: 'ASC' }}
        reloadToken={reloadToken}
        toolbar={
          <LinkButton type="primary" to={roles.screens.add}>
            {ROLE_TEXT.newRole}
          </LinkButton>
        }
      />
    </PageFrame>
  );
}
