/**
 * The two halves of building a route: the plan's stops in visiting order (moved up and down,
 * removed), and the activities of the plan's day that are in no plan yet
 * (GET /api/activities/no-activity-plan, paged and searched on the server), added one by one to the
 * end of the route.
 */
import { Button, Empty, Flex, Switch, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { ACTIVITY_PLAN_LIMITS, isCalendarDay, type ActivityWithoutPlan } from '@meridian/shared/contract/activity-plan';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { fullName } from '@meridian/shared/format';
import { moved, type StopInfo } from './activity-plan-form-schema';
import { moveDownLabel, moveUpLabel, PLAN_TEXT, rowActionLabel, stopsCountText } from './activity-plan-text';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

const hasPosition = (stop: StopInfo) => stop.lat !== null && stop.lng !== null;

export function StopList({ ids, stops, onChange }: { ids: string[]; stops: ReadonlyMap<string, StopInfo>; onChange(ids: string[]): void }) {
  const format = useTenantFormat();
  if (ids.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={PLAN_TEXT.noStopsYet} />;
  return (
    <Flex vertical gap={4}>
      <Typography.Text type="secondary">{stopsCountText(ids.length, ACTIVITY_PLAN_LIMITS.maxStops)}</Typography.Text>
      <ol aria-label={PLAN_TEXT.stopsInOrder} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {ids.map((id, index) => {
          const stop = stops.get(id);
          const name = stop?.name ?? id;
          return (
            <li key={id} style={{ borderBottom: '1px solid rgba(5, 5, 5, 0.06)', padding: '6px 0' }}>
              <Flex gap={8} align="center" justify="space-between">
                <Flex gap={8} align="center" style={{ minWidth: 0 }}>
                  <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                    {index + 1}
                  </Tag>
                  <Flex vertical style={{ minWidth: 0 }}>
                    <Typography.Text strong ellipsis>
                      {name}
                    </Typography.Text>
                    {stop && (
                      <Typography.Text type="secondary" ellipsis>
                        {[format.moment(stop.startDate), stop.location].filter(Boolean).join(' · ')}
                        {!hasPosition(stop) && <Tag style={{ marginInlineStart: 8 }}>{PLAN_TEXT.noPosition}</Tag>}
                      </Typography.Text>
                    )}
                  </Flex>
                </Flex>
                <Flex gap={2} wrap={false}>
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined />}
                    aria-label={moveUpLabel(name)}
                    title={PLAN_TEXT.moveUp}
                    disabled={index === 0}
                    onClick={() => onChange(moved(ids, index, -1))}
                  />
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined />}
                    aria-label={moveDownLabel(name)}
                    title={PLAN_TEXT.moveDown}
                    disabled={index === ids.length - 1}
                    onClick={() => onChange(moved(ids, index, 1))}
                  />
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<CloseOutlined />}
                    aria-label={rowActionLabel(PLAN_TEXT.remove, name)}
                    title={PLAN_TEXT.remove}
                    onClick={() => onChange(ids.filter((other) => other !== id))}
                  />
                </Flex>
              </Flex>
            </li>
          );
        })}
      </ol>
    </Flex>
  );
}

/** Stops the plan had when it was opened and no longer has: they are in no other plan, so they can come back. */
export function RemovedStops({ removed, onAddBack, full }: { removed: StopInfo[]; onAddBack(stop: StopInfo): void; full: boolean }) {
  if (removed.length === 0) return null;
  return (
    <Flex vertical gap={4} style={{ marginTop: 12 }}>
      <Typography.Text type="secondary">{PLAN_TEXT.removedStops}</Typography.Text>
      {removed.map((stop) => (
        <Flex key={stop.Id} gap={8} align="center" justify="space-between">
          <Typography.Text delete>{stop.name}</Typography.Text>
          <Button size="small" disabled={full} aria-label={rowActionLabel(PLAN_TEXT.addBack, stop.name)} onClick={() => onAddBack(stop)}>
            {PLAN_TEXT.addBack}
          </Button>
        </Flex>
      ))}
    </Flex>
  );
}

