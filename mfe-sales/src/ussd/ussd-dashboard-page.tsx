/**
 * The USSD dashboard (/clients/ussd/dashboard): over a window of days (the last 30 unless chosen, kept in
 * the address), the sessions, how many completed and the completion rate, sessions per day as bars (the
 * repo draws charts as bars scaled to the largest count, with no chart library: leads/dashboard-parts.tsx),
 * and the menu choices callers made most. Days without a session are drawn as zero, not left out.
 */
import { Col, Empty, Flex, Row } from 'antd';
import type { UssdDashboard } from '@meridian/shared/contract/ussd';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { CountBars, DashboardWindow, StatCard, useDashboardWindow } from '../leads/dashboard-parts';
import { UssdLinks } from './ussd-clients-page';
import { USSD_API } from './ussd-paths';
import { CHOICE_LABELS, USSD_TEXT } from './ussd-text';

/** Every day from `from` to `to` (YYYY-MM-DD, both included), counted in UTC so no zone shifts a day. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); at <= end; at += 86_400_000)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

function Figures({ dashboard }: { dashboard: UssdDashboard }) {
  const format = useTenantFormat();
  const byDay = new Map(dashboard.days.map((d) => [d.day, d.sessions]));
  const perDay = daysOf(dashboard.from, dashboard.to).map((day) => ({ key: day, count: byDay.get(day) ?? 0 }));
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        <StatCard title={USSD_TEXT.sessionCount} value={dashboard.sessions} />
        <StatCard title={USSD_TEXT.completedCount} value={dashboard.completed} />
        <StatCard title={USSD_TEXT.completionRate} value={`${dashboard.completionPercent}%`} />
      </Row>
      {dashboard.sessions === 0 ? (
        <Empty description={USSD_TEXT.noSessionsInWindow} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={14}>
            <CountBars title={USSD_TEXT.perDay} counts={perDay} label={(day) => format.day(day)} />
          </Col>
          <Col xs={24} lg={10}>
            {dashboard.topChoices.length === 0 ? (
              <Empty description={USSD_TEXT.noChoices} />
            ) : (
              <CountBars
                title={USSD_TEXT.topChoices}
                counts={dashboard.topChoices.map((c) => ({ key: c.choice, count: c.count }))}
                label={(choice) => CHOICE_LABELS[choice as keyof typeof CHOICE_LABELS] ?? choice}
              />
            )}
          </Col>
        </Row>
      )}
    </Flex>
  );
}

export default function UssdDashboardPage() {
  const window = useDashboardWindow();
  const { from, to } = window.window;
  const loaded = useLoad(
    (signal) => api.get<UssdDashboard>(USSD_API.dashboard, { query: { from, to }, signal }).then((r) => r.data),
    [from, to],
  );
  return (
    <PageFrame title={USSD_TEXT.dashboard} actions={<UssdLinks />}>
      <Flex vertical gap={16}>
        <DashboardWindow {...window} />
        <LoadPanel state={loaded}>{(dashboard) => <Figures dashboard={dashboard} />}</LoadPanel>
      </Flex>
    </PageFrame>
  );
}
