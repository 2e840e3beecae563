/**
 * /sales/leadsdashboard: the leads created in a window of days in the acting tenant's subtree, as the
 * API counts them (GET /api/leads/dashboard): how many, how many converted and the rate, and bars by
 * status, consent, affordability outcome and day. A window without leads says so.
 */
import { Col, Empty, Flex, Row } from 'antd';
import type { LeadDashboard } from '@meridian/shared/contract/lead';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { CountBars, DashboardWindow, StatCard, useDashboardWindow, windowQuery } from './dashboard-parts';
import { LEADS_API, LEADS_LIST_PATH } from './lead-paths';
import { LEAD_TEXT, percentText } from './lead-text';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

function Figures({ dashboard }: { dashboard: LeadDashboard }) {
  const format = useTenantFormat();
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        <StatCard title={LEAD_TEXT.totalLeads} value={dashboard.total} />
        <StatCard title={LEAD_TEXT.converted} value={dashboard.converted} />
        <StatCard title={LEAD_TEXT.conversionRate} value={percentText(dashboard.conversionRate)} />
      </Row>
      {dashboard.total === 0 ? (
        <Empty description={LEAD_TEXT.noLeadsInWindow} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <CountBars title={LEAD_TEXT.byStatus} counts={dashboard.byStatus} />
          </Col>
          <Col xs={24} lg={12}>
            <Flex vertical gap={16}>
              <CountBars title={LEAD_TEXT.byConsent} counts={dashboard.byConsentStatus} />
              <CountBars title={LEAD_TEXT.byAffordability} counts={dashboard.byAffordabilityOutcome} />
            </Flex>
          </Col>
          <Col span={24}>
            <CountBars
              title={LEAD_TEXT.newPerDay}
              counts={dashboard.newPerDay.map((d) => ({ key: d.day, count: d.count }))}
              label={format.day}
            />
          </Col>
        </Row>
      )}
    </Flex>
  );
}

export default function LeadsDashboardPage() {
  const choice = useDashboardWindow();
  const { from, to } = choice.window;
  const loaded = useLoad(
    (signal) => api.get<LeadDashboard>(LEADS_API.dashboard, { signal, query: windowQuery({ from, to }) }).then((r) => r.data),
    [from, to],
  );
  return (
    <PageFrame title={LEAD_TEXT.leadsDashboard} actions={<LinkButton to={LEADS_LIST_PATH}>{LEAD_TEXT.backToLeads}</LinkButton>}>
      <Flex vertical gap={16}>
        <DashboardWindow {...choice} />
        <LoadPanel state={loaded}>{(dashboard) => <Figures dashboard={dashboard} />}</LoadPanel>
      </Flex>
    </PageFrame>
  );
}
