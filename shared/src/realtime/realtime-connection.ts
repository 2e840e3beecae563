/**
 * The one realtime socket of the product (ARCHITECTURE: `realtime`, spec 7.7). Like the session store it
 * holds state, so it lives in the shared package, which module federation shares as a singleton: the
 * shell and every remote reach this one copy, as long as it is imported by package name
 * (`@meridian/shared/realtime/realtime-connection`), never by a relative path.
 *
 * The shell starts it once (`startRealtime`); any area subscribes to its own events (`subscribe`, or the
 * `useRealtime` hook), however many subscribers there are, over one connection. The socket follows the
 * session store: opened once signed in, authenticated by the access token the store keeps in memory
 * (never by the user id alone, never by anything stored), reopened with the fresh token after a renewal,
 * closed on sign-out. It acts for the tenant the browser acts for (the x-tenant-id of every request),
 * named in the handshake and sent again (`tenant:select`) when the user switches tenant.
 */
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { requestTenantId, sessionStore } from '@meridian/shared/session/session-store';
import {
  TENANT_SELECT_EVENT,
  type RealtimeEvent,
  type RealtimeEvents,
  type RealtimeHandshake,
  type RealtimeRequest,
  type TenantSelectAnswer,
  type TenantSelectRequest,
} from '../contract/realtime';
import { REPORT_RUN_REFUSALS, type ReportRunAnswer } from '../contract/report-run';
import { MESSAGES } from '../messages';

export interface RealtimeOptions {
  /** The server; by default the page's own origin. */
  url?: string;
}

type Handler = (payload: unknown) => void;
const handlers = new Map<string, Set<Handler>>();
let socket: Socket | null = null;
let connectedWith: string | null = null;
/** The tenant the server was last asked to act for, by the handshake or by `tenant:select`. */
let requestedTenant: string | null = null;

const actingTenantId = () => requestTenantId(sessionStore.getState());

function deliver(event: string, payload: unknown) {
  handlers.get(event)?.forEach((handler) => handler(payload));
}

/** Asks the server to act for the tenant selected now; a connection still opening names it in its handshake instead. */
function followTenant() {
  const tenantId = actingTenantId();
  if (!socket?.connected || !tenantId || tenantId === requestedTenant) return;
  requestedTenant = tenantId;
  const request: TenantSelectRequest = { tenantId };
  socket.emit(TENANT_SELECT_EVENT, request, (answer: TenantSelectAnswer) => {
    // Refused like an x-tenant-id the user may not use: the socket keeps the tenant it had.
    if (!answer.success) console.warn('[realtime] tenant switch refused:', answer.message);
  });
}

function open(token: string, options: RealtimeOptions) {
  socket?.close();
  connectedWith = token;
  const settings: Partial<ManagerOptions & SocketOptions> = {
    path: '/socket.io',
    // Read at every (re)connection, so a reconnect names the tenant selected by then.
    auth: (send: (auth: RealtimeHandshake) => void) => {
      requestedTenant = actingTenantId();
      send(requestedTenant ? { token, tenantId: requestedTenant } : { token });
    },
    transports: ['websocket', 'polling'],
    reconnectionDelayMax: 30_000,
  };
  socket = options.url ? io(options.url, settings) : io(settings);
  socket.onAny(deliver);
  // The user may have switched tenant while the handshake was on its way.
  socket.on('connect', followTenant);
  // A refused or dropped connection is only logged (spec 7.7); the http client handles expired sessions.
  socket.on('connect_error', (error) => console.warn('[realtime] connection refused:', error.message));
}

function close() {
  socket?.close();
  socket = null;
  connectedWith = null;
  requestedTenant = null;
}

/**
 * Follows the session: connects when a token appears or changes, disconnects when it goes, and moves
 * to the tenant the user switches to. Called by the shell alone; the returned function stops it all.
 */
export function startRealtime(options: RealtimeOptions = {}): () => void {
  const follow = (token: string | null) => {
    if (!token) close();
    else if (token !== connectedWith) open(token, options);
    else followTenant();
  };
  follow(sessionStore.getState().token);
  const unsubscribe = sessionStore.subscribe((state) => follow(state.token));
  return () => {
    unsubscribe();
    close();
  };
}

/** Calls `handler` with each `event` the server sends, until the returned function is called. */
export function subscribe<E extends RealtimeEvent>(event: E, handler: (payload: RealtimeEvents[E]) => void): () => void {
  const set = handlers.get(event) ?? new Set<Handler>();
  const untyped = handler as Handler;
  set.add(untyped);
  handlers.set(event, set);
  return () => {
    set.delete(untyped);
  };
}

/**
 * The report runs this tab asked for. Completion messages go to every tab of the user, and each tab toasts
 * them; only the tab that started a run opens its file (`claimRun`), so three open tabs do not download it thrice.
 */
const runsStartedHere = new Set<string>();

/** True once for a run this tab started (it is then forgotten): the caller opens its file. */
export const claimRun = (runId: string): boolean => runsStartedHere.delete(runId);

/** How long a request waits for its acknowledgement before the browser gives up on it. */
export const REQUEST_ANSWER_TIMEOUT_MS = 15_000;

/**
 * Sends a report request (spec 7.7) and resolves with the server's acknowledgement: the run's id, or why it
 * was refused. Never sent while offline or without a connection (spec: "sent only when online"): that is
 * answered here, with the offline message, as is a request the server did not answer in time. Never rejects.
 */
export async function request(event: RealtimeRequest, payload: unknown): Promise<ReportRunAnswer> {
  if (!sessionStore.getState().networkOnline || !socket?.connected) {
    return { success: false, code: REPORT_RUN_REFUSALS.offline, message: MESSAGES.appOffline };
  }
  const connected = socket;
  return new Promise((resolve) => {
    // The run is recorded in the acknowledgement's own callback, not after an await: a short report's completion
    // can be read right after it, before any promise continuation runs, and must find the run already recorded.
    connected.timeout(REQUEST_ANSWER_TIMEOUT_MS).emit(event, payload, (error: Error | null, answer: ReportRunAnswer) => {
      if (error) return resolve({ success: false, code: REPORT_RUN_REFUSALS.noAnswer, message: MESSAGES.serverNoAnswer });
      if (answer.success) runsStartedHere.add(answer.runId);
      resolve(answer);
    });
  });
}

/** Sends a report request without waiting for its answer; refused while offline. */
export function send(event: RealtimeRequest, payload: unknown): boolean {
  if (!sessionStore.getState().networkOnline || !socket?.connected) return false;
  socket.emit(event, payload);
  return true;
}
