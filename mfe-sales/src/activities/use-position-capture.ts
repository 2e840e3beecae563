/**
 * The device's position for a status update, a file change or the start and end of the day (spec
 * sections 8 and 9, shared/device-position.ts). When it cannot be had, the user is told 'Unable to log
 * GPS Position! Please activate your GPS.' and the failure is sent to the error log; the action still
 * goes ahead with the 999 placeholder, and the server decides (it refuses with 'Enable location
 * access ...' where the tenant requires a location).
 */
import { App } from 'antd';
import { currentDevicePosition, type DevicePosition } from '@meridian/shared/device-position';
import { api } from '@meridian/shared/http/api';
import { MESSAGES } from '@meridian/shared/messages';
import { ACTIVITY_API } from './activity-paths';

/** What the position was asked for, as the error log records it. */
export interface PositionPurpose {
  entityType: 'activity_status' | 'activity_files' | 'agent_action';
  entityId?: string | null;
}

/** The position fields every such call carries. */
export const positionFields = (position: DevicePosition) => ({
  latitude: position.latitude,
  longitude: position.longitude,
  accuracy: position.accuracy,
});

export function usePositionCapture() {
  const { message } = App.useApp();
  return async (purpose: PositionPurpose): Promise<DevicePosition> => {
    const position = await currentDevicePosition();
    if (position.problem) {
      void message.warning(MESSAGES.gpsUnavailable);
      // The log is a record for the administrators; failing to write it must not stop the action.
      api
        .post(ACTIVITY_API.errorLog, {
          entityId: purpose.entityId ?? null,
          entityType: purpose.entityType,
          errorDetail: `${MESSAGES.gpsUnavailable} ${position.problem}`,
        })
        .catch((error: unknown) => console.warn('[activities] the GPS failure could not be logged:', error));
    }
    return position;
  };
}
