/**
 * Tenant events that only some users may hear. A socket acting for a tenant hears the tenant's open
 * events (a finished report), but a tracking event names vehicles, places and alarms: it reaches a
 * socket only when the socket's user could read the same data through the API. The grants are the
 * area data's, so the socket and the routes cannot drift apart.
 */
import { can, type PermissionHolder } from '@meridian/shared/contract/access';
import { geoPositions, trackingNotifications } from '@meridian/shared/contract/areas/tracking';
import type { RealtimeEvent } from '@meridian/shared/contract/realtime';
import { grantsOf } from '../auth/allow';

const GATED_EVENTS: Partial<Record<RealtimeEvent, readonly string[]>> = {
  'tracking:positions': grantsOf(geoPositions, 'read'),
  'tracking:notification': grantsOf(trackingNotifications, 'read'),
};

export const isGatedEvent = (event: RealtimeEvent) => event in GATED_EVENTS;

/** The gated events a holder may hear. */
export const gatedEventsFor = (holder: PermissionHolder): RealtimeEvent[] =>
  (Object.entries(GATED_EVENTS) as [RealtimeEvent, readonly string[]][])
    .filter(([, grants]) => can(holder, grants))
    .map(([event]) => event);
