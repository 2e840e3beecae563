/**
 * A small chart for reports (no chart library in the product): one or more series over labelled points, as
 * lines (a trend) or grouped bars (amounts per period). It is one image to assistive technology, named by
 * `summary`, which says in words what the chart shows (the table beside it holds the figures). Colours come
 * from the antd theme, so it reads in dark mode; it draws at the width of its box (down to a 390 px phone),
 * so its text keeps its size instead of shrinking with the picture.
 */
import { useEffect, useRef, useState } from 'react';
import { Flex, theme, Typography } from 'antd';

export interface ChartSeries {
  name: string;
  /** One value per label; null where there is none (no point, no bar). */
  values: readonly (number | null)[];
}

export interface ReportChartProps {
  kind: 'line' | 'bar';
  /** The points' names along the bottom (months, periods). */
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** What the chart shows, in words: its accessible name. */
  summary: string;
  /** How an axis value is written (an amount, a percentage). */
  valueText?: (value: number) => string;
  height?: number;
}

const FALLBACK_WIDTH = 600;
const MARGIN = { top: 12, right: 12, bottom: 28, left: 64 };
const FONT_SIZE = 11;
const MIN_LABEL_GAP = 64;

/** The width of the box the chart draws in, followed as it changes (a window turned or resized). */
function useBoxWidth() {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.floor(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { box, width };
}

/** The axis runs from 0 (or the lowest value, when below 0) to the highest: a chart of amounts starts at nothing. */
function axisRange(series: readonly ChartSeries[]) {
  const values = series.flatMap((s) => s.values.filter((v): v is number => v !== null && Number.isFinite(v)));
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  return high === low ? { low, high: low + 1 } : { low, high };
}

export function ReportChart({ kind, labels, series, summary, valueText = String, height = 220 }: ReportChartProps) {
  const { token } = theme.useToken();
  const { box, width } = useBoxWidth();
  const colours = [token.colorPrimary, token.colorWarning, token.colorSuccess, token.colorError, token.colorInfo];
  const plotWidth = Math.max(1, width - MARGIN.left - MARGIN.right);
  const plotHeight = Math.max(1, height - MARGIN.top - MARGIN.bottom);
  const { low, high } = axisRange(series);
  const y = (value: number) => MARGIN.top + plotHeight - ((value - low) / (high - low)) * plotHeight;
  const slot = plotWidth / Math.max(1, labels.length);
  const centre = (index: number) => MARGIN.left + slot * index + slot / 2;
  const ticks = [low, (low + high) / 2, high];
  // Every n-th label, so names do not run into each other on a narrow screen.
  const labelStep = Math.max(1, Math.ceil(labels.length / Math.max(1, Math.floor(plotWidth / MIN_LABEL_GAP))));
  const barWidth = Math.max(2, (slot * 0.8) / Math.max(1, series.length));

  return (
    <Flex vertical gap={4}>
      <div ref={box} style={{ width: '100%' }}>
        <svg
          role="img"
          aria-label={summary}
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
        >
          <title>{summary}</title>
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} stroke={token.colorBorderSecondary} />
              <text x={MARGIN.left - 6} y={y(tick) + FONT_SIZE / 3} textAnchor="end" fontSize={FONT_SIZE} fill={token.colorTextSecondary}>
                {valueText(tick)}
              </text>
            </g>
          ))}
          {labels.map((label, index) =>
            index % labelStep === 0 ? (
              <text key={label} x={centre(index)} y={height - 8} textAnchor="middle" fontSize={FONT_SIZE} fill={token.colorTextSecondary}>
                {label}
              </text>
            ) : null,
          )}
          {series.map((s, seriesIndex) => {
            const colour = colours[seriesIndex % colours.length];
            if (kind === 'bar')
              return (
                <g key={s.name} fill={colour}>
                  {s.values.map((value, index) =>
                    value === null ? null : (
                      <rect
                        key={labels[index] ?? index}
                        x={centre(index) - (barWidth * series.length) / 2 + barWidth * seriesIndex}
                        y={Math.min(y(value), y(0))}
                        width={barWidth}
                        height={Math.abs(y(0) - y(value))}
                      />
                    ),
                  )}
                </g>
              );
            const points = s.values.flatMap((value, index) => (value === null ? [] : [[centre(index), y(value)] as const]));
            return (
              <g key={s.name} stroke={colour} fill={colour}>
                <polyline points={points.map(([px, py]) => `${px},${py}`).join(' ')} fill="none" strokeWidth={2} />
                {points.map(([px, py]) => (
                  <circle key={`${px}`} cx={px} cy={py} r={3} />
                ))}
              </g>
            );
          })}
        </svg>
      </div>
      <Flex gap={16} wrap aria-hidden>
        {series.map((s, index) => (
          <Flex key={s.name} gap={6} align="center">
            <span
              style={{ width: 12, height: 12, borderRadius: 2, background: colours[index % colours.length], display: 'inline-block' }}
            />
            <Typography.Text type="secondary">{s.name}</Typography.Text>
          </Flex>
        ))}
      </Flex>
    </Flex>
  );
}
