/**
 * The socket of spec 7.7: opened once signed in, authenticated by the access token the session store
 * keeps in memory (never by the user id alone, never by anything stored), reopened with the fresh token
 * after a refresh (so after a reload, once the guard has renewed the session), closed on sign-out. Components
 * subscribe to its events; sending is allowed only while online.
 */
import { io, type Socket } from 'socket.io-client';
import { sessionStore } from '@meridian/shared/session/session-store';

type Handler = (payload: unknown) => void;
const handlers = new Map<string, Set<Handler>>();
let socket: Socket | null = null;
let connectedWith: string | null = null;

const RECEIVED = ['session', 'notification', 'reportComplete', 'csvReportComplete'] as const;

function open(token: string) {
  socket?.close();
  connectedWith = token;
  socket = io({ path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'], reconnectionDelayMax: 30_000 });
  for (const event of RECEIVED) socket.on(event, (payload: unknown) => handlers.get(event)?.forEach((h) => h(payload)));
  // A refused or dropped connection is only logged (spec 7.7); the http client handles expired sessions.
  socket.on('connect_error', (error) => console.warn('[realtime] connection refused:', error.message));
}

function close() {
  socket?.close();
  socket = null;
  connectedWith = null;
}

/** Follows the session: connect when a token appears or changes, disconnect when it goes. */
export function startRealtime() {
  const follow = (token: string | null) => {
    if (!token) close();
    else if (token !== connectedWith) open(token);
  };
  follow(sessionStore.getState().token);
  return sessionStore.subscribe((state) => follow(state.token));
}

export function subscribe(event: (typeof RECEIVED)[number], handler: Handler): () => void {
  const set = handlers.get(event) ?? new Set<Handler>();
  set.add(handler);
  handlers.set(event, set);
  return () => set.delete(handler);
}

/** Sends a report request; refused while offline. */
export function send(event: 'generateReport' | 'generateCSVReport' | 'runReportV2', payload: unknown): boolean {
  if (!sessionStore.getState().networkOnline || !socket?.connected) return false;
  socket.emit(event, payload);
  return true;
}
