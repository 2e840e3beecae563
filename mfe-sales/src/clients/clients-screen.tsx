/**
 * The clients of the acting tenant's subtree, as a table (/clients/list) or as cards (/clients/grid):
 * paged, sorted and searched on the server (GET /api/clients), narrowed to one client group. Page,
 * sort, search and the group live in the address, so switching view keeps them. A client can be
 * looked up by mobile number; with CLIENTS/EDIT clients can be edited and deleted (after a question),
 * with CLIENTS/CREATE added.
 */
import { Flex, Segmented } from 'antd';
import { AppstoreOutlined, PlusOutlined, TeamOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { ClientListItem } from '@meridian/shared/contract/client';
import { api } from '@meridian/shared/http/api';
import type { ListSort } from '@meridian/shared/http/use-paged-list';
import { MESSAGES } from '@meridian/shared/messages';
import { OfflineStillWorks } from '@meridian/shared/ui/load-offline-notice';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { EditRemoveActions } from '@meridian/shared/ui/edit-remove-actions';
import { fullName } from '@meridian/shared/format';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { useConfirmedAction } from '@meridian/shared/ui/use-confirmed-action';
import { ClientsGrid } from './clients-grid';
import { CLIENT_GROUPS_PATH, CLIENTS_GRID_PATH, CLIENTS_LIST_PATH, CREATE_CLIENT_PATH, editClientPath } from './client-paths';
import { CLIENT_TEXT, deleteClientQuestion } from './client-text';
import { FindByMobile } from './find-by-mobile';
import { GroupFilter } from './group-filter';
import { useCan } from '@meridian/shared/session/use-can';
import { clientGroups, clients } from '@meridian/shared/contract/areas/sales';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

export type ClientsView = 'list' | 'grid';
const VIEW_PATHS: Record<ClientsView, string> = { list: CLIENTS_LIST_PATH, grid: CLIENTS_GRID_PATH };

/** GET /api/clients's default order (api clients-routes CLIENT_SORT), shown as such. */
const DEFAULT_SORT: ListSort = { field: 'dateCreated', order: 'DESC' };

/** The group filter, kept in the address beside the list's own state. */
function useGroupFilter() {
  const [params, setParams] = useSearchParams();
  const group = params.get('group') ?? undefined;
  const setGroup = (value: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('group', value);
        else next.delete('group');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { group, setGroup };
}

export function ClientsScreen({ view }: { view: ClientsView }) {
  const format = useTenantFormat();
  const navigate = useNavigate();
  const location = useLocation();
  const { group, setGroup } = useGroupFilter();
  const canCreate = useCan(clients, 'create');
  const canEdit = useCan(clients, 'edit');
  const canGroups = useCan(clientGroups, 'read');
  const { confirmAction, reloadToken } = useConfirmedAction();

  const confirmDelete = (client: ClientListItem) =>
    confirmAction({
      question: deleteClientQuestion(fullName(client)),
      detail: CLIENT_TEXT.clientDeleteDetail,
      okText: MESSAGES.deleteAction,
      call: () => api.post('/api/clients/delete', { id: client.Id }),
      done: CLIENT_TEXT.clientDeleted,
    });

  const actions = canEdit
    ? (client: ClientListItem) => (
        <EditRemoveActions editTo={editClientPath(client.Id)} name={fullName(client)} onRemove={() => confirmDelete(client)} />
      )
    : undefined;
  const nameOf = (client: ClientListItem) => (canEdit ? <Link to={editClientPath(client.Id)}>{fullName(client)}</Link> : fullName(client));

  const columns: PagedColumn<ClientListItem>[] = [
    { title: MESSAGES.name, key: 'name', sortField: 'lastName', render: (_: unknown, client: ClientListItem) => nameOf(client) },
    { title: MESSAGES.mobile, dataIndex: 'mobile', sortField: 'mobile', render: (mobile: string | null) => mobile ?? '—' },
    { title: MESSAGES.emailAddress, dataIndex: 'emailAddress', sortField: 'emailAddress', render: (email: string | null) => email ?? '—' },
    { title: CLIENT_TEXT.idNumber, dataIndex: 'idNumber', sortField: 'idNumber', render: (id: string | null) => id ?? '—' },
    { title: CLIENT_TEXT.city, dataIndex: 'city', sortField: 'city', render: (city: string | null) => city ?? '—' },
    { title: MESSAGES.tenant, dataIndex: 'tenantName', sortField: 'tenantName' },
    { title: MESSAGES.createdOn, dataIndex: 'dateCreated', sortField: 'dateCreated', render: (iso: string) => format.day(iso) },
    ...(actions
      ? [
          {
            title: MESSAGES.rowActions,
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, client: ClientListItem) => actions(client),
          },
        ]
      : []),
  ];

  const filters = { groupId: group };
  const toolbar = canGroups ? <GroupFilter value={group} onChange={setGroup} /> : undefined;

  const switchView = (next: ClientsView) => {
    if (next !== view) void navigate(`${VIEW_PATHS[next]}${location.search}`);
  };

  return (
    <PageFrame
      title={CLIENT_TEXT.clients}
      actions={
        <>
          <Segmented<ClientsView>
            aria-label={CLIENT_TEXT.clientsView}
            value={view}
            onChange={switchView}
            options={[
              { value: 'list', label: MESSAGES.listView, icon: <UnorderedListOutlined /> },
              { value: 'grid', label: MESSAGES.gridView, icon: <AppstoreOutlined /> },
            ]}
          />
          {canGroups && (
            <LinkButton to={CLIENT_GROUPS_PATH} icon={<TeamOutlined />}>
              {CLIENT_TEXT.clientGroups}
            </LinkButton>
          )}
          {canCreate && (
            <LinkButton to={CREATE_CLIENT_PATH} type="primary" icon={<PlusOutlined />}>
              {CLIENT_TEXT.newClient}
            </LinkButton>
          )}
        </>
      }
    >
      <OfflineStillWorks text={CLIENT_TEXT.offlineStillWorks}>
        <Flex vertical gap={16}>
          <FindByMobile />
          {view === 'list' ? (
            <PagedTable<ClientListItem>
              url="/api/clients"
              filters={filters}
              columns={columns}
              rowKey={(client) => client.Id}
              label={CLIENT_TEXT.clients}
              emptyText={CLIENT_TEXT.noClients}
              searchPlaceholder={CLIENT_TEXT.searchClients}
              defaultSort={DEFAULT_SORT}
              toolbar={toolbar}
              reloadToken={reloadToken}
            />
          ) : (
            <ClientsGrid
              filters={filters}
              defaultSort={DEFAULT_SORT}
              reloadToken={reloadToken}
              toolbar={toolbar}
              canEdit={canEdit}
              actions={actions}
            />
          )}
        </Flex>
      </OfflineStillWorks>
    </PageFrame>
  );
}
