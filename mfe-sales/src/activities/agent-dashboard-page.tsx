/**
 * The agent's dashboard (/agents/dashboard): the day (online or not, when it started, time online),
 * today's progress through the activities assigned to them (GET /api/agent/dashboard), today's
 * assigned and unassigned activities, and their activities overall (GET /api/stats/agent/{me}).
 */
import { Badge, Card, Col, Flex, Progress, Row, Statistic, Tag, Typography } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { activityProgress } from '@meridian/shared/contract/activity-plan';
import type { AgentDashboard, Stats } from '@meridian/shared/contract/field-agent';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { ACTIVITY_API, MY_WORK_PATH } from './activity-paths';
import { useOwnUserId } from './activity-session';
import { ACTIVITY_TEXT, durationText, progressText } from './activity-text';
import { LoadFailedAlert } from '@meridian/shared/ui/load-failed-alert';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

/** Completed of all today's assigned activities, by their status names. */
export function todaysProgress(byStatus: AgentDashboard['activitiesByStatus']) {
  const total = byStatus.reduce((sum, s) => sum + s.count, 0);
  const done = byStatus.filter((s) => activityProgress(s.status) === 'completed').reduce((sum, s) => sum + s.count, 0);
  return { done, total, percent: total === 0 ? 0 : Math.round((done / total) * 100) };
}

function Today({ dashboard }: { dashboard: AgentDashboard }) {
  const format = useTenantFormat();
  const progress = todaysProgress(dashboard.activitiesByStatus);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12}>
        <Card size="small" title={format.day(dashboard.date)} style={{ height: '100%' }}>
          <Flex vertical gap={12}>
            <Badge
              status={dashboard.online ? 'success' : 'default'}
              text={dashboard.online ? ACTIVITY_TEXT.online : ACTIVITY_TEXT.offline}
            />
            <Flex gap={24} wrap>
              <Statistic
                title={ACTIVITY_TEXT.startedAt}
                value={dashboard.startedDayAt ? format.moment(dashboard.startedDayAt) : ACTIVITY_TEXT.notStarted}
              />
              <Statistic title={ACTIVITY_TEXT.onlineToday} value={durationText(dashboard.onlineMinutesToday)} />
            </Flex>
          </Flex>
        </Card>
      </Col>
      <Col xs={24} md={12}>
        <Card size="small" title={ACTIVITY_TEXT.todaysProgress} style={{ height: '100%' }}>
          <Flex gap={24} align="center" wrap>
            <Progress type="circle" percent={progress.percent} size={96} aria-label={ACTIVITY_TEXT.todaysProgress} />
            <Flex vertical gap={4}>
              <Typography.Text strong>{progressText(progress.done, progress.total)}</Typography.Text>
              <Flex gap={4} wrap>
                {dashboard.activitiesByStatus.map((s) => (
                  <Tag key={s.status}>{`${s.status} ${s.count}`}</Tag>
                ))}
              </Flex>
            </Flex>
          </Flex>
        </Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small">
          <Statistic title={ACTIVITY_TEXT.assignedToMe} value={dashboard.assignedActivities} />
        </Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small">
          <Statistic title={ACTIVITY_TEXT.unassignedToday} value={dashboard.unassignedActivities} />
        </Card>
      </Col>
    </Row>
  );
}

function Overall({ userId }: { userId: string }) {
  const stats = useLoad((signal) => api.get<Stats>(ACTIVITY_API.agentStats(userId), { signal }).then((r) => r.data), [userId]);
  if (stats.status === 'failed') {
    return <LoadFailedAlert error={stats.error} onRetry={stats.reload} />;
  }
  return (
    <Card size="small" title={ACTIVITY_TEXT.overall} loading={stats.status === 'loading'}>
      {stats.status === 'loaded' && (
        <Flex gap={24} wrap>
          <Statistic title={ACTIVITY_TEXT.assignedActivities} value={stats.data.assignedActivities} />
          <Statistic title={ACTIVITY_TEXT.unassignedActivities} value={stats.data.unassignedActivities} />
        </Flex>
      )}
    </Card>
  );
}

export default function AgentDashboardPage() {
  const me = useOwnUserId();
  const dashboard = useLoad((signal) => api.get<AgentDashboard>(ACTIVITY_API.agentDashboard, { signal }).then((r) => r.data), []);
  return (
    <PageFrame
      actions={
        <LinkButton to={MY_WORK_PATH} type="primary" icon={<UnorderedListOutlined />}>
          {ACTIVITY_TEXT.toMyWork}
        </LinkButton>
      }
    >
      <Flex vertical gap={16}>
        <LoadPanel state={dashboard}>{(data) => <Today dashboard={data} />}</LoadPanel>
        {me && <Overall userId={me} />}
      </Flex>
    </PageFrame>
  );
}
