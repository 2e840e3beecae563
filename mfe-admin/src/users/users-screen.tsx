/**
 * The users of the acting tenant's subtree, as a list (/admin/users/list) or as cards
 * (/admin/users/grid): paged, sorted and searched on the server, filtered by role and by tenant (a
 * tenant includes the tenants below it). Page, sort, search and filters live in the address, so
 * switching view keeps them. Rows can be edited, given a new password (set, or a temporary one
 * shown once) and, with ADMIN/USERS/DELETE, deleted one by one or several at once.
 */
import { useState } from 'react';
import { Button, Flex, Segmented, Select, Tag, TreeSelect } from 'antd';
import { AppstoreOutlined, DeleteOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { UserListItem } from '@meridian/shared/contract/user';
import { deleteSelectedLabel, MESSAGES } from '@meridian/shared/messages';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable, type PagedColumn, type SortOrder } from '@meridian/shared/ui/paged-table';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { editUserPath, UserRowActions, useUserActions } from './user-actions';
import { fullName } from '@meridian/shared/format';
import { useCan } from '@meridian/shared/session/use-can';
import { users } from '@meridian/shared/contract/areas/admin';
import { useOwnUserId } from './own-user-id';
import { useRoleChoices } from './use-role-choices';
import { useTenantChoices } from './use-tenant-choices';
import { UsersGrid } from './users-grid';
import { ADMIN_TEXT } from '../parts/admin-text';
import { USER_TEXT } from './user-text';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

export type UsersView = 'list' | 'grid';

export const ADD_USER_PATH = users.screens.add;
const VIEW_PATHS: Record<UsersView, string> = { list: users.screens.list, grid: users.screens.grid };

/** The list call's default order (api users/user-list.ts USER_SORT), shown as such. */
const DEFAULT_SORT: { field: string; order: SortOrder } = { field: 'dateCreated', order: 'DESC' };

/** The fields GET /api/users sorts by (its whitelist), for the grid's sort choice. */
const SORT_FIELDS = [
  { value: 'dateCreated', label: MESSAGES.createdOn },
  { value: 'firstName', label: MESSAGES.firstName },
  { value: 'lastName', label: MESSAGES.lastName },
  { value: 'userName', label: MESSAGES.userName },
  { value: 'emailAddress', label: MESSAGES.emailAddress },
  { value: 'tenantName', label: MESSAGES.tenant },
];