interface WithoutPlanProps {
  planDate: string | undefined;
  agentUserId: string | undefined;
  onlyAgent: boolean;
  onOnlyAgentChange(only: boolean): void;
  chosen: readonly string[];
  onAdd(activity: ActivityWithoutPlan): void;
}

export function ActivitiesWithoutPlan({ planDate, agentUserId, onlyAgent, onOnlyAgentChange, chosen, onAdd }: WithoutPlanProps) {
  const format = useTenantFormat();
  const full = chosen.length >= ACTIVITY_PLAN_LIMITS.maxStops;
  const columns: PagedColumn<ActivityWithoutPlan>[] = [
    { title: PLAN_TEXT.start, dataIndex: 'startDate', sortField: 'startDate', render: (iso: string | null) => format.moment(iso) },
    { title: PLAN_TEXT.name, dataIndex: 'name', sortField: 'name' },
    {
      title: PLAN_TEXT.place,
      dataIndex: 'location',
      sortField: 'location',
      render: (place: string | null, activity: ActivityWithoutPlan) => (
        <>
          {place ?? '—'}
          {(activity.lat === null || activity.lng === null) && <Tag style={{ marginInlineStart: 8 }}>{PLAN_TEXT.noPosition}</Tag>}
        </>
      ),
    },
    { title: PLAN_TEXT.type, dataIndex: 'typeDesc', render: (type: string | null) => type ?? '—' },
    {
      title: PLAN_TEXT.assigned,
      dataIndex: 'assignedUsers',
      render: (people: ActivityWithoutPlan['assignedUsers']) => people.map(fullName).join(', ') || '—',
    },
    {
      title: PLAN_TEXT.actions,
      key: 'add',
      fixed: 'right',
      render: (_: unknown, activity: ActivityWithoutPlan) => {
        const added = chosen.includes(activity.Id);
        return (
          <Button
            size="small"
            icon={added ? undefined : <PlusOutlined />}
            disabled={added || full}
            aria-label={rowActionLabel(added ? PLAN_TEXT.added : PLAN_TEXT.add, activity.name)}
            onClick={() => onAdd(activity)}
          >
            {added ? PLAN_TEXT.added : PLAN_TEXT.add}
          </Button>
        );
      },
    },
  ];

  const toolbar = agentUserId ? (
    <Flex gap={8} align="center">
      <Switch checked={onlyAgent} onChange={onOnlyAgentChange} aria-label={PLAN_TEXT.onlyAgentActivities} />
      <Typography.Text>{PLAN_TEXT.onlyAgentActivities}</Typography.Text>
    </Flex>
  ) : undefined;

  return (
    <Flex vertical gap={8}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {PLAN_TEXT.withoutPlan}
      </Typography.Title>
      <Typography.Text type="secondary">{PLAN_TEXT.withoutPlanHint}</Typography.Text>
      {full && <Typography.Text type="warning">{PLAN_TEXT.planFull}</Typography.Text>}
      {planDate && isCalendarDay(planDate) ? (
        <PagedTable<ActivityWithoutPlan>
          url="/api/activities/no-activity-plan"
          filters={{ startDate: planDate, endDate: planDate, agentUserId: onlyAgent ? agentUserId : undefined }}
          columns={columns}
          rowKey={(activity) => activity.Id}
          label={PLAN_TEXT.withoutPlan}
          emptyText={PLAN_TEXT.noActivitiesWithoutPlan}
          searchPlaceholder={PLAN_TEXT.searchActivities}
          defaultSort={{ field: 'startDate', order: 'ASC' }}
          toolbar={toolbar}
          stateKey="free"
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={PLAN_TEXT.chooseDayFirst} />
      )}
    </Flex>
  );
}
