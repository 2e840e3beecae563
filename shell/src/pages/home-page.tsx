/**
 * The home dashboard (/): who is signed in and for which tenant, unread notifications, and the
 * activity and agent counts of the user's tenants. Each card loads on its own, so one failing call
 * leaves the others usable; the counts card is left out for users without sales permission (403).
 * The widgets sidebar (spec 2.6, opened from the top bar on this page only) hides and shows cards;
 * a hidden card is not drawn and so makes no call.
 */
import type { ReactNode } from 'react';
import { Button, Card, Col, Empty, Row, Statistic, Tag, Typography } from 'antd';
import type { Stats } from '@meridian/shared/contract/field-agent';
import type { User } from '@meridian/shared/contract/user';
import { api } from '@meridian/shared/http/api';
import { greetingMessage, MESSAGES } from '@meridian/shared/messages';
import { requestTenantId, useSession } from '@meridian/shared/session/session-store';
import { TENANT_TYPE_NAMES } from '@meridian/shared/constants';
import { useRealtime } from '@meridian/shared/realtime/use-realtime';
import { isApiStatus } from '@meridian/shared/http/api-errors';
import { useLoad, type LoadState } from '@meridian/shared/http/use-load';
import { DashboardWidgetsDrawer, useWidgetsSidebar, type DashboardWidget } from './dashboard-widgets-drawer';
import { LoadFailedAlert } from '@meridian/shared/ui/load-failed-alert';
import { useActingTenantName } from '../layout/top-bar/tenant-selector';

function GreetingCard({ user }: { user: User }) {
  // A tenant below the user's own is named from the tenant tree; until it has loaded, the line waits.
  const tenantName = useActingTenantName();
  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {greetingMessage(`${user.firstName} ${user.lastName}`.trim())}
      </Typography.Title>
      <div style={{ marginBottom: 8 }}>
        {user.roles.map((role) => (
          <Tag key={role.Id} color="blue">
            {role.name}
          </Tag>
        ))}
      </div>
      <Typography.Text type="secondary">{MESSAGES.selectedTenant}: </Typography.Text>
      <Typography.Text strong data-testid="acting-tenant-name">
        {tenantName ?? '…'}
      </Typography.Text>
    </Card>
  );
}

function NotificationsCard() {
  const unread = useLoad(
    (signal) => api.get<{ count: number }>('/api/notification/unreadnotifications', { signal }).then((r) => r.data.count),
    [],
  );
  const { reload } = unread;
  // A notification pushed over the socket changes the count; load it again rather than guess.
  useRealtime('notification', reload);
  return (
    <Card title={MESSAGES.unreadNotifications} loading={unread.status === 'loading'}>
      {unread.status === 'failed' ? (
        <LoadFailedAlert error={unread.error} onRetry={reload} />
      ) : (
        <Statistic value={unread.status === 'loaded' ? unread.data : 0} />
      )}
    </Card>
  );
}

/** How many tenants lie below the one acted for, by type: it follows the tenant selector. */
function TenantScopeCard({ tenantId }: { tenantId: string | null }) {
  const scope = useLoad(
    (signal) =>
      api.get<{ count: number; byType: Record<string, number> }>('/api/tenants/count-sub-tenants', { signal }).then((r) => r.data),
    // The http client sends the selected tenant as x-tenant-id: a new one asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [tenantId],
  );
  return (
    <Card title={MESSAGES.subTenants} loading={scope.status === 'loading'}>
      {scope.status === 'failed' ? (
        <LoadFailedAlert error={scope.error} onRetry={scope.reload} />
      ) : (
        <>
          <Statistic
            value={scope.status === 'loaded' ? scope.data.count : 0}
            valueRender={(value) => <span data-testid="sub-tenant-count">{value}</span>}
          />
          {scope.status === 'loaded' && (
            <Typography.Text type="secondary">
              {Object.entries(TENANT_TYPE_NAMES)
                .map(([type, name]) => `${scope.data.byType[type] ?? 0} ${name.toLowerCase()}`)
                .join(' · ')}
            </Typography.Text>
          )}
        </>
      )}
    </Card>
  );
}

const STAT_FIELDS: { key: keyof Stats; label: string }[] = [
  { key: 'assignedActivities', label: MESSAGES.assignedActivities },
  { key: 'unassignedActivities', label: MESSAGES.unassignedActivities },
  { key: 'assignedAgents', label: MESSAGES.assignedAgents },
  { key: 'unassignedAgents', label: MESSAGES.unassignedAgents },
];

function StatsBody({ stats }: { stats: LoadState<Stats> & { reload: () => void } }) {
  if (stats.status === 'failed') return <LoadFailedAlert error={stats.error} onRetry={stats.reload} />;
  return (
    <Row gutter={[16, 16]}>
      {STAT_FIELDS.map(({ key, label }) => (
        <Col key={key} xs={12} md={6}>
          <Statistic title={label} value={stats.status === 'loaded' ? stats.data[key] : 0} />
        </Col>
      ))}
    </Row>
  );
}

function StatsCard({ userId }: { userId: string }) {
  const stats = useLoad((signal) => api.get<Stats>(`/api/stats/${encodeURIComponent(userId)}`, { signal }).then((r) => r.data), [userId]);
  // 403: the user holds no sales permission, so these counts are not theirs to see; the card is left out.
  if (stats.status === 'failed' && isApiStatus(stats.error, 403)) return null;
  return (
    <Col xs={24}>
      <Card title={MESSAGES.activitiesAndAgents} loading={stats.status === 'loading'}>
        <StatsBody stats={stats} />
      </Card>
    </Col>
  );
}

interface HomeWidget extends DashboardWidget {
  render(context: { user: User; tenantId: string | null }): ReactNode;
}

const WIDGETS: HomeWidget[] = [
  {
    id: 'greeting',
    title: MESSAGES.greetingWidget,
    render: ({ user }) => (
      <Col key="greeting" xs={24} lg={16}>
        <GreetingCard user={user} />
      </Col>
    ),
  },
  {
    id: 'notifications',
    title: MESSAGES.unreadNotifications,
    render: () => (
      <Col key="notifications" xs={24} lg={8}>
        <NotificationsCard />
      </Col>
    ),
  },
  {
    id: 'sub-tenants',
    title: MESSAGES.subTenants,
    render: ({ tenantId }) => (
      <Col key="sub-tenants" xs={24} lg={8}>
        <TenantScopeCard tenantId={tenantId} />
      </Col>
    ),
  },
  { id: 'stats', title: MESSAGES.activitiesAndAgents, render: ({ user }) => <StatsCard key="stats" userId={user.Id} /> },
];

function AllWidgetsHidden() {
  const { open } = useWidgetsSidebar();
  return (
    <Empty description={MESSAGES.allWidgetsHidden}>
      <Button type="primary" onClick={open}>
        {MESSAGES.chooseWidgets}
      </Button>
    </Empty>
  );
}

export default function HomePage() {
  const user = useSession((state) => state.user);
  const tenantId = useSession(requestTenantId);
  const hidden = useSession((state) => state.hiddenDashboardWidgets);
  // The route requires sign-in; the guard has sent anyone without a user to /login.
  if (!user) return null;
  const shown = WIDGETS.filter((widget) => !hidden.includes(widget.id));
  return (
    <>
      {shown.length ? <Row gutter={[16, 16]}>{shown.map((widget) => widget.render({ user, tenantId }))}</Row> : <AllWidgetsHidden />}
      <DashboardWidgetsDrawer widgets={WIDGETS} />
    </>
  );
}
