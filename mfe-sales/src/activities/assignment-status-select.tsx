/**
 * The status of one assignment, changed in place: the choice asks the device for its position and
 * sends PUT /api/activities/updateAssignmentStatus with it (the 999 placeholder when there is none;
 * the server decides). A refusal, such as 'Enable location access in-order to update activity status
 * and start or stop your day!', stays under the control until the next attempt, and the control
 * goes back to the status the assignment still has. A field user offline (or whose call gets no
 * answer) has the change saved on the device, to be sent by the sync (my-work-offline.ts).
 */
import { useEffect, useState } from 'react';
import { Alert, App, Flex, Select } from 'antd';
import type { ActivityAssignment, ActivityStatus } from '@meridian/shared/contract/activity';
import { api } from '@meridian/shared/http/api';
import { errorText } from '@meridian/shared/http/api-errors';
import { MESSAGES } from '@meridian/shared/messages';
import { onServerOrDevice } from '@meridian/shared/offline/field-sync';
import { ACTIVITY_API } from './activity-paths';
import { saveStatusOnDevice, type StatusChange } from './my-work-offline';
import { useOwnUserId } from './activity-session';
import { ACTIVITY_TEXT, statusOfLabel } from './activity-text';
import { positionFields, usePositionCapture } from './use-position-capture';

export interface AssignmentStatusSelectProps {
  activityId: string;
  /** The assigned user whose status this is. */
  userId: string;
  /** Names the control, e.g. the assignee or the activity. */
  label: string;
  statusId: string | null;
  statusText: string | null;
  /** The company's active statuses. */
  statuses: readonly ActivityStatus[];
  onUpdated?(assignment: AssignmentUpdate): void;
}

/** What a change answers: the new status and, when the server made it, the assignment's history. */
export type AssignmentUpdate = Pick<ActivityAssignment, 'statusId' | 'statusText'> & Partial<Pick<ActivityAssignment, 'history'>>;

export function AssignmentStatusSelect({
  activityId,
  userId,
  label,
  statusId,
  statusText,
  statuses,
  onUpdated,
}: AssignmentStatusSelectProps) {
  const { message } = App.useApp();
  const capturePosition = usePositionCapture();
  const me = useOwnUserId();
  const [pending, setPending] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  // A reloaded assignment is the truth again.
  useEffect(() => setSaved(null), [statusId]);

  const options = statuses.map((s) => ({ value: s.Id, label: s.name }));
  // A status that is no longer active still names the current one.
  if (statusId && !statuses.some((s) => s.Id === statusId)) options.unshift({ value: statusId, label: statusText ?? statusId });

  const change = async (nextId: string) => {
    const status = statuses.find((s) => s.Id === nextId);
    setPending(nextId);
    setRefusal(null);
    try {
      const position = await capturePosition({ entityType: 'activity_status', entityId: activityId });
      const update: StatusChange = {
        userId,
        updatingUserId: me,
        activityId,
        statusId: nextId,
        statusText: status?.name ?? null,
        ...positionFields(position),
      };
      const updated = await onServerOrDevice<AssignmentUpdate>(
        async () => {
          const { data } = await api.put<ActivityAssignment>(ACTIVITY_API.statusUpdate, update);
          void message.success(ACTIVITY_TEXT.statusUpdated);
          return data;
        },
        async () => {
          const kept = await saveStatusOnDevice(update);
          void message.info(MESSAGES.savedOnDevice);
          return kept;
        },
      );
      setSaved(nextId);
      onUpdated?.(updated);
    } catch (error) {
      setRefusal(errorText(error));
    } finally {
      setPending(null);
    }
  };

  return (
    <Flex vertical gap={4}>
      <Select
        aria-label={statusOfLabel(label)}
        value={pending ?? saved ?? statusId ?? undefined}
        placeholder={statusText ?? undefined}
        options={options}
        loading={pending !== null}
        disabled={pending !== null}
        onChange={(value: string) => void change(value)}
        style={{ minWidth: 180 }}
      />
      {refusal && <Alert type="error" showIcon title={refusal} />}
    </Flex>
  );
}
