/**
 * What can be done to users from the lists: edit, change the password (the shell's
 * /admin/users/change-user-password/:id), issue a temporary password (shown once), delete one or
 * several. Every destructive action asks first.
 */
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { users } from '@meridian/shared/contract/areas/admin';
import { publicPages } from '@meridian/shared/contract/areas/platform';
import type { ReactNode } from 'react';
import { App, Button, Flex, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, KeyOutlined, LockOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { isInRoleGroup } from '@meridian/shared/contract/roles';
import { useSession } from '@meridian/shared/session/session-store';
import { api } from '@meridian/shared/http/api';
import { errorText } from '@meridian/shared/http/api-errors';
import { MESSAGES, userActionLabel } from '@meridian/shared/messages';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { fullName } from '@meridian/shared/format';
import { deleteUsersQuestion, temporaryPasswordTitle, USER_TEXT, usersDeletedMessage } from './user-text';

export const editUserPath = (id: string) => pathTo(users.screens.edit, { id });
export const changeUserPasswordPath = (id: string) => pathTo(publicPages.screens.changeUserPassword, { id });
export const impersonateUserPath = (user: { Id: string; userName: string }) =>
  pathTo(publicPages.screens.impersonate, { id: user.Id, name: user.userName });

interface NamedUser {
  Id: string;
  firstName: string;
  lastName: string;
  userName?: string;
}

/**
 * Whether "Sign in as" is offered: to an administrator signed in as themselves (the same rule the
 * impersonation page and the server apply; the server also refuses a user who outranks them).
 */
function useMayImpersonate(): boolean {
  return useSession((s) => !!s.user && isInRoleGroup(s.user.roles, 'admin') && s.impersonator === null);
}

export interface UserActions {
  /** Asks, then deletes the users (DELETE /api/users/delete {userIds}). */
  deleteUsers(userIds: string[], name?: string): void;
  /** Asks, then issues a temporary password and shows it once. */
  issueTemporaryPassword(user: NamedUser): void;
}

/** `onDeleted` hears the ids that were deleted, to reload the list and forget them as selected. */
/** A row action that is a link, shown as its icon alone and named for assistive technology. */
function IconLink({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <LinkButton to={to} icon={icon} size="small" type="text" aria-label={label} title={label}>
      {null}
    </LinkButton>
  );
}

export function useUserActions({ onDeleted }: { onDeleted(userIds: string[]): void }): UserActions {
  const { modal, message } = App.useApp();

  const deleteUsers = (userIds: string[], name?: string) => {
    if (userIds.length === 0) return;
    void modal.confirm({
      title: deleteUsersQuestion(userIds.length, name),
      content: USER_TEXT.confirmDeleteUsersDetail,
      okText: MESSAGES.deleteAction,
      okButtonProps: { danger: true },
      cancelText: MESSAGES.cancelAction,
      onOk: async () => {
        try {
          const { data } = await api.delete<{ deleted: number }>('/api/users/delete', { body: { userIds } });
          void message.success(usersDeletedMessage(data.deleted));
          onDeleted(userIds);
        } catch (error) {
          void message.error(errorText(error));
        }
      },
    });
  };

  const showTemporaryPassword = (user: NamedUser, password: string) =>
    void modal.success({
      title: temporaryPasswordTitle(fullName(user)),
      content: (
        <Flex vertical gap={8}>
          <Typography.Text>{USER_TEXT.temporaryPasswordShownOnce}</Typography.Text>
          <Typography.Text code copyable={{ text: password }} data-testid="temporary-password">
            {password}
          </Typography.Text>
        </Flex>
      ),
    });

  const issueTemporaryPassword = (user: NamedUser) =>
    void modal.confirm({
      title: USER_TEXT.confirmTemporaryPassword,
      content: USER_TEXT.confirmTemporaryPasswordDetail,
      okText: USER_TEXT.issueTemporaryPassword,
      okButtonProps: { danger: true },
      cancelText: MESSAGES.cancelAction,
      onOk: async () => {
        try {
          const { data } = await api.get<{ temporaryPassword: string }>(`/api/users/get-temp-password/${encodeURIComponent(user.Id)}`);
          showTemporaryPassword(user, data.temporaryPassword);
        } catch (error) {
          void message.error(errorText(error));
        }
      },
    });

  return { deleteUsers, issueTemporaryPassword };
}

/** The buttons of one user's row or card; delete only for those who may delete, and never on one's own row. */
export function UserRowActions({
  user,
  actions,
  canDelete,
  isSelf,
}: {
  user: NamedUser;
  actions: UserActions;
  canDelete: boolean;
  isSelf: boolean;
}) {
  const name = fullName(user);
  const mayImpersonate = useMayImpersonate() && !isSelf && !!user.userName;
  return (
    <Flex gap={4} wrap={false}>
      <IconLink to={editUserPath(user.Id)} icon={<EditOutlined />} label={userActionLabel(MESSAGES.editAction, name)} />
      <IconLink to={changeUserPasswordPath(user.Id)} icon={<KeyOutlined />} label={userActionLabel(MESSAGES.changePassword, name)} />
      <Button
        size="small"
        type="text"
        icon={<LockOutlined />}
        aria-label={userActionLabel(USER_TEXT.temporaryPassword, name)}
        title={userActionLabel(USER_TEXT.temporaryPassword, name)}
        onClick={() => actions.issueTemporaryPassword(user)}
      />
      {mayImpersonate && (
        <IconLink
          to={impersonateUserPath({ Id: user.Id, userName: user.userName! })}
          icon={<UserSwitchOutlined />}
          label={userActionLabel(USER_TEXT.impersonate, name)}
        />
      )}
      {canDelete && !isSelf && (
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={userActionLabel(MESSAGES.deleteAction, name)}
          title={userActionLabel(MESSAGES.deleteAction, name)}
          onClick={() => actions.deleteUsers([user.Id], name)}
        />
      )}
    </Flex>
  );
}
