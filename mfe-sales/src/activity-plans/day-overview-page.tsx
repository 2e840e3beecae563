/**
 * How each agent's route went on a day (/sales/activities/activity-plan/day-overview): per agent with
 * a plan that day, the plans and stops planned, how many stops are completed, in progress, pending
 * or cancelled, the first and last status update, and the route's length between stops. The day is
 * kept in the address (?date=, today when absent). The whole day comes in one answer (one line per
 * agent with a plan), so it is sorted here.
 */
import { Empty, Flex, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { isCalendarDay, type DayOverview, type DayOverviewAgent } from '@meridian/shared/contract/activity-plan';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { agentDayPath } from '../agent/agent-paths';
import { localDay } from '../parts/date-field';
import { DaySwitcher } from '../parts/day-switcher';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { useAddressFilters } from '../parts/use-address-filters';
import { mapOverviewPath, PLANS_LIST_PATH } from './activity-plan-paths';
import { distanceText, PLAN_TEXT, unplacedStopsText } from './activity-plan-text';
import { useCan } from '@meridian/shared/session/use-can';
import { activityPlans, agentHistory } from '@meridian/shared/contract/areas/sales';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { TableBox } from '@meridian/shared/ui/table-box';

const byNumber = (field: keyof DayOverviewAgent) => (a: DayOverviewAgent, b: DayOverviewAgent) => Number(a[field]) - Number(b[field]);
const byMoment = (field: 'firstStatusUpdate' | 'lastStatusUpdate') => (a: DayOverviewAgent, b: DayOverviewAgent) =>
  (a[field] ?? '').localeCompare(b[field] ?? '');

export default function DayOverviewPage() {
  const format = useTenantFormat();
  const today = localDay();
  const filters = useAddressFilters({ date: today });
  const day = filters.values.date && isCalendarDay(filters.values.date) ? filters.values.date : today;
  const canSeeHistory = useCan(agentHistory, 'read');
  const canPlan = useCan(activityPlans, 'read');
  const loaded = useLoad(
    (signal) => api.get<DayOverview>('/api/activities/activity-plan/day-overview', { signal, query: { date: day } }).then((r) => r.data),
    [day],
  );

  const count = (title: string, field: keyof DayOverviewAgent) => ({
    title,
    dataIndex: field,
    align: 'right' as const,
    sorter: byNumber(field),
  });
  const columns: TableColumnsType<DayOverviewAgent> = [
    {
      title: PLAN_TEXT.agent,
      dataIndex: 'agentName',
      sorter: (a, b) => a.agentName.localeCompare(b.agentName),
      defaultSortOrder: 'ascend',
      render: (name: string, agent) => (canSeeHistory ? <Link to={agentDayPath(agent.agentUserId, day)}>{name}</Link> : name),
    },
    count(PLAN_TEXT.plansCount, 'plans'),
    count(PLAN_TEXT.planned, 'plannedStops'),
    count(PLAN_TEXT.completed, 'completed'),
    count(PLAN_TEXT.inProgress, 'inProgress'),
    count(PLAN_TEXT.pending, 'pending'),
    count(PLAN_TEXT.cancelled, 'cancelled'),
    {
      title: PLAN_TEXT.firstUpdate,
      dataIndex: 'firstStatusUpdate',
      sorter: byMoment('firstStatusUpdate'),
      // The page is one day: its time alone says when, and keeps the table within a 1280 px screen.
      render: (iso: string | null) => format.timeOfDay(iso) || '—',
    },
    {
      title: PLAN_TEXT.lastUpdate,
      dataIndex: 'lastStatusUpdate',
      sorter: byMoment('lastStatusUpdate'),
      // The page is one day: its time alone says when, and keeps the table within a 1280 px screen.
      render: (iso: string | null) => format.timeOfDay(iso) || '—',
    },
    {
      title: <Tooltip title={PLAN_TEXT.distanceHint}>{PLAN_TEXT.distance}</Tooltip>,
      dataIndex: 'distanceKm',
      align: 'right',
      sorter: byNumber('distanceKm'),
      render: (km: number, agent) =>
        agent.stopsWithoutPosition > 0 ? (
          <Tooltip title={unplacedStopsText(agent.stopsWithoutPosition)}>
            <span>{`${distanceText(km)} *`}</span>
          </Tooltip>
        ) : (
          distanceText(km)
        ),
    },
  ];

  return (
    <PageFrame
      subtitle={format.day(day)}
      actions={
        <>
          <DaySwitcher day={day} onChange={(next) => filters.set({ date: next })} />
          {canPlan && <LinkButton to={mapOverviewPath(day)}>{PLAN_TEXT.mapOfTheDay}</LinkButton>}
          {canPlan && <LinkButton to={PLANS_LIST_PATH}>{PLAN_TEXT.plans}</LinkButton>}
        </>
      }
    >
      <LoadPanel state={loaded}>
        {(overview) => (
          <Flex vertical gap={8}>
            <TableBox>
              <Table<DayOverviewAgent>
                aria-label={PLAN_TEXT.dayOverview}
                rowKey={(agent) => agent.agentUserId}
                columns={columns}
                dataSource={overview.agents}
                pagination={overview.agents.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={PLAN_TEXT.noAgentsThatDay} /> }}
                scroll={{ x: 'max-content' }}
              />
            </TableBox>
            <Typography.Text type="secondary">{PLAN_TEXT.distanceHint}</Typography.Text>
          </Flex>
        )}
      </LoadPanel>
    </PageFrame>
  );
}
