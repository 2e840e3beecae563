/**
 * The selected device beside (or, on a phone, over) the live map: its status, last update and latest
 * position in the tenant's zone, its readings (speed in km/h, ignition, battery, odometer, satellites)
 * and, on demand, the address of its latest position (the geocoder answers 503 when none is
 * configured: said plainly). The streamed position gives place, speed and ignition; the stored latest
 * position, read when the device is selected, gives the readings the stream does not carry.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Button, Descriptions, Flex, Tag, Typography } from 'antd';
import { CloseOutlined, EnvironmentOutlined } from '@ant-design/icons';
import type { GeoDeviceMapItem } from '@meridian/shared/contract/geo-device';
import type { GeoPosition, PositionAddress } from '@meridian/shared/contract/geo-position';
import { displayCoordinate } from '@meridian/shared/geo';
import { api } from '@meridian/shared/http/api';
import { errorText, isApiStatus } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { AssetOfDeviceLink } from '../assets/asset-of-device-link';
import { StatusDot } from '../parts/device-status';
import { readingsOf } from '../parts/position-readings';
import { TRACKING_API } from '../parts/tracking-api';
import { tripsOfDevicePath } from '../parts/tracking-paths';
import { TRACKING_TEXT, tripsOfLabel } from '../parts/tracking-text';

type AddressState = { status: 'idle' } | { status: 'asking' } | { status: 'found'; address: string } | { status: 'failed'; text: string };

/** The latest stored position, or null before the device's first (a 404). */
const latestPosition = (deviceId: string, signal: AbortSignal) =>
  api.get<GeoPosition | null>(TRACKING_API.latestPosition(deviceId), { signal }).then(
    (r) => r.data,
    (error: unknown) => {
      if (isApiStatus(error, 404)) return null;
      throw error;
    },
  );

function AddressLine({ deviceId }: { deviceId: string }) {
  const [state, setState] = useState<AddressState>({ status: 'idle' });
  const ask = async () => {
    setState({ status: 'asking' });
    try {
      // The latest position now, not when the panel opened: the device may have moved since.
      const position = await latestPosition(deviceId, new AbortController().signal);
      if (!position) return setState({ status: 'failed', text: TRACKING_TEXT.noPositionYet });
      const { data } = await api.get<PositionAddress>(TRACKING_API.geocode(position.id));
      setState(data.address ? { status: 'found', address: data.address } : { status: 'failed', text: TRACKING_TEXT.noAddress });
    } catch (error) {
      setState({ status: 'failed', text: isApiStatus(error, 503) ? MESSAGES.geocoderUnavailable : errorText(error) });
    }
  };
  return (
    <Flex vertical gap={4} align="start">
      {state.status === 'found' && <Typography.Text>{state.address}</Typography.Text>}
      {state.status === 'failed' && <Alert type="warning" showIcon title={state.text} />}
      <Button size="small" icon={<EnvironmentOutlined />} loading={state.status === 'asking'} onClick={() => void ask()}>
        {TRACKING_TEXT.findAddress}
      </Button>
    </Flex>
  );
}

export function DevicePanel({
  device,
  following,
  onClose,
  replay,
}: {
  device: GeoDeviceMapItem;
  following: boolean;
  onClose(): void;
  /** The replay controls of this device. */
  replay: ReactNode;
}) {
  const format = useTenantFormat();
  const stored = useLoad((signal) => latestPosition(device.id, signal), [device.id]);
  const storedPosition = stored.status === 'loaded' ? stored.data : null;
  // The streamed readings win over the stored ones they are newer than.
  const streamedIsNewer = !storedPosition || (device.fixTime !== null && device.fixTime >= storedPosition.fixTime);
  const attributes = { ...storedPosition?.attributes, ...(streamedIsNewer ? device.attributes : {}) };
  const speed = streamedIsNewer ? device.speed : storedPosition.speed;
  const readings = readingsOf({ speed, attributes });
  const hasPosition = device.latitude !== null && device.longitude !== null;

  const items = [
    {
      key: 'lastUpdate',
      label: TRACKING_TEXT.lastUpdate,
      children: device.lastUpdate ? format.moment(device.lastUpdate) : TRACKING_TEXT.neverHeardFrom,
    },
    {
      key: 'position',
      label: TRACKING_TEXT.position,
      children: hasPosition
        ? `${displayCoordinate(device.latitude!)}, ${displayCoordinate(device.longitude!)}`
        : TRACKING_TEXT.noPositionYet,
    },
    ...(device.fixTime ? [{ key: 'fixTime', label: TRACKING_TEXT.fixTime, children: format.moment(device.fixTime) }] : []),
    ...readings.map((r) => ({ key: r.key, label: r.label, children: r.value })),
    ...(hasPosition
      ? [{ key: 'address', label: TRACKING_TEXT.address, children: <AddressLine key={device.id} deviceId={device.id} /> }]
      : []),
  ];

  return (
    <section aria-labelledby="selected-device-name" data-testid="device-panel">
      <Flex justify="space-between" align="start" gap={8}>
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {TRACKING_TEXT.selectedDevice}
          </Typography.Text>
          <Typography.Title level={2} id="selected-device-name" style={{ margin: 0, fontSize: 18 }} ellipsis>
            {device.name}
          </Typography.Title>
          <Flex gap={8} align="center" wrap>
            <StatusDot status={device.status} withText />
            {following && <Tag color="processing">{TRACKING_TEXT.following}</Tag>}
          </Flex>
        </Flex>
        <Button
          type="text"
          icon={<CloseOutlined />}
          aria-label={TRACKING_TEXT.closeDevice}
          title={TRACKING_TEXT.closeDevice}
          onClick={onClose}
        />
      </Flex>
      <Descriptions size="small" column={1} items={items} style={{ marginTop: 8 }} />
      <Flex gap={8} wrap style={{ marginTop: 8 }}>
        <LinkButton size="small" to={tripsOfDevicePath(device.id)} aria-label={tripsOfLabel(device.name)}>
          {TRACKING_TEXT.openTrips}
        </LinkButton>
        <AssetOfDeviceLink key={device.id} deviceId={device.id} deviceName={device.name} />
      </Flex>
      {replay}
    </section>
  );
}
