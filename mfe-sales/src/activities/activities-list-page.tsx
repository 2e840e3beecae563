/**
 * All activities (/sales/activities) of the acting tenant's subtree: counts by status and by type
 * above a long list that scrolls through any number of rows while asking the server one page at a
 * time (the shared ScrollingTable). The list is filtered by a window of days (by default from one
 * day ago to 7 days ahead), a status and a type, searched and sorted on the server (by default start
 * date, newest first); filters, sort and search live in the address. Managers update several
 * activities at once in a drawer with a selectable paged table of the same activities.
 */
import { useState } from 'react';
import { Alert, Button, Flex } from 'antd';
import { CalendarOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ActivityListItem } from '@meridian/shared/contract/activity';
import { MESSAGES } from '@meridian/shared/messages';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { OfflineStillWorks } from '@meridian/shared/ui/load-offline-notice';
import { ScrollingTable } from '@meridian/shared/ui/scrolling-table';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { scrollingActivityColumns } from './activity-columns';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { ActivityFilterBar } from './activity-filter-bar';
import { useActivityFilters } from './activity-filters';
import { ACTIVITY_API, CALENDAR_PATH, NEW_ACTIVITY_PATH } from './activity-paths';
import { useIsActivityManager } from './activity-session';
import { ACTIVITY_TEXT } from './activity-text';
import { ActivityWidgets } from './activity-widgets';
import { BulkUpdateDrawer } from './bulk-update-drawer';
import { useActivityCatalogue } from './use-activity-catalogue';
import { useCan } from '@meridian/shared/session/use-can';
import { activities } from '@meridian/shared/contract/areas/sales';

const DEFAULT_ACTIVITY_SORT = { field: 'startDate', order: 'DESC' } as const;

export default function ActivitiesListPage() {
  const format = useTenantFormat();
  const { filters, set } = useActivityFilters();
  const catalogue = useActivityCatalogue();
  const canCreate = useCan(activities, 'create');
  const canView = useCan(activities, 'view');
  const canCalendar = useCan(activities, 'calendar');
  const manager = useIsActivityManager();
  const [bulkOpen, setBulkOpen] = useState(false);
  // The long list has no reload of its own: after a bulk update it starts again.
  const [generation, setGeneration] = useState(0);

  const query = { startDate: filters.startDate, endDate: filters.endDate, status: filters.status, type: filters.type };

  return (
    <PageFrame
      actions={
        <>
          {canCalendar && (
            <LinkButton to={CALENDAR_PATH} icon={<CalendarOutlined />}>
              {ACTIVITY_TEXT.calendar}
            </LinkButton>
          )}
          {manager && (
            <Button icon={<EditOutlined />} onClick={() => setBulkOpen(true)}>
              {ACTIVITY_TEXT.bulkUpdate}
            </Button>
          )}
          {canCreate && (
            <LinkButton to={NEW_ACTIVITY_PATH} type="primary" icon={<PlusOutlined />}>
              {ACTIVITY_TEXT.newActivity}
            </LinkButton>
          )}
        </>
      }
    >
      <Flex vertical gap={16}>
        <ActivityWidgets
          filters={filters}
          onPickStatus={(status) => set({ status })}
          onPickType={(type) => set({ type })}
          reloadToken={generation}
        />
        {catalogue.failed && (
          <Alert
            type="error"
            showIcon
            title={ACTIVITY_TEXT.catalogueFailed}
            action={
              <Button size="small" onClick={catalogue.reload}>
                {MESSAGES.retry}
              </Button>
            }
          />
        )}
        <ActivityFilterBar filters={filters} set={set} catalogue={catalogue} />
        <OfflineStillWorks text={ACTIVITY_TEXT.offlineStillWorks}>
          <ScrollingTable<ActivityListItem>
            key={generation}
            url={ACTIVITY_API.list}
            filters={query}
            columns={scrollingActivityColumns(canView, format)}
            rowKey={(activity) => activity.Id}
            label={ACTIVITY_TEXT.activities}
            emptyText={ACTIVITY_TEXT.noActivities}
            searchPlaceholder={ACTIVITY_TEXT.searchActivities}
            defaultSort={DEFAULT_ACTIVITY_SORT}
          />
        </OfflineStillWorks>
      </Flex>
      {manager && (
        <BulkUpdateDrawer
          open={bulkOpen}
          onClose={() => setBulkOpen(false)}
          filters={query}
          catalogue={catalogue}
          onUpdated={() => setGeneration((n) => n + 1)}
        />
      )}
    </PageFrame>
  );
}
