/**
 * The searchable list of every device beside the live map: its status dot, name and last update in
 * the tenant's zone. Searching is done here (the whole list is already in the page), on name and unique
 * id; only the rows in view are drawn (VirtualList), so 10,000 devices cost what a screenful does.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { Empty, Flex, Input, theme, Typography } from 'antd';
import type { GeoDeviceMapItem } from '@meridian/shared/contract/geo-device';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { StatusDot } from '../parts/device-status';
import { devicesShownText, TRACKING_TEXT } from '../parts/tracking-text';
import { VirtualList } from '../parts/virtual-list';
import './live-map.css';

export const DEVICE_ROW_HEIGHT = 56;

const byName = (a: GeoDeviceMapItem, b: GeoDeviceMapItem) => a.name.localeCompare(b.name, undefined, { numeric: true });

export function DeviceList({
  devices,
  version,
  selectedId,
  onSelect,
  height,
}: {
  devices: ReadonlyMap<string, GeoDeviceMapItem>;
  /** Changes whenever `devices` does (it is updated in place). */
  version: number;
  selectedId: string | null;
  onSelect(id: string): void;
  height: number | string;
}) {
  const format = useTenantFormat();
  const { token } = theme.useToken();
  const [search, setSearch] = useState('');
  const searched = useDeferredValue(search.trim().toUpperCase());
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` stands for the map's contents, updated in place
  const sorted = useMemo(() => [...devices.values()].sort(byName), [devices, version]);
  const shown = useMemo(
    () =>
      searched ? sorted.filter((d) => d.name.toUpperCase().includes(searched) || d.uniqueId.toUpperCase().includes(searched)) : sorted,
    [sorted, searched],
  );
  const selectedIndex = selectedId ? shown.findIndex((d) => d.id === selectedId) : -1;

  return (
    <Flex vertical gap={8} style={{ height, minHeight: 0 }}>
      <Input.Search
        allowClear
        aria-label={TRACKING_TEXT.searchDevices}
        placeholder={TRACKING_TEXT.searchDevices}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <Typography.Text type="secondary" role="status">
        {devicesShownText(shown.length, sorted.length)}
      </Typography.Text>
      <div style={{ flex: 1, minHeight: 0 }}>
        <VirtualList
          items={shown}
          rowHeight={DEVICE_ROW_HEIGHT}
          height="100%"
          label={TRACKING_TEXT.deviceList}
          rowKey={(d) => d.id}
          scrollToIndex={selectedIndex}
          empty={
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={sorted.length ? TRACKING_TEXT.noDevicesMatch : TRACKING_TEXT.noDevices}
            />
          }
          renderRow={(device, index) => {
            const selected = device.id === selectedId;
            return (
              <button
                type="button"
                data-row-index={index}
                aria-pressed={selected}
                onClick={() => onSelect(device.id)}
                style={{
                  all: 'unset',
                  boxSizing: 'border-box',
                  display: 'flex',
                  alignItems: 'center',
                  gap: 10,
                  width: '100%',
                  height: DEVICE_ROW_HEIGHT,
                  padding: '0 12px',
                  cursor: 'pointer',
                  borderRadius: token.borderRadius,
                  background: selected ? token.controlItemBgActive : undefined,
                  outlineOffset: -2,
                }}
                className="meridian-device-row"
              >
                <StatusDot status={device.status} />
                <span style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
                  <Typography.Text strong ellipsis>
                    {device.name}
                  </Typography.Text>
                  <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                    {device.lastUpdate ? format.moment(device.lastUpdate) : TRACKING_TEXT.neverHeardFrom}
                  </Typography.Text>
                </span>
              </button>
            );
          }}
        />
      </div>
    </Flex>
  );
}
