/**
 * The devices a geofence is tested for (the spec's "permissions", /geo/permissions): listed, linked one
 * at a time from the devices of the acting tenant, and unlinked. A link takes effect at the device's
 * next position: entering the zone then raises an enter notification.
 */
import { useState } from 'react';
import { Alert, App, Button, Flex, List, Select, Typography } from 'antd';
import { DisconnectOutlined, LinkOutlined } from '@ant-design/icons';
import type { DeviceGeofence } from '@meridian/shared/contract/device-geofence';
import type { GeoDeviceMapItem } from '@meridian/shared/contract/geo-device';
import { api } from '@meridian/shared/http/api';
import { errorText } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { LoadFailedAlert } from '@meridian/shared/ui/load-failed-alert';
import { newId } from '@meridian/shared/offline/new-id';
import { TRACKING_API } from '../parts/tracking-api';
import { TRACKING_TEXT, unlinkLabel } from '../parts/tracking-text';

export function GeofenceDevices({ geofenceId, devices }: { geofenceId: string; devices: readonly GeoDeviceMapItem[] }) {
  const { message } = App.useApp();
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const links = useLoad(
    (signal) => api.get<DeviceGeofence[]>(TRACKING_API.links, { signal, query: { geofenceId } }).then((r) => r.data),
    [geofenceId],
  );
  const linked = links.status === 'loaded' ? links.data : [];
  const linkedIds = new Set(linked.map((l) => l.deviceId));
  const choices = devices.filter((d) => !linkedIds.has(d.id)).map((d) => ({ value: d.id, label: d.name }));

  const link = async () => {
    if (!chosen) return;
    setBusy(true);
    setFailure(null);
    try {
      await api.post<DeviceGeofence>(TRACKING_API.links, { Id: newId(), deviceId: chosen, geofenceId });
      void message.success(TRACKING_TEXT.deviceLinked);
      setChosen(null);
      links.reload();
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const unlink = async (deviceId: string) => {
    setFailure(null);
    try {
      await api.delete(TRACKING_API.links, { body: { deviceId, geofenceId } });
      void message.success(TRACKING_TEXT.deviceUnlinked);
      links.reload();
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  return (
    <section aria-labelledby={`links-${geofenceId}`}>
      <Typography.Title level={4} id={`links-${geofenceId}`} style={{ marginTop: 0 }}>
        {TRACKING_TEXT.linkedDevices}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{TRACKING_TEXT.linkedDevicesHint}</Typography.Paragraph>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={TRACKING_TEXT.deviceToLink}
          placeholder={TRACKING_TEXT.chooseDevice}
          options={choices}
          value={chosen ?? undefined}
          onChange={setChosen}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Button type="primary" icon={<LinkOutlined />} disabled={!chosen} loading={busy} onClick={() => void link()}>
          {TRACKING_TEXT.linkDevice}
        </Button>
      </Flex>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      {links.status === 'failed' ? (
        <LoadFailedAlert error={links.error} onRetry={links.reload} />
      ) : (
        <List
          size="small"
          loading={links.status === 'loading'}
          locale={{ emptyText: TRACKING_TEXT.noLinkedDevices }}
          dataSource={linked}
          rowKey={(l) => l.Id}
          renderItem={(l) => (
            <List.Item
              actions={[
                <Button
                  key="unlink"
                  size="small"
                  type="text"
                  danger
                  icon={<DisconnectOutlined />}
                  aria-label={unlinkLabel(l.deviceName)}
                  title={unlinkLabel(l.deviceName)}
                  onClick={() => void unlink(l.deviceId)}
                />,
              ]}
            >
              {l.deviceName}
            </List.Item>
          )}
        />
      )}
    </section>
  );
}
