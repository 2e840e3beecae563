/**
 * Agent activity (/sales/activities/agents): per field agent of the acting subtree, their assignments
 * of the window's activities counted by status and their latest status change (GET
 * /api/activities/agentActivityStatusReport, newest change first). Picking an agent lists that
 * agent's activities of the same window (GET /api/activities/agents/{id}), scrolled one page at a
 * time. The window, the status, the chosen agent and each list's sort and search live in the address.
 */
import { Button, Card, Flex, Tag } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import type { ActivityListItem, AgentStatusReportRow } from '@meridian/shared/contract/activity';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { ScrollingTable } from '@meridian/shared/ui/scrolling-table';
import { scrollingActivityColumns } from './activity-columns';
import { ActivityFilterBar } from './activity-filter-bar';
import { useActivityFilters } from './activity-filters';
import { ACTIVITY_API } from './activity-paths';
import { activitiesOfTitle, ACTIVITY_TEXT, showActivitiesOf } from './activity-text';
import { useActivityCatalogue } from './use-activity-catalogue';
import { useCan } from '@meridian/shared/session/use-can';
import { activities } from '@meridian/shared/contract/areas/sales';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

/** The chosen agent, kept in the address with their name so a shared link shows the same. */
function useChosenAgent() {
  const [params, setParams] = useSearchParams();
  const id = params.get('agent') ?? undefined;
  const name = params.get('agentName') ?? '';
  const choose = (row: AgentStatusReportRow) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('agent', row.userId);
        next.set('agentName', row.agentName);
        for (const key of [...next.keys()]) if (key.startsWith('agent.')) next.delete(key);
        return next;
      },
      { replace: true },
    );
  return { id, name, choose };
}

export default function AgentActivityPage() {
  const format = useTenantFormat();
  const { filters, set } = useActivityFilters();
  const catalogue = useActivityCatalogue();
  const agent = useChosenAgent();
  const canView = useCan(activities, 'view');
  const windowQuery = { startDate: filters.startDate, endDate: filters.endDate, status: filters.status };

  const columns: PagedColumn<AgentStatusReportRow>[] = [
    { title: ACTIVITY_TEXT.agent, dataIndex: 'agentName', sortField: 'agentName' },
    { title: ACTIVITY_TEXT.userName, dataIndex: 'userName', sortField: 'userName' },
    { title: ACTIVITY_TEXT.tenant, dataIndex: 'tenantName', sortField: 'tenantName' },
    { title: ACTIVITY_TEXT.total, dataIndex: 'total', sortField: 'total' },
    {
      title: ACTIVITY_TEXT.byStatus,
      key: 'byStatus',
      render: (_: unknown, row: AgentStatusReportRow) => (
        <Flex gap={4} wrap>
          {row.byStatus.map((s) => (
            <Tag key={s.statusId ?? s.status}>{`${s.status} ${s.count}`}</Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: ACTIVITY_TEXT.lastStatusChange,
      dataIndex: 'statusDateCreated',
      sortField: 'statusDateCreated',
      render: (iso: string | null) => format.moment(iso),
    },
    {
      title: ACTIVITY_TEXT.activities,
      key: 'pick',
      render: (_: unknown, row: AgentStatusReportRow) => (
        <Button
          size="small"
          icon={<UnorderedListOutlined />}
          type={row.userId === agent.id ? 'primary' : 'default'}
          aria-label={showActivitiesOf(row.agentName)}
          onClick={() => agent.choose(row)}
        >
          {ACTIVITY_TEXT.showActivities}
        </Button>
      ),
    },
  ];

  return (
    <PageFrame>
      <Flex vertical gap={16}>
        <ActivityFilterBar filters={filters} set={set} catalogue={catalogue} withType={false} />
        <PagedTable<AgentStatusReportRow>
          url={ACTIVITY_API.statusReport}
          filters={windowQuery}
          columns={columns}
          rowKey={(row) => row.userId}
          label={ACTIVITY_TEXT.agentActivity}
          emptyText={ACTIVITY_TEXT.noAgents}
          searchPlaceholder={ACTIVITY_TEXT.searchAgents}
          defaultSort={{ field: 'statusDateCreated', order: 'DESC' }}
          stateKey="report"
        />
        {agent.id && (
          <Card size="small" title={activitiesOfTitle(agent.name || ACTIVITY_TEXT.agent)}>
            <ScrollingTable<ActivityListItem>
              url={ACTIVITY_API.ofAgent(agent.id)}
              filters={windowQuery}
              columns={scrollingActivityColumns(canView, format)}
              rowKey={(activity) => activity.Id}
              label={activitiesOfTitle(agent.name || ACTIVITY_TEXT.agent)}
              emptyText={ACTIVITY_TEXT.noActivities}
              searchPlaceholder={ACTIVITY_TEXT.searchActivities}
              defaultSort={{ field: 'startDate', order: 'DESC' }}
              height={420}
              stateKey="agent"
            />
          </Card>
        )}
      </Flex>
    </PageFrame>
  );
}
