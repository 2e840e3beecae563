/**
 * My Work (/agents/landingpage), what a loan officer opens in the field: start or stop the day, the
 * day's counts, and today's activities assigned to the caller (GET
 * /api/activities/agent-my-work-activities, in the order they start) with a quick status update on
 * each, made with the device's position. Kept light: one list call, no map. A field user offline
 * sees the day their device kept at the last sync, and their status changes are saved on the device
 * (my-work-offline.ts); what is waiting to be sent, or was refused, shows above the day.
 */
import { useEffect, useState } from 'react';
import { Alert, Card, Empty, Flex, Pagination, Select, Skeleton, Statistic, Tag, Typography } from 'antd';
import { DashboardOutlined } from '@ant-design/icons';
import { activityProgress } from '@meridian/shared/contract/activity-plan';
import type { ActivityStatus, MyWorkActivity } from '@meridian/shared/contract/activity';
import { pageRangeText, usePagedList } from '@meridian/shared/http/use-paged-list';
import { MESSAGES, offlineDayMessage } from '@meridian/shared/messages';
import { useFieldSync } from '@meridian/shared/offline/field-sync';
import { useSession } from '@meridian/shared/session/session-store';
import { FieldSyncPanel } from '@meridian/shared/ui/field-sync-panel';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { activityName } from './activity-columns';
import { useActivityFilters } from './activity-filters';
import { myWork } from '@meridian/shared/contract/areas/sales';
import { ACTIVITY_API, AGENT_DASHBOARD_PATH, type CameFrom } from './activity-paths';
import { useOwnUserId } from './activity-session';
import { ACTIVITY_TEXT } from './activity-text';
import { AssignmentStatusSelect, type AssignmentUpdate } from './assignment-status-select';
import { DayToggle } from './day-toggle';
import { keptDay, keptStatuses, type KeptDay } from './my-work-offline';
import { statusChoices, useActivityCatalogue } from './use-activity-catalogue';
import { LoadFailedAlert } from '@meridian/shared/ui/load-failed-alert';
import { useCan } from '@meridian/shared/session/use-can';
import { activities } from '@meridian/shared/contract/areas/sales';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

/** An activity opened from My Work leads back to My Work. */
const BACK_TO_MY_WORK: CameFrom = { path: myWork.screens.landing, label: ACTIVITY_TEXT.backToMyWork };

/** The counts of the day by stage of work; only when every row of the day is on the page. */
function DayCounts({ rows, total }: { rows: readonly MyWorkActivity[]; total: number }) {
  const complete = rows.length >= total;
  const count = (stage: ReturnType<typeof activityProgress>) =>
    rows.filter((r) => activityProgress(r.assignmentStatusText ?? r.statusText) === stage).length;
  return (
    <Flex gap={24} wrap>
      <Statistic title={ACTIVITY_TEXT.activitiesToday} value={total} />
      {complete && (
        <>
          <Statistic title={ACTIVITY_TEXT.completed} value={count('completed')} />
          <Statistic title={ACTIVITY_TEXT.inProgress} value={count('inProgress')} />
          <Statistic title={ACTIVITY_TEXT.pending} value={count('pending')} />
        </>
      )}
    </Flex>
  );
}

function ActivityCard({
  activity,
  me,
  statuses,
  linked,
  onUpdated,
}: {
  activity: MyWorkActivity;
  me: string;
  statuses: readonly ActivityStatus[];
  linked: boolean;
  onUpdated(assignment: AssignmentUpdate): void;
}) {
  const format = useTenantFormat();
  const times = [format.timeOfDay(activity.startDate), format.timeOfDay(activity.endDate)].filter(Boolean).join(' – ');
  return (
    <Card size="small">
      <Flex gap={12} justify="space-between" align="start" wrap>
        <Flex vertical gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Typography.Text strong>{activityName(activity, linked, BACK_TO_MY_WORK)}</Typography.Text>
          <Typography.Text type="secondary">{[times, activity.typeDesc].filter(Boolean).join(' · ')}</Typography.Text>
          {activity.location && <Typography.Text type="secondary">{activity.location}</Typography.Text>}
          <Flex gap={4} wrap>
            {activity.clients.map((c) => (
              <Tag key={c.Id}>{`${c.firstName} ${c.lastName}`}</Tag>
            ))}
          </Flex>
        </Flex>
        <AssignmentStatusSelect
          activityId={activity.Id}
          userId={me}
          label={activity.name}
          statusId={activity.assignmentStatusId}
          statusText={activity.assignmentStatusText ?? activity.statusText}
          statuses={statuses}
          onUpdated={onUpdated}
        />
      </Flex>
    </Card>
  );
}

