/**
 * The realtime socket in component tests: a stand-in for shared/realtime/realtime-connection
 * (`jest.mock('@meridian/shared/realtime/realtime-connection', () => jest.requireActual(...).fakeRealtimeModule())`),
 * and the server's side, which the test plays (`serverSends`).
 */
import type { RealtimeEvent, RealtimeEvents, RealtimeRequest } from '../contract/realtime';
import type { ReportRunAnswer } from '../contract/report-run';

type Handler = (payload: unknown) => void;
const realtimeHandlers = new Map<string, Set<Handler>>();

/** The requests the browser sent (`request`), in order. */
export const requestsSent: { event: RealtimeRequest; payload: unknown }[] = [];
type Answerer = (event: RealtimeRequest, payload: unknown) => ReportRunAnswer | Promise<ReportRunAnswer>;
const offline: Answerer = () => ({ success: false, code: 'OFFLINE', message: 'Application is currently offline.' });
let answerer: Answerer = offline;

const runsStartedHere = new Set<string>();

/** A run this tab started (as `request` records one the server accepted). */
export const startedHere = (runId: string) => runsStartedHere.add(runId);

/** How the server answers the browser's requests from now on (offline until a test says otherwise). */
export function answerRequests(answer: Answerer) {
  answerer = answer;
}

export const fakeRealtimeModule = () => ({
  subscribe: (event: string, handler: Handler) => {
    const set = realtimeHandlers.get(event) ?? new Set<Handler>();
    set.add(handler);
    realtimeHandlers.set(event, set);
    return () => set.delete(handler);
  },
  send: () => false,
  request: async (event: RealtimeRequest, payload: unknown) => {
    requestsSent.push({ event, payload });
    const answer = await answerer(event, payload);
    if (answer.success) runsStartedHere.add(answer.runId);
    return answer;
  },
  claimRun: (runId: string) => runsStartedHere.delete(runId),
  startRealtime: () => () => undefined,
});

/** The server sends `event` over the socket. */
export function serverSends<E extends RealtimeEvent>(event: E, payload: RealtimeEvents[E]) {
  for (const handler of realtimeHandlers.get(event) ?? []) handler(payload);
}

export const subscribers = (event: RealtimeEvent) => realtimeHandlers.get(event)?.size ?? 0;
