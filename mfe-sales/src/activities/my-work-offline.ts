/**
 * My Work offline (sales spec 4 and 8). After every sync the field user's day (today's assignments,
 * as My Work lists them) and the company's statuses are kept on the device. Offline, My Work shows
 * that copy, and a status change is saved on the device with the position and the time it was made,
 * then sent by the sync (shared/offline/field-sync.ts) with `changedAt`, so the server records it
 * when it happened. A change for an activity that is not in the kept day is refused with the spec's
 * 'Activity not found'.
 */
import type { ActivityStatus, AssignmentStatusUpdate, MyWorkActivity } from '@meridian/shared/contract/activity';
import { keepCopy, keepForOffline, keptCopy, queueFieldChange } from '@meridian/shared/offline/field-sync';
import { MESSAGES } from '@meridian/shared/messages';
import { OfflineRefusal } from '@meridian/shared/offline/offline-refusal';
import { ACTIVITY_API } from './activity-paths';
import { keepDayStatusForOffline } from './day-status-offline';

/** The day as kept: when it was read from the server, and its activities in the order they start. */
export interface KeptDay {
  keptAt: string;
  items: MyWorkActivity[];
}

const KEPT_DAY = 'my-work-day';
const KEPT_STATUSES = 'activity-statuses';
/** A field day holds far fewer; the API clamps larger pages anyway. */
const DAY_PAGE_SIZE = 500;

/** Asks the sync to keep the day, whether it is running, and the statuses on the device (the sales area does so once it is loaded). */
export function keepMyWorkForOffline() {
  keepForOffline(KEPT_DAY, async (http): Promise<KeptDay> => {
    const { data } = await http.get<MyWorkActivity[]>(ACTIVITY_API.myWork, {
      query: { size: DAY_PAGE_SIZE, sortField: 'startDate', sortOrder: 'ASC' },
    });
    return { keptAt: new Date().toISOString(), items: data };
  });
  keepForOffline(KEPT_STATUSES, async (http) => (await http.get<ActivityStatus[]>(ACTIVITY_API.statuses)).data);
  keepDayStatusForOffline();
}

export const keptDay = () => keptCopy<KeptDay>(KEPT_DAY);
export const keptStatuses = async () => (await keptCopy<ActivityStatus[]>(KEPT_STATUSES)) ?? [];

/** What a status change sends, as the status select builds it (without the time, added here). */
export type StatusChange = Omit<AssignmentStatusUpdate, 'changedAt'>;

/**
 * Saves a status change on the device: the kept day shows it at once, and the change log sends it
 * later. Answers the assignment's new status.
 */
export async function saveStatusOnDevice(change: StatusChange) {
  const day = await keptDay();
  const activity = day?.items.find((a) => a.Id === change.activityId);
  if (!day || !activity) throw new OfflineRefusal(MESSAGES.activityNotFound);
  const changedAt = new Date().toISOString();
  await queueFieldChange({
    entityId: change.activityId,
    entityType: 'activity_status',
    changeType: 'UPDATE',
    call: { method: 'PUT', path: ACTIVITY_API.statusUpdate, body: { ...change, changedAt } },
  });
  const statusText = change.statusText ?? activity.assignmentStatusText;
  await keepCopy(KEPT_DAY, {
    ...day,
    items: day.items.map((a) =>
      a.Id === change.activityId ? { ...a, assignmentStatusId: change.statusId, assignmentStatusText: statusText } : a,
    ),
  });
  return { statusId: change.statusId, statusText };
}
