/**
 * An activity opened offline (from My Work, say): the shared offline notice, and, when the activity
 * is in the day this device kept (my-work-offline.ts), what the device knows of it, marked as the
 * device's copy. Its status is changed on My Work, where changes are saved on the device.
 */
import { useEffect, useState } from 'react';
import { Card, Descriptions, Flex, Tag } from 'antd';
import type { MyWorkActivity } from '@meridian/shared/contract/activity';
import { formatMoment, fullName } from '@meridian/shared/format';
import { MESSAGES } from '@meridian/shared/messages';
import { OfflineNotice, OfflineStillWorks } from '@meridian/shared/ui/load-offline-notice';
import { ACTIVITY_TEXT } from './activity-text';
import { keptDay } from './my-work-offline';

function KeptActivity({ activity }: { activity: MyWorkActivity }) {
  const clients = activity.clients.map(fullName).join(', ');
  return (
    <Card size="small" title={`${ACTIVITY_TEXT.keptActivity} ${MESSAGES.keptOnDevice}`}>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'name', label: ACTIVITY_TEXT.name, children: activity.name },
          { key: 'status', label: ACTIVITY_TEXT.yourStatus, children: <Tag>{activity.assignmentStatusText ?? activity.statusText}</Tag> },
          { key: 'type', label: ACTIVITY_TEXT.type, children: activity.typeDesc ?? '—' },
          { key: 'start', label: ACTIVITY_TEXT.start, children: formatMoment(activity.startDate) },
          { key: 'end', label: ACTIVITY_TEXT.end, children: formatMoment(activity.endDate) },
          { key: 'location', label: ACTIVITY_TEXT.location, children: activity.location || '—' },
          { key: 'clients', label: ACTIVITY_TEXT.linkedClients, children: clients || '—' },
        ]}
      />
    </Card>
  );
}

export function ActivityViewOffline({ activityId, onBackOnline }: { activityId: string; onBackOnline: () => void }) {
  const [kept, setKept] = useState<MyWorkActivity | null>(null);
  useEffect(() => {
    let current = true;
    void keptDay().then((day) => current && setKept(day?.items.find((a) => a.Id === activityId) ?? null));
    return () => {
      current = false;
    };
  }, [activityId]);
  return (
    <Flex vertical gap={16}>
      <OfflineStillWorks text={ACTIVITY_TEXT.offlineStillWorks}>
        <OfflineNotice onBackOnline={onBackOnline} />
      </OfflineStillWorks>
      {kept && <KeptActivity activity={kept} />}
    </Flex>
  );
}
