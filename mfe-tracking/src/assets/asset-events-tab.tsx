/**
 * The Alerts and Events tabs (tracking spec 2, 9): the asset's alarms, or its other events, newest
 * first, 100 a page, each with its time, type, device and place.
 */
import { useState } from 'react';
import { Table } from 'antd';
import { ASSET_EVENT_LIMITS, type AssetEvent, type AssetEventKind } from '@meridian/shared/contract/asset-event';
import { displayCoordinate } from '@meridian/shared/geo';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { LoadFailedAlert } from '@meridian/shared/ui/load-failed-alert';
import { ASSET_API } from './asset-api';
import { ASSET_TEXT, eventText } from './asset-text';

export function AssetEventsTab({ assetId, kind }: { assetId: string; kind: AssetEventKind }) {
  const format = useTenantFormat();
  const [page, setPage] = useState(1);
  const list = useLoad(
    (signal) => api.get<AssetEvent[]>(ASSET_API.events(assetId, kind), { signal, query: { page, size: ASSET_EVENT_LIMITS.pageSize } }),
    [assetId, kind, page],
  );
  if (list.status === 'failed') return <LoadFailedAlert error={list.error} onRetry={list.reload} />;
  const label = kind === 'alarm' ? ASSET_TEXT.alarms : ASSET_TEXT.events;
  return (
    <Table<AssetEvent>
      aria-label={label}
      size="small"
      loading={list.status === 'loading'}
      dataSource={list.status === 'loaded' ? list.data.data : []}
      rowKey={(e) => String(e.id)}
      locale={{ emptyText: kind === 'alarm' ? ASSET_TEXT.noAlarms : ASSET_TEXT.noEvents }}
      pagination={{
        current: page,
        pageSize: ASSET_EVENT_LIMITS.pageSize,
        total: list.status === 'loaded' ? (list.data.paging?.total ?? 0) : 0,
        showSizeChanger: false,
        hideOnSinglePage: true,
        onChange: setPage,
      }}
      columns={[
        { title: ASSET_TEXT.eventTime, dataIndex: 'eventTime', render: (iso: string) => format.moment(iso) },
        { title: ASSET_TEXT.eventType, key: 'type', render: (_: unknown, e: AssetEvent) => eventText(e) },
        { title: ASSET_TEXT.device, dataIndex: 'deviceName' },
        {
          title: ASSET_TEXT.place,
          key: 'place',
          render: (_: unknown, e: AssetEvent) =>
            e.latitude === null || e.longitude === null ? '—' : `${displayCoordinate(e.latitude)}, ${displayCoordinate(e.longitude)}`,
        },
      ]}
    />
  );
}
