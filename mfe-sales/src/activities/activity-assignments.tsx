/**
 * The assignments of an activity: each assignee with their status, which they (or a manager) change
 * in place with the device's position (assignment-status-select.tsx), and their status history with
 * the position each change was made at, read when opened (GET
 * /api/activities/get-activity-assignment/{activity}/{user}).
 */
import { useState } from 'react';
import { Collapse, Empty, Flex, Table, Tag, Typography } from 'antd';
import type { ActivityAssignee, ActivityAssignment, ActivityStatus } from '@meridian/shared/contract/activity';
import { displayCoordinate } from '@meridian/shared/geo';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { fullName } from '@meridian/shared/format';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { ACTIVITY_API } from './activity-paths';
import { ACTIVITY_TEXT } from './activity-text';
import { AssignmentStatusSelect, type AssignmentUpdate } from './assignment-status-select';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

type HistoryEntry = ActivityAssignment['history'][number];

const positionText = (entry: Pick<HistoryEntry, 'latitude' | 'longitude' | 'accuracy'>) =>
  entry.latitude === null || entry.longitude === null
    ? ACTIVITY_TEXT.noPositionRecorded
    : `${displayCoordinate(entry.latitude)}, ${displayCoordinate(entry.longitude)}${entry.accuracy !== null ? ` (±${Math.round(entry.accuracy)} m)` : ''}`;

function HistoryTable({ history }: { history: ActivityAssignment['history'] }) {
  const format = useTenantFormat();
  if (history.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ACTIVITY_TEXT.noStatusHistory} />;
  return (
    <Table<HistoryEntry>
      size="small"
      pagination={false}
      rowKey={(entry) => `${entry.dateCreated}-${entry.statusId ?? ''}`}
      dataSource={history}
      columns={[
        { title: ACTIVITY_TEXT.status, dataIndex: 'statusText', key: 'status', render: (text: string | null) => text ?? '—' },
        { title: ACTIVITY_TEXT.changedAt, dataIndex: 'dateCreated', key: 'when', render: (iso: string) => format.moment(iso) },
        { title: ACTIVITY_TEXT.changedBy, dataIndex: 'changedBy', key: 'by', render: (name: string | null) => name ?? '—' },
        { title: ACTIVITY_TEXT.position, key: 'position', render: (_: unknown, entry: HistoryEntry) => positionText(entry) },
      ]}
    />
  );
}

/** The history of one assignment: the one a status update just answered, else read from the server. */
function AssignmentHistory({ activityId, userId, updated }: { activityId: string; userId: string; updated: AssignmentUpdate | undefined }) {
  const loaded = useLoad(
    (signal) => api.get<ActivityAssignment>(ACTIVITY_API.assignment(activityId, userId), { signal }).then((r) => r.data),
    [activityId, userId],
  );
  if (updated?.history) return <HistoryTable history={updated.history} />;
  return <LoadPanel state={loaded}>{(assignment) => <HistoryTable history={assignment.history} />}</LoadPanel>;
}

export interface ActivityAssignmentsProps {
  activityId: string;
  assignees: readonly ActivityAssignee[];
  statuses: readonly ActivityStatus[];
  /** Whether the signed-in user may change this assignee's status. */
  mayUpdate(assignee: ActivityAssignee): boolean;
  onUpdated(): void;
}

export function ActivityAssignments({ activityId, assignees, statuses, mayUpdate, onUpdated }: ActivityAssignmentsProps) {
  const [updated, setUpdated] = useState<Record<string, AssignmentUpdate>>({});
  if (assignees.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ACTIVITY_TEXT.noAssignments} />;
  return (
    <Collapse
      // Only the name opens the panel: a header that is itself a button may not hold the status control.
      collapsible="header"
      items={assignees.map((assignee) => ({
        key: assignee.Id,
        label: (
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong>{fullName(assignee)}</Typography.Text>
            <Tag>{updated[assignee.Id]?.statusText ?? assignee.statusText ?? '—'}</Tag>
          </Flex>
        ),
        extra: mayUpdate(assignee) ? (
          // Beside the header's button, so a click or key on it never opens or closes the panel.
          <div onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
            <AssignmentStatusSelect
              activityId={activityId}
              userId={assignee.Id}
              label={fullName(assignee)}
              statusId={updated[assignee.Id]?.statusId ?? assignee.statusId}
              statusText={updated[assignee.Id]?.statusText ?? assignee.statusText}
              statuses={statuses}
              onUpdated={(assignment) => {
                setUpdated((all) => ({ ...all, [assignee.Id]: assignment }));
                onUpdated();
              }}
            />
          </div>
        ) : undefined,
        children: <AssignmentHistory activityId={activityId} userId={assignee.Id} updated={updated[assignee.Id]} />,
      }))}
    />
  );
}
