/** The Info tab: the asset's group and category, its devices by type, and which devices it carried when (the device-asset history). */
import { Descriptions, Flex, Table } from 'antd';
import type { Asset, AssetDevice, AssetDeviceHistoryEntry } from '@meridian/shared/contract/asset';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { ASSET_API } from './asset-api';
import { ASSET_TEXT } from './asset-text';

export function AssetInfoTab({ asset }: { asset: Asset }) {
  const format = useTenantFormat();
  const history = useLoad(
    (signal) =>
      api
        .get<AssetDeviceHistoryEntry[]>(ASSET_API.history, {
          signal,
          query: { assetId: asset.id, size: 100, sortField: 'linkedAt', sortOrder: 'DESC' },
        })
        .then((r) => r.data),
    [asset.id],
  );
  return (
    <Flex vertical gap={16}>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={ASSET_TEXT.group}>{asset.groupName ?? ASSET_TEXT.noGroup}</Descriptions.Item>
        <Descriptions.Item label={ASSET_TEXT.category}>{asset.categoryName ?? ASSET_TEXT.noCategory}</Descriptions.Item>
      </Descriptions>
      <Table<AssetDevice>
        aria-label={ASSET_TEXT.devices}
        size="small"
        pagination={false}
        dataSource={Object.values(asset.devices)}
        rowKey={(d) => d.deviceId}
        locale={{ emptyText: ASSET_TEXT.noDevice }}
        columns={[
          { title: ASSET_TEXT.device, dataIndex: 'name' },
          { title: ASSET_TEXT.deviceType, dataIndex: 'devicetypename' },
          {
            title: ASSET_TEXT.lastUpdate,
            dataIndex: 'lastUpdate',
            render: (iso: string | null) => (iso ? format.moment(iso) : ASSET_TEXT.never),
          },
        ]}
      />
      <Table<AssetDeviceHistoryEntry>
        aria-label={ASSET_TEXT.history}
        title={() => ASSET_TEXT.history}
        size="small"
        pagination={false}
        loading={history.status === 'loading'}
        dataSource={history.status === 'loaded' ? history.data : []}
        rowKey={(h) => h.id}
        locale={{ emptyText: ASSET_TEXT.noHistory }}
        columns={[
          { title: ASSET_TEXT.device, dataIndex: 'deviceName' },
          { title: ASSET_TEXT.deviceType, dataIndex: 'devicetypename' },
          { title: ASSET_TEXT.linkedAt, dataIndex: 'linkedAt', render: (iso: string) => format.moment(iso) },
          {
            title: ASSET_TEXT.unlinkedAt,
            dataIndex: 'unlinkedAt',
            render: (iso: string | null) => (iso ? format.moment(iso) : ASSET_TEXT.stillFitted),
          },
        ]}
      />
    </Flex>
  );
}
