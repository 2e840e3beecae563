/**
 * One activity (/sales/activities/:id/view): its details, its assignments with their statuses and
 * status history (with the position of each change), its files, and its links. An assignee changes
 * their own status here (a manager anyone's) with the device's position; files are added, downloaded
 * and removed; whoever may change the activity can edit or delete it (after a confirmation).
 * Offline it says so, shows what the device kept of the activity, and loads once back online.
 */
import { useState } from 'react';
import { App, Button, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { Activity, ActivityAssignee, ActivityFileInfo } from '@meridian/shared/contract/activity';
import { displayCoordinate } from '@meridian/shared/geo';
import { api } from '@meridian/shared/http/api';
import { isOfflineFailure } from '@meridian/shared/http/api-error';
import { errorText } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { fullName } from '@meridian/shared/format';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { ActivityAssignments } from './activity-assignments';
import { ActivityFilesPanel } from './activity-files-panel';
import { ActivityViewOffline } from './activity-view-offline';
import { ACTIVITIES_PATH, ACTIVITY_API, activityEditPath, type CameFrom } from './activity-paths';
import { useIsActivityManager, useOwnUserId } from './activity-session';
import { ACTIVITY_TEXT, deleteActivityQuestion } from './activity-text';
import { useActivityCatalogue } from './use-activity-catalogue';
import { useCan } from '@meridian/shared/session/use-can';
import { activities } from '@meridian/shared/contract/areas/sales';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

const names = (people: readonly { firstName: string; lastName: string }[]) => (people.length ? people.map(fullName).join(', ') : '—');

function ActivityDetails({ activity }: { activity: Activity }) {
  const format = useTenantFormat();
  const place = [
    activity.location,
    activity.lat !== null && activity.lng !== null ? `${displayCoordinate(activity.lat)}, ${displayCoordinate(activity.lng)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2 }}
      items={[
        { key: 'type', label: ACTIVITY_TEXT.type, children: activity.typeDesc ?? '—' },
        { key: 'status', label: ACTIVITY_TEXT.status, children: <Tag>{activity.statusText}</Tag> },
        { key: 'start', label: ACTIVITY_TEXT.start, children: format.moment(activity.startDate) },
        { key: 'end', label: ACTIVITY_TEXT.end, children: format.moment(activity.endDate) },
        { key: 'location', label: ACTIVITY_TEXT.location, children: place || '—' },
        { key: 'tenant', label: ACTIVITY_TEXT.tenant, children: activity.tenantName },
        { key: 'clients', label: ACTIVITY_TEXT.linkedClients, children: names(activity.clients) },
        { key: 'leads', label: ACTIVITY_TEXT.linkedLeads, children: names(activity.leads) },
        {
          key: 'plans',
          label: ACTIVITY_TEXT.activityPlans,
          children: activity.activityPlanNames.length ? activity.activityPlanNames.join(', ') : '—',
        },
        { key: 'createdBy', label: ACTIVITY_TEXT.createdBy, children: activity.createdBy ?? '—' },
        { key: 'created', label: ACTIVITY_TEXT.created, children: format.moment(activity.dateCreated) },
        { key: 'modified', label: ACTIVITY_TEXT.modified, children: format.moment(activity.dateModified) },
        {
          key: 'description',
          label: ACTIVITY_TEXT.description,
          span: 'filled',
          children: (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{activity.description || '—'}</Typography.Paragraph>
          ),
        },
      ]}
    />
  );
}

const TO_THE_LIST: CameFrom = { path: ACTIVITIES_PATH, label: ACTIVITY_TEXT.backToActivities };

/** Where the back button leads: where the activity was opened from (My Work, say), else the list. */
function useCameFrom(): CameFrom {
  const state = useLocation().state as { cameFrom?: CameFrom } | null;
  return state?.cameFrom ?? TO_THE_LIST;
}

function ActivityView({ activity, onChanged }: { activity: Activity; onChanged(): void }) {
  const navigate = useNavigate();
  const cameFrom = useCameFrom();
  const { message, modal } = App.useApp();
  const me = useOwnUserId();
  const manager = useIsActivityManager();
  const canEdit = useCan(activities, 'edit');
  const canUpdateAssignment = useCan(activities, 'updateAssignment');
  const catalogue = useActivityCatalogue();

  // A field agent changes only what they created (the server refuses the rest).
  const mayChange = canEdit && (manager || activity.createdUserId === me);
  const assignedToMe = activity.assignedUsers.some((a) => a.Id === me);
  const mayUpdate = (assignee: ActivityAssignee) => canUpdateAssignment && (assignee.Id === me || manager);
  const mayRemoveFile = (file: ActivityFileInfo) => canUpdateAssignment && (manager || file.uploadedByUserId === me);

  const confirmDelete = () =>
    void modal.confirm({
      title: deleteActivityQuestion(activity.name),
      content: ACTIVITY_TEXT.deleteActivityDetail,
      okText: MESSAGES.deleteAction,
      okButtonProps: { danger: true },
      cancelText: MESSAGES.cancelAction,
      onOk: async () => {
        try {
          await api.post(ACTIVITY_API.remove, { id: activity.Id });
          void message.success(ACTIVITY_TEXT.activityDeleted);
          void navigate(ACTIVITIES_PATH);
        } catch (error) {
          void message.error(errorText(error));
        }
      },
    });

  return (
    <PageFrame
      subtitle={activity.name}
      actions={
        <>
          <LinkButton to={cameFrom.path}>{cameFrom.label}</LinkButton>
          {mayChange && (
            <LinkButton to={activityEditPath(activity.Id)} icon={<EditOutlined />}>
              {ACTIVITY_TEXT.edit}
            </LinkButton>
          )}
          {mayChange && (
            <Button danger icon={<DeleteOutlined />} onClick={confirmDelete}>
              {ACTIVITY_TEXT.deleteActivity}
            </Button>
          )}
        </>
      }
    >
      <Flex vertical gap={16}>
        <ActivityDetails activity={activity} />
        <Card size="small" title={ACTIVITY_TEXT.assignments}>
          <ActivityAssignments
            activityId={activity.Id}
            assignees={activity.assignedUsers}
            statuses={catalogue.statuses}
            mayUpdate={mayUpdate}
            onUpdated={onChanged}
          />
        </Card>
        <Card size="small" title={ACTIVITY_TEXT.files}>
          <ActivityFilesPanel
            activityId={activity.Id}
            files={activity.files}
            mayAdd={canUpdateAssignment && (assignedToMe || manager)}
            mayRemove={mayRemoveFile}
            onChanged={onChanged}
          />
        </Card>
      </Flex>
    </PageFrame>
  );
}

export default function ActivityViewPage() {
  const cameFrom = useCameFrom();
  const { id = '' } = useParams();
  const loaded = useLoad((signal) => api.get<Activity>(ACTIVITY_API.one(id), { signal }).then((r) => r.data), [id]);
  // After a change the activity is read again quietly, so the page does not blink.
  const [fresh, setFresh] = useState<Activity | null>(null);
  const refresh = () => {
    api.get<Activity>(ACTIVITY_API.one(id)).then(
      ({ data }) => setFresh(data),
      () => loaded.reload(),
    );
  };
  if (loaded.status !== 'loaded') {
    return (
      <PageFrame actions={<LinkButton to={cameFrom.path}>{cameFrom.label}</LinkButton>}>
        {loaded.status === 'failed' && isOfflineFailure(loaded.error) ? (
          <ActivityViewOffline activityId={id} onBackOnline={loaded.reload} />
        ) : (
          <LoadPanel state={loaded}>{() => null}</LoadPanel>
        )}
      </PageFrame>
    );
  }
  const activity = fresh?.Id === loaded.data.Id ? fresh : loaded.data;
  return <ActivityView activity={activity} onChanged={refresh} />;
}
