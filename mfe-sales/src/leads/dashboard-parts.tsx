/**
 * The pieces both sales dashboards are drawn with: the window of days they cover (kept in the address;
 * the last 30 days unless chosen), numbers on cards, and counts as plain horizontal bars (no chart
 * library: a bar is a Progress line scaled to the largest count).
 */
import { Card, Col, Flex, Progress, Segmented, Statistic, Typography } from 'antd';
import { DayInput } from '../parts/date-field';
import { useAddressFilters } from '../parts/use-address-filters';
import { LEAD_TEXT } from './lead-text';
import { lastDaysWindow, orderedWindow, type DayWindow } from './lead-window';

const PRESETS = [7, 30, 90] as const;
const PRESET_LABELS: Record<(typeof PRESETS)[number], string> = {
  7: LEAD_TEXT.last7Days,
  30: LEAD_TEXT.last30Days,
  90: LEAD_TEXT.last90Days,
};
type Preset = (typeof PRESETS)[number] | 'custom';

/** The days a dashboard covers, from the address; the last 30 days by default. */
export function useDashboardWindow() {
  const fallback = lastDaysWindow();
  const filters = useAddressFilters<'from' | 'to'>({ from: fallback.from, to: fallback.to });
  const window: DayWindow = { from: filters.values.from ?? fallback.from, to: filters.values.to ?? fallback.to };
  const preset: Preset =
    PRESETS.find((days) => {
      const w = lastDaysWindow(days);
      return w.from === window.from && w.to === window.to;
    }) ?? 'custom';
  const set = (next: DayWindow) => filters.set({ from: next.from, to: next.to });
  return { window, preset, set, fallback };
}

/** The window choice: the last 7, 30 or 90 days, or any two days (the API takes at most 366). */
export function DashboardWindow({ window, preset, set, fallback }: ReturnType<typeof useDashboardWindow>) {
  const setDay = (changed: keyof DayWindow, day: string | null) =>
    set(orderedWindow({ ...window, [changed]: day ?? fallback[changed] }, changed));
  return (
    <Flex gap={8} wrap align="center" role="group" aria-label={LEAD_TEXT.window}>
      {/* The four choices are wider than a phone: they scroll inside their own box. */}
      <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
        <Segmented<Preset>
          aria-label={LEAD_TEXT.window}
          value={preset}
          onChange={(value) => {
            if (value !== 'custom') set(lastDaysWindow(value));
          }}
          options={[
            ...PRESETS.map((days) => ({ value: days, label: PRESET_LABELS[days] })),
            { value: 'custom' as const, label: LEAD_TEXT.customWindow, disabled: true },
          ]}
        />
      </div>
      <DayInput ariaLabel={LEAD_TEXT.from} value={window.from} max={window.to} onChange={(day) => setDay('from', day)} />
      <DayInput ariaLabel={LEAD_TEXT.to} value={window.to} min={window.from} onChange={(day) => setDay('to', day)} />
    </Flex>
  );
}

/** The query a dashboard call takes for a window. */
export const windowQuery = (window: DayWindow) => ({ startDate: window.from, endDate: window.to });

/** One number on a card. */
export function StatCard({ title, value }: { title: string; value: number | string }) {
  return (
    <Col xs={24} sm={12} lg={8} xl={4}>
      <Card size="small" role="figure" aria-label={title}>
        <Statistic title={title} value={value} />
      </Card>
    </Col>
  );
}

/** Counts as horizontal bars scaled to the largest, each with its number. */
export function CountBars({
  title,
  counts,
  label = (key) => key,
}: {
  title: string;
  counts: { key: string; count: number }[];
  label?: (key: string) => string;
}) {
  const largest = Math.max(1, ...counts.map((c) => c.count));
  return (
    <Card size="small" title={title}>
      <Flex vertical gap={4} role="list" aria-label={title}>
        {counts.map(({ key, count }) => (
          <Flex key={key} gap={8} align="center" role="listitem" aria-label={`${label(key)}: ${count}`}>
            <Typography.Text style={{ width: 130, flex: 'none' }} ellipsis={{ tooltip: label(key) }}>
              {label(key)}
            </Typography.Text>
            <Progress
              percent={(count / largest) * 100}
              showInfo={false}
              size="small"
              style={{ flex: 1, margin: 0 }}
              aria-label={`${label(key)}: ${count}`}
            />
            <Typography.Text strong style={{ width: 56, textAlign: 'right', flex: 'none' }}>
              {count.toLocaleString()}
            </Typography.Text>
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
