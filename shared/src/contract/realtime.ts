/**
 * The realtime socket's events, named once for the API that sends them and the areas that subscribe
 * (`@meridian/shared/realtime/realtime-connection`). An area adds its own server events to
 * `RealtimeEvents`; a misspelt event name or a wrong payload is then a compile error on both sides.
 */
import type { Notification } from './notification';
import type { ReportProgress } from './report-run';
import type { TrackingLivePosition, TrackingNotification } from './tracking-live';

/** A finished report (platform spec 7.7): a toast, and the file opened when there is one. */
export interface ReportComplete {
  success: boolean;
  /**
   * The run it ends (report-run.ts), so the buttons that started it reset; absent on messages not
   * about a run of this socket API. An addition to the spec's fields.
   */
  runId?: string;
  filePath?: string;
  reportName?: string;
  heading?: string;
  body?: string;
}

/** Server to browser: event name and payload. */
export interface RealtimeEvents {
  /** Sent once a socket is accepted. */
  session: { sessionID: string; userID: string };
  notification: Notification;
  reportComplete: ReportComplete;
  csvReportComplete: ReportComplete;
  /** Rows written so far by one of the user's report runs (report-run.ts). */
  reportProgress: ReportProgress;
  /** Devices' newest positions, at most once a second per tenant. */
  'tracking:positions': TrackingLivePosition[];
  /** A geofence enter or exit, or an alarm, of a device the socket's tenant subtree holds. */
  'tracking:notification': TrackingNotification;
}

export type RealtimeEvent = keyof RealtimeEvents;

/** Browser to server requests of spec 7.7, sent only while online. */
export type RealtimeRequest = 'generateReport' | 'generateCSVReport' | 'runReportV2';

/**
 * What the handshake's `auth` carries: the access token, and the tenant the browser acts for (its
 * x-tenant-id). Without a tenant the socket acts for the user's home tenant.
 */
export interface RealtimeHandshake {
  token: string;
  tenantId?: string;
}

/** Browser to server: the user switched tenant; the socket moves to that tenant's rooms if the user may act for it. */
export const TENANT_SELECT_EVENT = 'tenant:select';

export interface TenantSelectRequest {
  tenantId: string;
}

/** The acknowledgement of a tenant switch; on refusal the socket keeps the rooms it had. */
export type TenantSelectAnswer = { success: true; tenantId: string } | { success: false; code: string; message: string };
