/**
 * /admin/users/list-deleted: users who were deleted (soft), newest deletion first, paged, sorted and
 * searched on the server. With ADMIN/USERS/DELETE one or several can be restored, after a question.
 */
import { useState } from 'react';
import { App, Button } from 'antd';
import { UndoOutlined } from '@ant-design/icons';
import type { UserListItem } from '@meridian/shared/contract/user';
import { api } from '@meridian/shared/http/api';
import { errorText } from '@meridian/shared/http/api-errors';
import { MESSAGES, userActionLabel } from '@meridian/shared/messages';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { fullName } from '@meridian/shared/format';
import { useCan } from '@meridian/shared/session/use-can';
import { users } from '@meridian/shared/contract/areas/admin';
import { restoreSelectedLabel, restoreUsersQuestion, USER_TEXT, usersRestoredMessage } from './user-text';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

export default function DeletedUsersPage() {
  const format = useTenantFormat();
  const { modal, message } = App.useApp();
  const canRestore = useCan(users, 'delete');
  const [selected, setSelected] = useState<string[]>([]);
  const [reloadToken, setReloadToken] = useState(0);

  const restore = (userIds: string[], name?: string) => {
    if (userIds.length === 0) return;
    void modal.confirm({
      title: restoreUsersQuestion(userIds.length, name),
      content: USER_TEXT.confirmRestoreUsersDetail,
      okText: USER_TEXT.restoreAction,
      cancelText: MESSAGES.cancelAction,
      onOk: async () => {
        try {
          const { data } = await api.post<{ restored: number }>('/api/users/undelete', { data: { userIds } });
          void message.success(usersRestoredMessage(data.restored));
          setSelected((keys) => keys.filter((key) => !userIds.includes(key)));
          setReloadToken((n) => n + 1);
        } catch (error) {
          void message.error(errorText(error));
        }
      },
    });
  };

  const columns: PagedColumn<UserListItem>[] = [
    { title: MESSAGES.name, key: 'name', sortField: 'firstName', render: (_: unknown, user: UserListItem) => fullName(user) },
    { title: MESSAGES.userName, dataIndex: 'userName', sortField: 'userName' },
    { title: MESSAGES.emailAddress, dataIndex: 'emailAddress', sortField: 'emailAddress' },
    { title: MESSAGES.roles, dataIndex: 'roles', render: (names: string[]) => names.join(', ') },
    { title: MESSAGES.tenant, dataIndex: 'tenantName', sortField: 'tenantName' },
    { title: USER_TEXT.deletedOn, dataIndex: 'dateDeleted', sortField: 'dateDeleted', render: (iso: string | null) => format.day(iso) },
    ...(canRestore
      ? [
          {
            title: MESSAGES.rowActions,
            key: 'actions',
            render: (_: unknown, user: UserListItem) => (
              <Button
                size="small"
                icon={<UndoOutlined />}
                aria-label={userActionLabel(USER_TEXT.restoreAction, fullName(user))}
                onClick={() => restore([user.Id], fullName(user))}
              >
                {USER_TEXT.restoreAction}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <PageFrame actions={<LinkButton to={users.screens.list}>{MESSAGES.backToUsers}</LinkButton>}>
      <PagedTable<UserListItem>
        url="/api/users/deleted"
        columns={columns}
        rowKey={(user) => user.Id}
        label={USER_TEXT.deletedUsers}
        emptyText={USER_TEXT.noDeletedUsers}
        searchPlaceholder={USER_TEXT.searchUsers}
        defaultSort={{ field: 'dateDeleted', order: 'DESC' }}
        selection={canRestore ? { keys: selected, onChange: setSelected } : undefined}
        reloadToken={reloadToken}
        toolbar={
          canRestore && (
            <Button icon={<UndoOutlined />} disabled={selected.length === 0} onClick={() => restore(selected)}>
              {restoreSelectedLabel(selected.length)}
            </Button>
          )
        }
      />
    </PageFrame>
  );
}
