/** How geofence and point-of-interest rows are written: name, shape, description, linked devices, tenant, last change, and the row's actions. */
import { Flex, Tag, Typography } from 'antd';
import type { Geofence, GeofenceShape } from '@meridian/shared/contract/geofence';
import { EditRowButton, DeleteRowButton } from '@meridian/shared/ui/row-buttons';
import { MESSAGES } from '@meridian/shared/messages';
import type { TenantFormatters } from '@meridian/shared/session/tenant-settings';
import type { PagedColumn } from '@meridian/shared/ui/paged-table';
import { distanceText, TRACKING_TEXT } from '../parts/tracking-text';

export const SHAPE_NAMES: Record<GeofenceShape, string> = {
  polygon: TRACKING_TEXT.polygon,
  circle: TRACKING_TEXT.circle,
  corridor: TRACKING_TEXT.corridor,
};

const sizeOf = (fence: Geofence) =>
  fence.shape === 'circle' && fence.radius
    ? ` · ${distanceText(fence.radius)}`
    : fence.shape === 'corridor' && fence.width
      ? ` · ${distanceText(fence.width)}`
      : '';

export interface GeofenceRowActions {
  canEdit: boolean;
  canDelete: boolean;
  onEdit(fence: Geofence): void;
  onDelete(fence: Geofence): void;
}

export function geofenceColumns(format: TenantFormatters, actions: GeofenceRowActions, withDevices: boolean): PagedColumn<Geofence>[] {
  return [
    {
      title: MESSAGES.name,
      key: 'name',
      sortField: 'name',
      render: (_: unknown, g: Geofence) =>
        actions.canEdit ? (
          <Typography.Link onClick={() => actions.onEdit(g)}>{g.name}</Typography.Link>
        ) : (
          <Typography.Text>{g.name}</Typography.Text>
        ),
    },
    {
      title: TRACKING_TEXT.shape,
      key: 'shape',
      sortField: 'shape',
      render: (_: unknown, g: Geofence) => <Tag>{`${SHAPE_NAMES[g.shape]}${sizeOf(g)}`}</Tag>,
    },
    {
      title: TRACKING_TEXT.description,
      dataIndex: 'description',
      maxWidth: 280,
      optional: true,
      render: (text: string | null) => text ?? '—',
    },
    ...(withDevices ? [{ title: TRACKING_TEXT.deviceCount, dataIndex: 'deviceCount', optional: true } as PagedColumn<Geofence>] : []),
    { title: TRACKING_TEXT.tenant, dataIndex: 'tenantName', sortField: 'tenantName', optional: true },
    {
      title: TRACKING_TEXT.modified,
      dataIndex: 'dateModified',
      sortField: 'dateModified',
      hiddenByDefault: true,
      render: (iso: string) => format.moment(iso),
    },
    {
      title: MESSAGES.rowActions,
      key: 'actions',
      actions: true,
      render: (_: unknown, g: Geofence) => (
        <Flex gap={4} wrap={false}>
          {actions.canEdit && <EditRowButton name={g.name} onClick={() => actions.onEdit(g)} />}
          {actions.canDelete && <DeleteRowButton name={g.name} onClick={() => actions.onDelete(g)} />}
        </Flex>
      ),
    },
  ];
}