/** The day as the server has it, with the status filter and paging. */
function OnlineDay({ me, linked }: { me: string; linked: boolean }) {
  const catalogue = useActivityCatalogue();
  const { filters, set } = useActivityFilters();
  const list = usePagedList<MyWorkActivity>({
    url: ACTIVITY_API.myWork,
    filters: { status: filters.status },
    defaultSort: { field: 'startDate', order: 'ASC' },
  });
  const { rows, items: loadedItems, total, state, update } = list;
  // A status changed here shows at once (and counts), without reading the day again.
  const [changed, setChanged] = useState<Record<string, AssignmentUpdate>>({});
  const answer = rows.status === 'loaded' ? rows.data : null;
  useEffect(() => setChanged({}), [answer]);
  const items = withChanges(loadedItems, changed);

  return (
    <>
      {rows.status === 'loaded' && <DayCounts rows={items} total={total} />}
      <Select
        aria-label={ACTIVITY_TEXT.filterByStatus}
        placeholder={ACTIVITY_TEXT.allStatuses}
        allowClear
        loading={catalogue.loading}
        options={statusChoices(catalogue.statuses)}
        value={filters.status}
        onChange={(value: string | undefined) => set({ status: value })}
        style={{ maxWidth: 240 }}
      />
      {rows.status === 'failed' && <LoadFailedAlert error={rows.error} onRetry={rows.reload} />}
      {rows.status === 'loading' && <Skeleton active />}
      {rows.status === 'loaded' && items.length === 0 && <Empty description={ACTIVITY_TEXT.noActivitiesToday} />}
      {rows.status === 'loaded' && (
        <DayList
          items={items}
          me={me}
          statuses={catalogue.statuses}
          linked={linked}
          onUpdated={(id, assignment) => setChanged((all) => ({ ...all, [id]: assignment }))}
        />
      )}
      {total > state.size && (
        <Pagination
          current={state.page}
          pageSize={state.size}
          total={total}
          showTotal={pageRangeText}
          onChange={(page, size) => update({ page, size })}
        />
      )}
    </>
  );
}

/** Offline: the day as this device kept it at the last sync, with the changes made since (my-work-offline.ts). */
function OfflineDay({ me, linked }: { me: string; linked: boolean }) {
  const format = useTenantFormat();
  const [day, setDay] = useState<KeptDay | null>();
  const [statuses, setStatuses] = useState<ActivityStatus[]>([]);
  const [changed, setChanged] = useState<Record<string, AssignmentUpdate>>({});
  useEffect(() => {
    void keptDay().then((kept) => setDay(kept ?? null));
    void keptStatuses().then(setStatuses);
  }, []);
  if (day === undefined) return <Skeleton active />;
  if (day === null) return <Alert type="warning" showIcon title={MESSAGES.noKeptDay} />;
  const items = withChanges(day.items, changed);
  return (
    <>
      <Alert type="info" showIcon title={offlineDayMessage(format.timeOfDay(day.keptAt))} />
      <DayCounts rows={items} total={items.length} />
      {items.length === 0 && <Empty description={ACTIVITY_TEXT.noActivitiesToday} />}
      <DayList
        items={items}
        me={me}
        statuses={statuses}
        linked={linked}
        onUpdated={(id, assignment) => setChanged((all) => ({ ...all, [id]: assignment }))}
      />
    </>
  );
}

const withChanges = (items: readonly MyWorkActivity[], changed: Record<string, AssignmentUpdate>) =>
  items.map((activity) => {
    const assignment = changed[activity.Id];
    return assignment ? { ...activity, assignmentStatusId: assignment.statusId, assignmentStatusText: assignment.statusText } : activity;
  });

function DayList({
  items,
  me,
  statuses,
  linked,
  onUpdated,
}: {
  items: readonly MyWorkActivity[];
  me: string;
  statuses: readonly ActivityStatus[];
  linked: boolean;
  onUpdated(activityId: string, assignment: AssignmentUpdate): void;
}) {
  return (
    <Flex vertical gap={8} role="list" aria-label={ACTIVITY_TEXT.activitiesToday}>
      {items.map((activity) => (
        <div role="listitem" key={activity.Id}>
          <ActivityCard
            activity={activity}
            me={me}
            statuses={statuses}
            linked={linked}
            onUpdated={(assignment) => onUpdated(activity.Id, assignment)}
          />
        </div>
      ))}
    </Flex>
  );
}

export default function MyWorkPage() {
  const me = useOwnUserId() ?? '';
  const linked = useCan(activities, 'view');
  const online = useSession((state) => state.networkOnline);
  const keepsOfflineWork = useFieldSync((state) => state.syncs);

  return (
    <PageFrame
      subtitle={ACTIVITY_TEXT.today}
      actions={
        <LinkButton to={AGENT_DASHBOARD_PATH} icon={<DashboardOutlined />}>
          {ACTIVITY_TEXT.dashboard}
        </LinkButton>
      }
    >
      <Flex vertical gap={16}>
        <DayToggle />
        <FieldSyncPanel />
        {online || !keepsOfflineWork ? <OnlineDay me={me} linked={linked} /> : <OfflineDay me={me} linked={linked} />}
      </Flex>
    </PageFrame>
  );
}
