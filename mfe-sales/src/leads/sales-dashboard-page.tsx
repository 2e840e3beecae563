/**
 * /sales/dashboard: the sales work of a window of days in the acting tenant's subtree, as the API
 * counts it (GET /api/sales/dashboard): leads created and converted, clients added, activities planned
 * and completed with the completion rate, and the ten field agents who did most. A window without any
 * work says so.
 */
import { Empty, Flex, Row, Table } from 'antd';
import type { SalesDashboard, SalesDashboardAgent } from '@meridian/shared/contract/lead';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { CountBars, DashboardWindow, StatCard, useDashboardWindow, windowQuery } from './dashboard-parts';
import { LEAD_TEXT, percentText } from './lead-text';

const AGENT_COLUMNS = [
  { title: MESSAGES.name, dataIndex: 'name', key: 'name' },
  { title: MESSAGES.tenant, dataIndex: 'tenantName', key: 'tenantName' },
  { title: LEAD_TEXT.totalLeads, dataIndex: 'leadsCreated', key: 'leadsCreated', align: 'right' as const },
  { title: LEAD_TEXT.clientsAdded, dataIndex: 'clientsAdded', key: 'clientsAdded', align: 'right' as const },
  { title: LEAD_TEXT.activitiesPlanned, dataIndex: 'activitiesPlanned', key: 'activitiesPlanned', align: 'right' as const },
  { title: LEAD_TEXT.activitiesCompleted, dataIndex: 'activitiesCompleted', key: 'activitiesCompleted', align: 'right' as const },
];

function Figures({ dashboard }: { dashboard: SalesDashboard }) {
  const quiet = dashboard.leadsCreated === 0 && dashboard.clientsAdded === 0 && dashboard.activities.planned === 0;
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        <StatCard title={LEAD_TEXT.totalLeads} value={dashboard.leadsCreated} />
        <StatCard title={LEAD_TEXT.leadsConverted} value={dashboard.leadsConverted} />
        <StatCard title={LEAD_TEXT.clientsAdded} value={dashboard.clientsAdded} />
        <StatCard title={LEAD_TEXT.activitiesPlanned} value={dashboard.activities.planned} />
        <StatCard title={LEAD_TEXT.activitiesCompleted} value={dashboard.activities.completed} />
        <StatCard title={LEAD_TEXT.completionRate} value={percentText(dashboard.activities.completionRate)} />
      </Row>
      {quiet ? (
        <Empty description={LEAD_TEXT.noSalesWork} />
      ) : (
        <>
          <CountBars
            title={LEAD_TEXT.activitiesCompleted}
            counts={dashboard.topAgents.map((a) => ({ key: a.name, count: a.activitiesCompleted }))}
          />
          <Table<SalesDashboardAgent>
            aria-label={LEAD_TEXT.topAgents}
            title={() => LEAD_TEXT.topAgents}
            size="small"
            rowKey={(a) => a.userId}
            columns={AGENT_COLUMNS}
            dataSource={dashboard.topAgents}
            pagination={false}
            locale={{ emptyText: LEAD_TEXT.noAgentWork }}
            scroll={{ x: 'max-content' }}
          />
        </>
      )}
    </Flex>
  );
}

export default function SalesDashboardPage() {
  const choice = useDashboardWindow();
  const { from, to } = choice.window;
  const loaded = useLoad(
    (signal) => api.get<SalesDashboard>('/api/sales/dashboard', { signal, query: windowQuery({ from, to }) }).then((r) => r.data),
    [from, to],
  );
  return (
    <PageFrame title={LEAD_TEXT.salesDashboard}>
      <Flex vertical gap={16}>
        <DashboardWindow {...choice} />
        <LoadPanel state={loaded}>{(dashboard) => <Figures dashboard={dashboard} />}</LoadPanel>
      </Flex>
    </PageFrame>
  );
}
