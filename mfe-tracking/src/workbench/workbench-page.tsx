/**
 * Workbench (/tracking/workbench): a dispatcher's first screen. Four parts, each with how many there
 * are and the first few to act on, with the way to act: devices silent too long (to the map), crashes
 * to review (to the asset's Crash tab), the dispatcher's unread alarms (mark read here, or all of them
 * on the notifications page), devices outside their zones (to the map). It reads again every 30 s and
 * soon after a tracking notification arrives, keeping what it shows while it reads.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { App, Badge, Button, Card, Col, Empty, Flex, List, Row, Segmented, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { crashEvents, trackingNotifications } from '@meridian/shared/contract/areas/tracking';
import { WORKBENCH_LIMITS, type Workbench, type WorkbenchDevice } from '@meridian/shared/contract/workbench';
import { api } from '@meridian/shared/http/api';
import { errorText } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { useRealtime } from '@meridian/shared/realtime/use-realtime';
import { useCan } from '@meridian/shared/session/use-can';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import type { TenantFormatters } from '@meridian/shared/session/tenant-settings';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadFailedAlert } from '@meridian/shared/ui/load-failed-alert';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { AssetCrashTab } from '../assets/asset-crash-tab';
import { TRACKING_API } from '../parts/tracking-api';
import { TrackingNotifications } from '../parts/tracking-notifications';
import { assetPath, deviceOnMapPath, DEVICES_PATH, notificationsPath } from '../parts/tracking-paths';
import { mapOfLabel, moreThanShown, TRACKING_TEXT } from '../parts/tracking-text';

const REFRESH_MS = 30_000;
/** A burst of notifications reads the workbench once. */
const AFTER_NOTIFICATION_MS = 2_000;
const THRESHOLDS = [
  { value: 60, label: '1 h' },
  { value: 6 * 60, label: '6 h' },
  { value: 24 * 60, label: '24 h' },
  { value: 7 * 24 * 60, label: '7 days' },
];

function offlineMinutesOf(params: URLSearchParams) {
  const asked = Number(params.get('silent'));
  return THRESHOLDS.some((t) => t.value === asked) ? asked : WORKBENCH_LIMITS.defaultOfflineMinutes;
}

function Part({ title, count, extra, children }: { title: string; count: number; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card
      title={
        <Flex gap={8} align="center">
          <span>{title}</span>
          <Badge count={count} overflowCount={9999} showZero color={count ? '#cf1322' : '#8c8c8c'} />
        </Flex>
      }
      extra={extra}
      style={{ height: '100%' }}
      role="region"
      aria-label={title}
    >
      {children}
    </Card>
  );
}

/** What is left out of a part's list, said under it. */
const More = ({ count, shown }: { count: number; shown: number }) =>
  count > shown ? <Typography.Text type="secondary">{moreThanShown(count, shown)}</Typography.Text> : null;

function DeviceList({ devices, empty, format }: { devices: WorkbenchDevice[]; empty: string; format: TenantFormatters }) {
  if (!devices.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <List
      size="small"
      dataSource={devices}
      renderItem={(d) => (
        <List.Item
          actions={[
            <LinkButton key="map" to={deviceOnMapPath(d.deviceId)} size="small" aria-label={mapOfLabel(d.deviceName)}>
              {TRACKING_TEXT.showOnMap}
            </LinkButton>,
          ]}
        >
          <List.Item.Meta
            title={
              d.assetId && d.assetName ? (
                <LinkButton to={assetPath(d.assetId)} type="link" size="small" style={{ padding: 0 }}>
                  {d.assetName}
                </LinkButton>
              ) : (
                d.deviceName
              )
            }
            description={`${d.assetName ? `${d.deviceName} · ` : ''}${TRACKING_TEXT.lastUpdate}: ${d.lastUpdate ? format.moment(d.lastUpdate) : TRACKING_TEXT.neverReported}`}
          />
        </List.Item>
      )}
    />
  );
}

