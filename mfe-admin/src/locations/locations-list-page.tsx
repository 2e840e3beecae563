/**
 * /admin/locations: the named places of the acting tenant's subtree (offices, branches, meeting
 * points), paged, sorted and searched on the server. Deleting asks first.
 */
import { Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { Location } from '@meridian/shared/contract/location';
import { api } from '@meridian/shared/http/api';
import { MESSAGES } from '@meridian/shared/messages';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { EditRemoveActions } from '@meridian/shared/ui/edit-remove-actions';
import { useConfirmedAction } from '@meridian/shared/ui/use-confirmed-action';
import { CREATE_LOCATION_PATH, editLocationPath } from './location-paths';
import { ADMIN_TEXT } from '../parts/admin-text';
import { deleteLocationQuestion, LOCATION_TEXT } from './location-text';

export default function LocationsListPage() {
  const { confirmAction, reloadToken } = useConfirmedAction();

  const confirmDelete = (location: Location) =>
    confirmAction({
      question: deleteLocationQuestion(location.name),
      detail: LOCATION_TEXT.locationDeleteDetail,
      okText: MESSAGES.deleteAction,
      call: () => api.delete(`/api/locations/${encodeURIComponent(location.Id)}`),
      done: LOCATION_TEXT.locationDeleted,
    });

  const columns: PagedColumn<Location>[] = [
    {
      title: MESSAGES.name,
      dataIndex: 'name',
      sortField: 'name',
      render: (_: unknown, l: Location) => <Link to={editLocationPath(l.Id)}>{l.name}</Link>,
    },
    { title: LOCATION_TEXT.address, dataIndex: 'address', render: (address: string | null) => address ?? '' },
    {
      title: LOCATION_TEXT.coordinates,
      key: 'position',
      render: (_: unknown, l: Location) =>
        l.lat !== null && l.lng !== null ? (
          <Typography.Text code>{`${l.lat}, ${l.lng}`}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    { title: MESSAGES.tenant, dataIndex: 'tenantName', sortField: 'tenantName' },
    {
      title: MESSAGES.status,
      dataIndex: 'active',
      sortField: 'active',
      render: (active: boolean) => (active ? <Tag color="green">{ADMIN_TEXT.active}</Tag> : <Tag>{ADMIN_TEXT.inactive}</Tag>),
    },
    {
      title: MESSAGES.rowActions,
      key: 'actions',
      render: (_: unknown, l: Location) => (
        <EditRemoveActions editTo={editLocationPath(l.Id)} name={l.name} onRemove={() => confirmDelete(l)} />
      ),
    },
  ];

  return (
    <PageFrame title={LOCATION_TEXT.locations}>
      <PagedTable<Location>
        url="/api/locations"
        columns={columns}
        rowKey={(l) => l.Id}
        label={LOCATION_TEXT.locations}
        emptyText={LOCATION_TEXT.noLocations}
        searchPlaceholder={LOCATION_TEXT.searchLocations}
        defaultSort={{ field: 'name', order: 'ASC' }}
        reloadToken={reloadToken}
        toolbar={
          <LinkButton type="primary" icon={<PlusOutlined />} to={CREATE_LOCATION_PATH}>
            {LOCATION_TEXT.newLocation}
          </LinkButton>
        }
      />
    </PageFrame>
  );
}
