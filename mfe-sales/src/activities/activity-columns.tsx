/** How activity rows are written in the lists: the columns of the scrolling list and of the paged tables. */
import { Tag } from 'antd';
import { Link } from 'react-router';
import type { ActivityListItem } from '@meridian/shared/contract/activity';
import type { PagedColumn } from '@meridian/shared/ui/paged-table';
import type { ScrollingColumn } from '@meridian/shared/ui/scrolling-table';
import { fullName } from '@meridian/shared/format';
import type { TenantFormatters } from '@meridian/shared/session/tenant-settings';
import { activityViewPath, type CameFrom } from './activity-paths';
import { ACTIVITY_TEXT } from './activity-text';

const assigneesText = (activity: Pick<ActivityListItem, 'assignedUsers'>) =>
  activity.assignedUsers.length ? activity.assignedUsers.map(fullName).join(', ') : ACTIVITY_TEXT.noOne;

/** The name, a link to the activity where the user may open it; `cameFrom` is where its page leads back to. */
export const activityName = (activity: Pick<ActivityListItem, 'Id' | 'name'>, linked: boolean, cameFrom?: CameFrom) =>
  linked ? (
    <Link to={activityViewPath(activity.Id)} state={cameFrom ? { cameFrom } : undefined}>
      {activity.name}
    </Link>
  ) : (
    activity.name
  );

/** The columns of the long list: name, type, status, start, assigned agents, location. */
export function scrollingActivityColumns(linked: boolean, format: TenantFormatters): ScrollingColumn<ActivityListItem>[] {
  return [
    { key: 'name', title: ACTIVITY_TEXT.name, sortField: 'name', render: (a) => activityName(a, linked) },
    { key: 'type', title: ACTIVITY_TEXT.type, width: 150, sortField: 'typeDesc', render: (a) => a.typeDesc ?? '—' },
    { key: 'status', title: ACTIVITY_TEXT.status, width: 150, sortField: 'status', render: (a) => <Tag>{a.statusText}</Tag> },
    { key: 'start', title: ACTIVITY_TEXT.start, width: 180, sortField: 'startDate', render: (a) => format.moment(a.startDate) },
    { key: 'agents', title: ACTIVITY_TEXT.assignedAgents, render: (a) => assigneesText(a) },
    { key: 'location', title: ACTIVITY_TEXT.location, sortField: 'location', render: (a) => a.location ?? '—' },
  ];
}

/** The same columns for a paged table. */
export function pagedActivityColumns(linked: boolean, format: TenantFormatters): PagedColumn<ActivityListItem>[] {
  return [
    { title: ACTIVITY_TEXT.name, key: 'name', sortField: 'name', render: (_: unknown, a: ActivityListItem) => activityName(a, linked) },
    { title: ACTIVITY_TEXT.type, dataIndex: 'typeDesc', sortField: 'typeDesc', render: (text: string | null) => text ?? '—' },
    { title: ACTIVITY_TEXT.status, dataIndex: 'statusText', sortField: 'status', render: (text: string) => <Tag>{text}</Tag> },
    { title: ACTIVITY_TEXT.start, dataIndex: 'startDate', sortField: 'startDate', render: (iso: string | null) => format.moment(iso) },
    { title: ACTIVITY_TEXT.assignedAgents, key: 'agents', render: (_: unknown, a: ActivityListItem) => assigneesText(a) },
    { title: ACTIVITY_TEXT.location, dataIndex: 'location', sortField: 'location', render: (text: string | null) => text ?? '—' },
  ];
}