export default function WorkbenchPage() {
  const format = useTenantFormat();
  const { message } = App.useApp();
  const canReadNotifications = useCan(trackingNotifications, 'read');
  const canReadCrashes = useCan(crashEvents, 'read');
  const [params, setParams] = useSearchParams();
  const offlineMinutes = offlineMinutesOf(params);
  const state = useLoad(
    (signal) => api.get<Workbench>(TRACKING_API.workbench, { signal, query: { offlineMinutes } }).then((r) => r.data),
    [offlineMinutes],
  );
  const refresh = state.reload;
  // Shown while the next reading is under way, so the parts do not blink every 30 s.
  const last = useRef<Workbench | null>(null);
  if (state.status === 'loaded') last.current = state.data;
  const shown = last.current;

  useEffect(() => {
    const timer = setInterval(refresh, REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useRealtime('tracking:notification', () => {
    pending.current ??= setTimeout(() => {
      pending.current = null;
      refresh();
    }, AFTER_NOTIFICATION_MS);
  });
  useEffect(() => () => void (pending.current && clearTimeout(pending.current)), []);

  const markRead = async (id: string) => {
    try {
      await api.post(TRACKING_API.markNotificationsRead, { ids: [id] });
      refresh();
    } catch (error) {
      void message.error(`${TRACKING_TEXT.markReadFailed} ${errorText(error)}`);
    }
  };

  const setThreshold = (minutes: number) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (minutes === WORKBENCH_LIMITS.defaultOfflineMinutes) changed.delete('silent');
        else changed.set('silent', String(minutes));
        return changed;
      },
      { replace: true },
    );

  return (
    <PageFrame title={TRACKING_TEXT.workbench} subtitle={TRACKING_TEXT.workbenchIntro}>
      <TrackingNotifications />
      {state.status === 'failed' && <LoadFailedAlert error={state.error} onRetry={state.reload} />}
      {!shown ? (
        state.status === 'loading' && <Card loading />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <Part
              title={TRACKING_TEXT.offlineTooLong}
              count={shown.offline.count}
              extra={
                <Segmented
                  size="small"
                  aria-label={TRACKING_TEXT.silentFor}
                  value={offlineMinutes}
                  options={THRESHOLDS}
                  onChange={(value) => setThreshold(Number(value))}
                />
              }
            >
              <DeviceList devices={shown.offline.items} empty={TRACKING_TEXT.nothingSilent} format={format} />
              <Flex justify="space-between">
                <More count={shown.offline.count} shown={shown.offline.items.length} />
                {shown.offline.count > 0 && (
                  <LinkButton to={`${DEVICES_PATH}?status=offline`} size="small" type="link">
                    {TRACKING_TEXT.allDevicesLink}
                  </LinkButton>
                )}
              </Flex>
            </Part>
          </Col>
          <Col xs={24} xl={12}>
            <Part title={TRACKING_TEXT.openCrashes} count={shown.openCrashes.count}>
              {shown.openCrashes.items.length ? (
                <List
                  size="small"
                  dataSource={shown.openCrashes.items}
                  renderItem={(c) => (
                    <List.Item
                      actions={
                        c.assetId
                          ? [
                              <LinkButton key="review" to={assetPath(c.assetId, 'crash')} size="small" type="primary">
                                {TRACKING_TEXT.review}
                              </LinkButton>,
                            ]
                          : [
                              <LinkButton key="map" to={deviceOnMapPath(c.deviceId)} size="small" aria-label={mapOfLabel(c.deviceName)}>
                                {TRACKING_TEXT.showOnMap}
                              </LinkButton>,
                            ]
                      }
                    >
                      <List.Item.Meta
                        title={`${c.kind === 'accident' ? TRACKING_TEXT.accident : TRACKING_TEXT.impact}: ${c.assetName ?? c.deviceName}`}
                        description={format.moment(c.occurredAt)}
                      />
                    </List.Item>
                  )}
                />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TRACKING_TEXT.nothingToReview} />
              )}
              <More count={shown.openCrashes.count} shown={shown.openCrashes.items.length} />
            </Part>
          </Col>
          <Col xs={24} xl={12}>
            <Part
              title={TRACKING_TEXT.unreadAlarms}
              count={shown.unreadAlarms.count}
              extra={
                canReadNotifications &&
                shown.unreadAlarms.count > 0 && (
                  <LinkButton to={notificationsPath({ type: 'alarm', unread: 'true' })} size="small" type="link">
                    {TRACKING_TEXT.allAlarms}
                  </LinkButton>
                )
              }
            >
              {shown.unreadAlarms.items.length ? (
                <List
                  size="small"
                  dataSource={shown.unreadAlarms.items}
                  renderItem={(a) => (
                    <List.Item
                      actions={[
                        <Button
                          key="read"
                          size="small"
                          icon={<CheckOutlined />}
                          aria-label={`${TRACKING_TEXT.markRead}: ${a.message}`}
                          title={TRACKING_TEXT.markRead}
                          onClick={() => void markRead(a.id)}
                        />,
                        <LinkButton key="map" to={deviceOnMapPath(a.deviceId)} size="small" aria-label={mapOfLabel(a.deviceName)}>
                          {TRACKING_TEXT.showOnMap}
                        </LinkButton>,
                      ]}
                    >
                      <List.Item.Meta title={a.message} description={format.moment(a.dateCreated)} />
                    </List.Item>
                  )}
                />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TRACKING_TEXT.noUnreadAlarms} />
              )}
              <More count={shown.unreadAlarms.count} shown={shown.unreadAlarms.items.length} />
            </Part>
          </Col>
          <Col xs={24} xl={12}>
            <Part title={TRACKING_TEXT.outsideZones} count={shown.outsideZones.count}>
              <Typography.Paragraph type="secondary">{TRACKING_TEXT.outsideZonesHint}</Typography.Paragraph>
              <DeviceList devices={shown.outsideZones.items} empty={TRACKING_TEXT.nothingOutside} format={format} />
              <More count={shown.outsideZones.count} shown={shown.outsideZones.items.length} />
            </Part>
          </Col>
        </Row>
      )}
      {canReadCrashes && (
        <Card title={TRACKING_TEXT.allCrashes} style={{ marginTop: 16 }} role="region" aria-label={TRACKING_TEXT.allCrashes}>
          <AssetCrashTab assetId={null} />
        </Card>
      )}
    </PageFrame>
  );
}
