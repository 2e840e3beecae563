/** How device rows are written in the devices table: status, name, unique id, hardware, last update, tenant, and the row's actions. */
import { Flex, Typography } from 'antd';
import { EnvironmentOutlined, NodeIndexOutlined } from '@ant-design/icons';
import type { GeoDevice } from '@meridian/shared/contract/geo-device';
import { EditRowButton, DeleteRowButton } from '@meridian/shared/ui/row-buttons';
import { MESSAGES } from '@meridian/shared/messages';
import type { TenantFormatters } from '@meridian/shared/session/tenant-settings';
import type { PagedColumn } from '@meridian/shared/ui/paged-table';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { StatusDot } from '../parts/device-status';
import { deviceOnMapPath, tripsOfDevicePath } from '../parts/tracking-paths';
import { mapOfLabel, TRACKING_TEXT, tripsOfLabel } from '../parts/tracking-text';

export interface DeviceRowActions {
  canEdit: boolean;
  onEdit(device: GeoDevice): void;
  onDelete(device: GeoDevice): void;
}

const hardwareText = (d: GeoDevice) => [d.make, d.hardwareModel].filter(Boolean).join(' ') || '—';

export function deviceColumns(format: TenantFormatters, actions: DeviceRowActions): PagedColumn<GeoDevice>[] {
  return [
    { title: MESSAGES.status, key: 'status', render: (_: unknown, d: GeoDevice) => <StatusDot status={d.status} withText /> },
    {
      title: TRACKING_TEXT.deviceName,
      key: 'name',
      sortField: 'name',
      render: (_: unknown, d: GeoDevice) =>
        actions.canEdit ? (
          <Typography.Link onClick={() => actions.onEdit(d)}>{d.name}</Typography.Link>
        ) : (
          <Typography.Text>{d.name}</Typography.Text>
        ),
    },
    {
      title: TRACKING_TEXT.uniqueId,
      dataIndex: 'uniqueId',
      sortField: 'uniqueId',
      render: (id: string) => <Typography.Text code>{id}</Typography.Text>,
    },
    { title: TRACKING_TEXT.hardware, key: 'make', sortField: 'make', render: (_: unknown, d: GeoDevice) => hardwareText(d) },
    {
      title: TRACKING_TEXT.lastUpdate,
      dataIndex: 'lastUpdate',
      sortField: 'lastUpdate',
      render: (iso: string | null) => (iso ? format.moment(iso) : TRACKING_TEXT.neverHeardFrom),
    },
    { title: TRACKING_TEXT.phone, dataIndex: 'phone', sortField: 'phone', optional: true, render: (phone: string | null) => phone ?? '—' },
    {
      title: TRACKING_TEXT.model,
      dataIndex: 'model',
      sortField: 'model',
      hiddenByDefault: true,
      render: (model: string | null) => model ?? '—',
    },
    { title: TRACKING_TEXT.tenant, dataIndex: 'tenantName', sortField: 'tenantName', optional: true },
    {
      title: TRACKING_TEXT.created,
      dataIndex: 'dateCreated',
      sortField: 'dateCreated',
      hiddenByDefault: true,
      render: (iso: string) => format.day(iso),
    },
    {
      title: MESSAGES.rowActions,
      key: 'actions',
      actions: true,
      render: (_: unknown, d: GeoDevice) => (
        <Flex gap={4} wrap={false}>
          <LinkButton
            to={deviceOnMapPath(d.id)}
            size="small"
            type="text"
            icon={<EnvironmentOutlined />}
            aria-label={mapOfLabel(d.name)}
            title={mapOfLabel(d.name)}
          >
            {null}
          </LinkButton>
          <LinkButton
            to={tripsOfDevicePath(d.id)}
            size="small"
            type="text"
            icon={<NodeIndexOutlined />}
            aria-label={tripsOfLabel(d.name)}
            title={tripsOfLabel(d.name)}
          >
            {null}
          </LinkButton>
          {actions.canEdit && (
            <>
              <EditRowButton name={d.name} onClick={() => actions.onEdit(d)} />
              <DeleteRowButton name={d.name} onClick={() => actions.onDelete(d)} />
            </>
          )}
        </Flex>
      ),
    },
  ];
}
