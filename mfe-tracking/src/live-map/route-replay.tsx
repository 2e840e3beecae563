/**
 * Replay of a device's route over a chosen period: its positions (GET /geo/position/device/{id}/{start}/{end},
 * in time order) drawn as a line, and a marker that a time slider, or Play, walks along it with the
 * position's time in the tenant's zone. While a replay is shown the map stops following the live
 * device; "Back to live" removes it.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, DatePicker, Flex, Slider, Typography } from 'antd';
import { CaretRightOutlined, HistoryOutlined, PauseOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type * as Leaflet from 'leaflet';
import type { GeoPosition } from '@meridian/shared/contract/geo-position';
import { errorText } from '@meridian/shared/http/api-errors';
import type { MapBase } from '@meridian/shared/map/map-base';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { knotsToKmh } from '../parts/position-readings';
import { positionsOf } from '../parts/device-positions';
import { replayAtText, speedText, TRACKING_TEXT } from '../parts/tracking-text';

/** At most this many positions are replayed (a day of 10 s positions is 8,640). */
export const REPLAY_MAX_POSITIONS = 10_000;
const PLAY_TICK_MS = 100;
/** A replay plays in about this many ticks whatever its length (30 s), so a long route does not take an hour. */
const PLAY_TICKS = 300;
const ROUTE_COLOUR = '#fa8c16';

type Period = [Dayjs, Dayjs];
type Loaded =
  { status: 'idle' } | { status: 'loading' } | { status: 'failed'; text: string } | { status: 'loaded'; positions: GeoPosition[] };

const defaultPeriod = (): Period => [dayjs().subtract(1, 'day'), dayjs()];

interface Drawn {
  line: Leaflet.Polyline;
  marker: Leaflet.CircleMarker;
}

export function RouteReplay({ deviceId, base, onActive }: { deviceId: string; base: MapBase | null; onActive(active: boolean): void }) {
  const format = useTenantFormat();
  const [open, setOpen] = useState(false);
  const [period, setPeriod] = useState<Period>(defaultPeriod);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'idle' });
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const drawn = useRef<Drawn | null>(null);

  const positions = useMemo(() => (loaded.status === 'loaded' ? loaded.positions : []), [loaded]);

  const clear = () => {
    drawn.current?.line.remove();
    drawn.current?.marker.remove();
    drawn.current = null;
  };
  // Another device, or the page closing: the replay goes with it.
  useEffect(() => () => clear(), [deviceId, base]);

  const load = async () => {
    setPlaying(false);
    setLoaded({ status: 'loading' });
    try {
      const data = await positionsOf(deviceId, period[0].toISOString(), period[1].toISOString(), REPLAY_MAX_POSITIONS);
      setLoaded({ status: 'loaded', positions: data });
      setIndex(0);
      clear();
      if (data.length > 0 && base) {
        const { L, map } = base;
        const points = data.map((p) => [p.latitude, p.longitude] as [number, number]);
        const line = L.polyline(points, { color: ROUTE_COLOUR, weight: 4, opacity: 0.85, interactive: false }).addTo(map);
        const marker = L.circleMarker(points[0]!, {
          radius: 8,
          color: '#ffffff',
          weight: 3,
          fillColor: ROUTE_COLOUR,
          fillOpacity: 1,
        }).addTo(map);
        drawn.current = { line, marker };
        map.fitBounds(line.getBounds(), { padding: [40, 40], maxZoom: 16 });
      }
      onActive(true);
    } catch (error) {
      setLoaded({ status: 'failed', text: `${TRACKING_TEXT.replayFailed} ${errorText(error)}` });
    }
  };

  const backToLive = () => {
    setPlaying(false);
    clear();
    setLoaded({ status: 'idle' });
    setOpen(false);
    onActive(false);
  };

  // The marker follows the slider.
  useEffect(() => {
    const position = positions[index];
    if (!position || !drawn.current || !base) return;
    drawn.current.marker.setLatLng([position.latitude, position.longitude]);
    if (!base.map.getBounds().contains([position.latitude, position.longitude])) base.map.panTo([position.latitude, position.longitude]);
  }, [index, positions, base]);

  useEffect(() => {
    if (!playing) return undefined;
    const step = Math.max(1, Math.ceil(positions.length / PLAY_TICKS));
    const timer = setInterval(() => {
      setIndex((at) => {
        const next = Math.min(positions.length - 1, at + step);
        if (next === positions.length - 1) setPlaying(false);
        return next;
      });
    }, PLAY_TICK_MS);
    return () => clearInterval(timer);
  }, [playing, positions.length]);

  if (!open) {
    return (
      <Button size="small" icon={<HistoryOutlined />} onClick={() => setOpen(true)} style={{ marginTop: 8 }}>
        {TRACKING_TEXT.replay}
      </Button>
    );
  }

  const current = positions[index];
  return (
    <Flex vertical gap={8} style={{ marginTop: 12 }} role="group" aria-label={TRACKING_TEXT.replay}>
      <Typography.Text strong>{TRACKING_TEXT.replay}</Typography.Text>
      <DatePicker.RangePicker
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        value={period}
        allowClear={false}
        aria-label={TRACKING_TEXT.replayPeriod}
        onChange={(values) => {
          if (values?.[0] && values[1]) setPeriod([values[0], values[1]]);
        }}
        style={{ width: '100%' }}
      />
      <Flex gap={8} wrap>
        <Button type="primary" size="small" loading={loaded.status === 'loading'} onClick={() => void load()}>
          {TRACKING_TEXT.loadReplay}
        </Button>
        <Button size="small" onClick={backToLive}>
          {TRACKING_TEXT.stopReplay}
        </Button>
      </Flex>
      {loaded.status === 'failed' && <Alert type="error" showIcon title={loaded.text} />}
      {loaded.status === 'loaded' && positions.length === 0 && (
        <Typography.Text type="secondary">{TRACKING_TEXT.noPositionsInPeriod}</Typography.Text>
      )}
      {positions.length > 0 && current && (
        <Flex vertical gap={4}>
          <Flex gap={8} align="center">
            <Button
              size="small"
              shape="circle"
              icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
              aria-label={playing ? TRACKING_TEXT.pause : TRACKING_TEXT.play}
              title={playing ? TRACKING_TEXT.pause : TRACKING_TEXT.play}
              onClick={() => {
                if (!playing && index >= positions.length - 1) setIndex(0);
                setPlaying(!playing);
              }}
            />
            <Slider
              style={{ flex: 1 }}
              min={0}
              max={positions.length - 1}
              value={index}
              onChange={(value) => {
                setPlaying(false);
                setIndex(value);
              }}
              tooltip={{ formatter: null }}
              ariaLabelForHandle={TRACKING_TEXT.replayPosition}
              ariaValueTextFormatterForHandle={(value) => format.moment(positions[value ?? 0]?.fixTime)}
            />
          </Flex>
          <Typography.Text type="secondary" data-testid="replay-time">
            {`${replayAtText(index, positions.length, format.moment(current.fixTime))} · ${speedText(knotsToKmh(current.speed))}`}
          </Typography.Text>
        </Flex>
      )}
    </Flex>
  );
}
