/**
 * Whether the day is running, offline (sales spec 4 and 8). The caller's latest start or stop (GET
 * /api/agent/action/latest) is kept on the device at every sync and whenever My Work reads it, so
 * offline the day toggle shows the last known state, marked as the device's. Starting or stopping the
 * day offline is saved on the device: the kept state changes at once, and the change log sends POST
 * /api/agent/action later with the position and the time it was made (`actedAt`), so the server
 * records the day as it happened.
 */
import { AGENT_ACTION } from '@meridian/shared/constants';
import type { AgentAction, LatestAgentAction } from '@meridian/shared/contract/field-agent';
import type { DevicePosition } from '@meridian/shared/device-position';
import type { HttpClient } from '@meridian/shared/http/http-client';
import { fieldSyncStore, keepCopy, keepForOffline, keptCopy, queueFieldChange } from '@meridian/shared/offline/field-sync';
import { newId } from '@meridian/shared/offline/new-id';
import { ACTIVITY_API } from './activity-paths';
import { positionFields } from './use-position-capture';

const KEPT_DAY_STATUS = 'day-status';

export type DayAction = typeof AGENT_ACTION.ONLINE | typeof AGENT_ACTION.OFFLINE;

/** The caller's latest start or stop as the server has it, or null when they never started a day. */
export const latestDayAction = async (http: HttpClient, signal?: AbortSignal): Promise<AgentAction | null> =>
  (await http.get<LatestAgentAction>(ACTIVITY_API.latestAgentAction, signal ? { signal } : {})).data.agentAction[0] ?? null;

/** Asks the sync to keep the day's state on the device (with My Work's other copies). */
export function keepDayStatusForOffline() {
  keepForOffline(KEPT_DAY_STATUS, (http) => latestDayAction(http));
}

/** The state this device last knew: undefined when it never kept one. */
export const keptDayStatus = () => keptCopy<AgentAction | null>(KEPT_DAY_STATUS);

/** Keeps a state read from the server, for a field user (nobody else keeps anything on the device). */
export async function rememberDayStatus(action: AgentAction | null) {
  if (fieldSyncStore.getState().syncs) await keepCopy(KEPT_DAY_STATUS, action);
}

/**
 * The newer of two states, by when each action was made: a start saved on the device offline wins
 * over the server's older answer until the sync has sent it, as the server itself orders them.
 */
export function newerDayAction(a: AgentAction | null | undefined, b: AgentAction | null | undefined): AgentAction | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return Date.parse(b.dateCreated) > Date.parse(a.dateCreated) ? b : a;
}

/** Starts or stops the day on the device: kept at once, sent by the sync with the time it was made. */
export async function saveDayActionOnDevice(action: DayAction, position: DevicePosition, userId: string): Promise<AgentAction> {
  const actedAt = new Date().toISOString();
  const fields = positionFields(position);
  const kept: AgentAction = {
    Id: newId(),
    action,
    performedByUserId: userId,
    latitude: fields.latitude,
    longitude: fields.longitude,
    accuracy: fields.accuracy,
    location: null,
    entityId: null,
    entityType: null,
    dateCreated: actedAt,
  };
  await queueFieldChange({
    entityId: kept.Id,
    entityType: 'agent_action',
    changeType: 'INSERT',
    call: { method: 'POST', path: ACTIVITY_API.agentAction, body: { action, ...fields, actedAt } },
  });
  await keepCopy(KEPT_DAY_STATUS, kept);
  return kept;
}
