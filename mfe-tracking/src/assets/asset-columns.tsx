/** How asset rows are written in the assets table: display name (to its page), status, group, category, last update, primary device, actions. */
import { Flex, Tag } from 'antd';
import { Link } from 'react-router';
import { ASSET_DEVICE_TYPES, type Asset } from '@meridian/shared/contract/asset';
import { EditRowButton, DeleteRowButton } from '@meridian/shared/ui/row-buttons';
import { MESSAGES } from '@meridian/shared/messages';
import type { TenantFormatters } from '@meridian/shared/session/tenant-settings';
import type { PagedColumn } from '@meridian/shared/ui/paged-table';
import { assetPath } from '../parts/tracking-paths';
import { ASSET_TEXT, STATUS_LABELS } from './asset-text';

export interface AssetRowActions {
  canEdit: boolean;
  canDelete: boolean;
  onEdit(asset: Asset): void;
  onDelete(asset: Asset): void;
}

export const primaryDeviceOf = (asset: Asset) =>
  Object.values(asset.devices).find((d) => d.deviceTypeId === ASSET_DEVICE_TYPES.primary) ?? null;

export function assetColumns(format: TenantFormatters, actions: AssetRowActions): PagedColumn<Asset>[] {
  return [
    {
      title: ASSET_TEXT.displayName,
      key: 'name',
      sortField: 'name',
      render: (_: unknown, a: Asset) => <Link to={assetPath(a.id)}>{a.name}</Link>,
    },
    { title: ASSET_TEXT.status, dataIndex: 'status', sortField: 'status', render: (s: string) => <Tag>{STATUS_LABELS[s] ?? s}</Tag> },
    { title: ASSET_TEXT.group, dataIndex: 'groupName', render: (name: string | null) => name ?? '—' },
    { title: ASSET_TEXT.category, dataIndex: 'categoryName', render: (name: string | null) => name ?? '—' },
    {
      title: ASSET_TEXT.lastUpdate,
      dataIndex: 'lastUpdate',
      sortField: 'lastUpdate',
      render: (iso: string | null) => (iso ? format.moment(iso) : ASSET_TEXT.never),
    },
    { title: ASSET_TEXT.primaryDevice, key: 'primary', render: (_: unknown, a: Asset) => primaryDeviceOf(a)?.name ?? '—' },
    {
      title: MESSAGES.rowActions,
      key: 'actions',
      actions: true,
      render: (_: unknown, a: Asset) => (
        <Flex gap={4} wrap={false}>
          {actions.canEdit && <EditRowButton name={a.name} onClick={() => actions.onEdit(a)} />}
          {actions.canDelete && <DeleteRowButton name={a.name} onClick={() => actions.onDelete(a)} />}
        </Flex>
      ),
    },
  ];
}