/** The role and tenant filters, kept in the address beside the table's own state. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const role = params.get('role') ?? undefined;
  const tenant = params.get('tenant') ?? undefined;
  const set = (name: 'role' | 'tenant', value: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        // Other filters start again from page 1.
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { role, tenant, set };
}

export function UsersScreen({ view }: { view: UsersView }) {
  const format = useTenantFormat();
  const navigate = useNavigate();
  const location = useLocation();
  const filters = useFilters();
  const roles = useRoleChoices();
  const tenants = useTenantChoices();
  const canDelete = useCan(users, 'delete');
  const ownId = useOwnUserId();
  const [selected, setSelected] = useState<string[]>([]);
  const [reloadToken, setReloadToken] = useState(0);

  const actions = useUserActions({
    onDeleted: (ids) => {
      setSelected((keys) => keys.filter((key) => !ids.includes(key)));
      setReloadToken((n) => n + 1);
    },
  });

  const query = { roleName: filters.role, tenantId: filters.tenant };
  const selection = canDelete ? { keys: selected, onChange: setSelected } : undefined;
  const rowActions = (user: UserListItem) => (
    <UserRowActions user={user} actions={actions} canDelete={canDelete} isSelf={user.Id === ownId} />
  );

  const columns: PagedColumn<UserListItem>[] = [
    {
      title: MESSAGES.name,
      key: 'name',
      sortField: 'firstName',
      render: (_: unknown, user: UserListItem) => <Link to={editUserPath(user.Id)}>{fullName(user)}</Link>,
    },
    { title: MESSAGES.userName, dataIndex: 'userName', sortField: 'userName', optional: true, maxWidth: 180 },
    { title: MESSAGES.emailAddress, dataIndex: 'emailAddress', sortField: 'emailAddress', optional: true, maxWidth: 240 },
    { title: MESSAGES.mobile, dataIndex: 'mobile', hiddenByDefault: true, render: (mobile: string | null) => mobile ?? '—' },
    {
      title: MESSAGES.roles,
      dataIndex: 'roles',
      // A set width lets the tags wrap onto more lines instead of widening the table.
      width: 260,
      render: (names: string[]) => (
        <Flex gap={4} wrap>
          {names.map((name) => (
            <Tag key={name}>{name}</Tag>
          ))}
        </Flex>
      ),
    },
    { title: MESSAGES.tenant, dataIndex: 'tenantName', sortField: 'tenantName', optional: true, maxWidth: 200 },
    {
      title: MESSAGES.createdOn,
      dataIndex: 'dateCreated',
      sortField: 'dateCreated',
      hiddenByDefault: true,
      render: (iso: string) => format.day(iso),
    },
    { title: MESSAGES.rowActions, key: 'actions', actions: true, render: (_: unknown, user: UserListItem) => rowActions(user) },
  ];

  const toolbar = (
    <>
      <Select
        aria-label={USER_TEXT.filterByRole}
        placeholder={USER_TEXT.allRoles}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={roles.loading}
        options={roles.byName}
        value={filters.role}
        onChange={(value: string | undefined) => filters.set('role', value)}
        style={{ width: 200 }}
      />
      <TreeSelect
        aria-label={USER_TEXT.filterByTenant}
        placeholder={USER_TEXT.allTenants}
        allowClear
        showSearch={{
          filterTreeNode: (input, node) =>
            String(node.title ?? '')
              .toLowerCase()
              .includes(input.trim().toLowerCase()),
        }}
        loading={tenants.loading}
        treeData={tenants.tree}
        treeDefaultExpandAll
        value={filters.tenant}
        onChange={(value: string | undefined) => filters.set('tenant', value)}
        popupMatchSelectWidth={false}
        style={{ width: 220 }}
      />
      {canDelete && (
        <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={() => actions.deleteUsers(selected)}>
          {deleteSelectedLabel(selected.length)}
        </Button>
      )}
    </>
  );

  const switchView = (next: UsersView) => {
    if (next !== view) void navigate(`${VIEW_PATHS[next]}${location.search}`);
  };

  return (
    <PageFrame
      actions={
        <>
          <Segmented<UsersView>
            aria-label={USER_TEXT.usersView}
            value={view}
            onChange={switchView}
            options={[
              { value: 'list', label: MESSAGES.listView, icon: <UnorderedListOutlined /> },
              { value: 'grid', label: MESSAGES.gridView, icon: <AppstoreOutlined /> },
            ]}
          />
          <LinkButton to={ADD_USER_PATH} type="primary" icon={<PlusOutlined />}>
            {USER_TEXT.addUser}
          </LinkButton>
        </>
      }
    >
      {view === 'list' ? (
        <PagedTable<UserListItem>
          url="/api/users"
          filters={query}
          columns={columns}
          rowKey={(user) => user.Id}
          label={ADMIN_TEXT.users}
          emptyText={USER_TEXT.noUsers}
          searchPlaceholder={USER_TEXT.searchUsers}
          defaultSort={DEFAULT_SORT}
          toolbar={toolbar}
          selection={selection}
          reloadToken={reloadToken}
        />
      ) : (
        <UsersGrid
          filters={query}
          defaultSort={DEFAULT_SORT}
          sortFields={SORT_FIELDS}
          reloadToken={reloadToken}
          toolbar={toolbar}
          selection={selection}
          actions={rowActions}
        />
      )}
    </PageFrame>
  );
}
