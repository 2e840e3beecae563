/**
 * Assignment statuses: an assignee (or a manager for them) moves their assignment to one of the
 * company's active statuses. Each change is kept in activity_status_history with the position it was
 * made at; without a usable position the change is refused where the activity's tenant, or one above
 * it, requires location. The activity's own status follows its latest assignment change.
 */
import { isUsablePosition, type ActivityAssignment, type AssignmentStatusUpdate } from '@meridian/shared/contract/activity';
import { ERROR_CODES } from '@meridian/shared/contract/envelope';
import { MESSAGES } from '@meridian/shared/messages';
import type { Principal } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { AppError, fieldError, forbidden } from '../../http/errors';
import { locationRequired, locationRequiredError } from '../agent/location-required';
import { isActivityManager, visibleActivity, type Viewer } from './activity-access';
import { activeStatus, catalogueOwner } from './activity-catalogue';
import { personName } from '../../db/person-name';

export const noAssignment = () => new AppError(404, ERROR_CODES.NOT_FOUND, MESSAGES.noActivityAssignment);

/** Only the assignee, or a manager who may edit activities, may act on an assignment. */
export function assertMayActFor(principal: Principal, userId: string) {
  if (userId !== principal.userId && !isActivityManager(principal))
    throw forbidden('Only the assigned user or a manager may change this assignment.');
}

export async function updateAssignmentStatus(q: Queryable, viewer: Viewer, principal: Principal, input: AssignmentStatusUpdate) {
  if (input.updatingUserId && input.updatingUserId !== principal.userId)
    throw fieldError('updatingUserId', 'The updating user must be the signed-in user.');
  const activity = await visibleActivity(q, viewer, input.activityId, { lock: true });
  assertMayActFor(principal, input.userId);
  const assignment = await q.one<{ id: string }>(`select id from activity_assignments where activity_id = $1 and user_id = $2`, [
    activity.id,
    input.userId,
  ]);
  if (!assignment) throw noAssignment();
  const status = await activeStatus(q, await catalogueOwner(q, activity.tenant_id), input.statusId);
  const positioned = isUsablePosition(input.latitude, input.longitude);
  if (!positioned && (await locationRequired(q, activity.tenant_id))) throw locationRequiredError();
  const at = input.changedAt ?? null;
  await q.query(
    `insert into activity_status_history (assignment_id, status_id, status_text, latitude, longitude, accuracy, changed_by_user_id, date_created)
     values ($1, $2, $3, $4, $5, $6, $7, coalesce($8::timestamptz, now()))`,
    [
      assignment.id,
      status.id,
      status.name,
      positioned ? input.latitude : null,
      positioned ? input.longitude : null,
      positioned ? (input.accuracy ?? null) : null,
      principal.userId,
      at,
    ],
  );
  // A change made offline and sent after a later one (by a manager, or another device) goes into the
  // history only: the current status stays the later change's.
  const laterThan = (assignments: string) =>
    `not exists (select 1 from activity_status_history h where h.assignment_id in (${assignments}) and h.date_created > coalesce($4::timestamptz, now()))`;
  await q.query(
    `update activity_assignments set status_id = $2, status_text = $3, date_modified = now() where id = $1 and ${laterThan('$1')}`,
    [assignment.id, status.id, status.name, at],
  );
  await q.query(
    `update activities set status_id = $2, status = $3, date_modified = now() where id = $1 and ${laterThan('select aa.id from activity_assignments aa where aa.activity_id = $1')}`,
    [activity.id, status.id, status.name, at],
  );
  return assignment.id;
}

/** The user's assignment of the activity with its status history, newest first; 404 'No activity assignment found' without one. */
export async function assignmentOf(q: Queryable, activityId: string, userId: string): Promise<ActivityAssignment> {
  const row = await q.one<ActivityAssignment>(
    `select aa.id as "Id", aa.activity_id as "activityId", aa.user_id as "userId", u.first_name as "firstName", u.last_name as "lastName",
       aa.status_id as "statusId", coalesce(aa.status_text, st.name) as "statusText", aa.date_created as "dateCreated", aa.date_modified as "dateModified",
       coalesce((select json_agg(json_build_object('statusId', h.status_id, 'statusText', h.status_text, 'latitude', h.latitude, 'longitude', h.longitude,
           'accuracy', h.accuracy, 'changedByUserId', h.changed_by_user_id, 'changedBy', ${personName('cu')}, 'dateCreated', h.date_created) order by h.date_created desc, h.id)
         from activity_status_history h left join users cu on cu.id = h.changed_by_user_id where h.assignment_id = aa.id), '[]') as history
     from activity_assignments aa join users u on u.id = aa.user_id left join activity_statuses st on st.id = aa.status_id
     where aa.activity_id = $1 and aa.user_id = $2`,
    [activityId, userId],
  );
  if (!row) throw noAssignment();
  return row;
}
