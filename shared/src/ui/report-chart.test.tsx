/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { WithoutAntdStyles } from '../testing/page-test-kit';
import { ReportChart } from './report-chart';

const renderChart = (props: Parameters<typeof ReportChart>[0]) =>
  render(
    <WithoutAntdStyles>
      <ReportChart {...props} />
    </WithoutAntdStyles>,
  );

describe('report chart', () => {
  test('is one image named by its summary, with a bar per value of each series and its legend', () => {
    renderChart({
      kind: 'bar',
      labels: ['2026-11-02', '2026-11-09', '2026-11-16'],
      series: [
        { name: 'Expected', values: [120, 50, 0] },
        { name: 'Collected', values: [90, 70, null] },
      ],
      summary: 'Expected and collected per week',
    });
    const chart = screen.getByRole('img', { name: 'Expected and collected per week' });
    // A null is no bar; a zero is a bar of no height.
    expect(chart.querySelectorAll('rect')).toHaveLength(5);
    expect(screen.getByText('Expected')).toBeInTheDocument();
    expect(screen.getByText('Collected')).toBeInTheDocument();
  });

  test('a bar stands on the zero line and is as high as its value on the axis from 0 to the highest', () => {
    renderChart({ kind: 'bar', labels: ['a', 'b'], series: [{ name: 'S', values: [100, 50] }], summary: 'S', height: 228 });
    // Plot height 228 - 12 - 28 = 188: 100 is all of it, 50 is half.
    const heights = Array.from(screen.getByRole('img').querySelectorAll('rect')).map((r) => Number(r.getAttribute('height')));
    expect(heights).toEqual([188, 94]);
  });

  test('a line joins the points it has, one circle per value, and writes the axis as asked', () => {
    renderChart({
      kind: 'line',
      labels: ['2026-09', '2026-10', '2026-11'],
      series: [{ name: 'PAR30 ZAR', values: [12.5, null, 13] }],
      summary: 'PAR30 by month',
      valueText: (v) => `${v.toFixed(1)} %`,
    });
    const chart = screen.getByRole('img', { name: 'PAR30 by month' });
    expect(chart.querySelectorAll('circle')).toHaveLength(2);
    expect(chart.querySelector('polyline')!.getAttribute('points')!.split(' ')).toHaveLength(2);
    expect(chart).toHaveTextContent('13.0 %');
    expect(chart).toHaveTextContent('0.0 %');
  });
});
