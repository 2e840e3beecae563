/**
 * The one realtime connection, driven through the session store as the shell drives it, against a real
 * socket.io server started here. The server is the API's own socket.io package, resolved from the api
 * workspace: the shared package runs in browsers and does not depend on it.
 */
import { sessionStore } from '@meridian/shared/session/session-store';
import { claimRun, request, send, startRealtime, subscribe } from '@meridian/shared/realtime/realtime-connection';
import { TENANT_SELECT_EVENT, type RealtimeEvents, type TenantSelectAnswer } from '../contract/realtime';
import type { Notification } from '../contract/notification';
import { fakeJwt, fakeSession, fakeUser } from '../testing/session-fixtures';

// Node's own modules, loaded without Node's types in this browser package.
declare const require: { (id: string): unknown; resolve(id: string, options: { paths: string[] }): string };
declare const __dirname: string;

interface ServerSocket {
  handshake: { auth: { token?: string; tenantId?: string } };
  on(event: string, handler: (...args: never[]) => void): void;
}
interface SocketIoServer {
  on(event: 'connection', handler: (socket: ServerSocket) => void): void;
  emit(event: string, payload: unknown): void;
  close(done: () => void): void;
}
interface HttpServer {
  listen(port: number, host: string, done: () => void): void;
  address(): { port: number };
}

const { createServer } = require('node:http') as { createServer(): HttpServer };
const { Server } = require(require.resolve('socket.io', { paths: [`${__dirname}/../../../api`] })) as {
  Server: new (server: HttpServer, options: { path: string }) => SocketIoServer;
};

const HOME_TENANT = '11111111-1111-4111-8111-111111111111';
const BRANCH_TENANT = '22222222-2222-4222-8222-222222222222';
const user = fakeUser({ tenantId: HOME_TENANT });
const sessionWithToken = (sid: string) => fakeSession(user, { sessionId: sid, token: fakeJwt({ sub: user.Id, sid }) });

/** What the server saw: every handshake, the sockets open now, and every tenant switch asked for. */
const seen = {
  handshakes: [] as ServerSocket['handshake']['auth'][],
  open: new Set<ServerSocket>(),
  tenantSelects: [] as string[],
  runs: [] as unknown[],
};

let io: SocketIoServer;
let url: string;
let stop: () => void;

async function until(condition: () => boolean, what: string, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Waits a moment in which something must not happen. */
const quietly = () => new Promise((resolve) => setTimeout(resolve, 150));

function notification(message: string): Notification {
  return {
    Id: '30000000-0000-4000-8000-000000000001',
    userId: user.Id,
    itemType: 'activityAssignment',
    message,
    icon: null,
    header: null,
    eventText: null,
    eventTime: null,
    dateCreated: '2025-03-04T09:06:00.000Z',
    messageData: null,
    read: false,
  };
}

beforeAll(async () => {
  const http = createServer();
  io = new Server(http, { path: '/socket.io' });
  io.on('connection', (socket) => {
    seen.handshakes.push(socket.handshake.auth);
    seen.open.add(socket);
    socket.on('disconnect', () => seen.open.delete(socket));
    socket.on(TENANT_SELECT_EVENT, ((request: { tenantId: string }, ack: (answer: TenantSelectAnswer) => void) => {
      seen.tenantSelects.push(request.tenantId);
      ack({ success: true, tenantId: request.tenantId });
    }) as (...args: never[]) => void);
    socket.on('runReportV2', ((payload: unknown, ack: (answer: unknown) => void) => {
      seen.runs.push(payload);
      ack({ success: true, runId: `run-${seen.runs.length}` });
    }) as (...args: never[]) => void);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${http.address().port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => io.close(resolve));
});

beforeEach(() => {
  seen.handshakes.length = 0;
  seen.tenantSelects.length = 0;
  seen.runs.length = 0;
  sessionStore.getState().setNetworkOnline(true);
  sessionStore.getState().signOut();
  stop = startRealtime({ url });
});

afterEach(async () => {
  stop();
  await until(() => seen.open.size === 0, 'the server to see the connection closed');
});

describe('the realtime connection', () => {
  it('opens once signed in, with the in-memory token and the selected tenant in its handshake', async () => {
    await quietly();
    expect(seen.handshakes).toEqual([]);
    const session = sessionWithToken('s-open');
    sessionStore.getState().signIn(session);
    await until(() => seen.open.size === 1, 'a connection');
    expect(seen.handshakes).toEqual([{ token: session.token, tenantId: HOME_TENANT }]);
  });

  it("carries every subscriber's events over one connection, and an unsubscribed handler hears no more", async () => {
    sessionStore.getState().signIn(sessionWithToken('s-subscribe'));
    const bell: string[] = [];
    const card: string[] = [];
    const reports: RealtimeEvents['reportComplete'][] = [];
    const stopBell = subscribe('notification', (payload) => bell.push(payload.message));
    const stopCard = subscribe('notification', (payload) => card.push(payload.message));
    const stopReports = subscribe('reportComplete', (payload) => reports.push(payload));
    await until(() => seen.open.size === 1, 'a connection');

    io.emit('notification', notification('first'));
    io.emit('reportComplete', { success: true, reportName: 'Leads' });
    await until(() => bell.length === 1 && card.length === 1 && reports.length === 1, 'both notifications and the report');
    expect(seen.handshakes).toHaveLength(1);
    expect(reports).toEqual([{ success: true, reportName: 'Leads' }]);

    stopBell();
    io.emit('notification', notification('second'));
    await until(() => card.length === 2, 'the second notification');
    await quietly();
    expect(bell).toEqual(['first']);
    expect(card).toEqual(['first', 'second']);
    stopCard();
    stopReports();
  });

  it('reopens with the fresh token after a renewal, closing the old connection', async () => {
    sessionStore.getState().signIn(sessionWithToken('s-before'));
    await until(() => seen.open.size === 1, 'a connection');
    const renewed = sessionWithToken('s-after');
    sessionStore.getState().refreshed(renewed);
    await until(() => seen.handshakes.length === 2 && seen.open.size === 1, 'the connection with the fresh token alone');
    expect([...seen.open][0]!.handshake.auth.token).toBe(renewed.token);
  });

  it('closes on sign-out and when the shell stops it', async () => {
    sessionStore.getState().signIn(sessionWithToken('s-out'));
    await until(() => seen.open.size === 1, 'a connection');
    sessionStore.getState().signOut();
    await until(() => seen.open.size === 0, 'the connection to close on sign-out');
    expect(send('generateReport', {})).toBe(false);

    sessionStore.getState().signIn(sessionWithToken('s-stop'));
    await until(() => seen.open.size === 1, 'a connection');
    stop();
    await until(() => seen.open.size === 0, 'the connection to close when stopped');
    sessionStore.getState().refreshed(sessionWithToken('s-stopped'));
    await quietly();
    expect(seen.open.size).toBe(0);
  });

  it('asks the server to act for the tenant the user switches to, over the same connection', async () => {
    sessionStore.getState().signIn(sessionWithToken('s-tenant'));
    await until(() => seen.open.size === 1, 'a connection');
    sessionStore.getState().selectTenant(BRANCH_TENANT);
    await until(() => seen.tenantSelects.length === 1, 'the tenant switch');
    expect(seen.tenantSelects).toEqual([BRANCH_TENANT]);
    expect(seen.handshakes).toHaveLength(1);
  });

  it("sends a report request and resolves with the server's acknowledgement; offline it is answered here, never sent", async () => {
    sessionStore.getState().signIn(sessionWithToken('s-request'));
    await until(() => seen.open.size === 1, 'a connection');
    // The server sees the connection a moment before the browser's side knows it is connected.
    await quietly();
    const payload = { reportId: 'userLoginReport', parameters: {}, exportFormat: 'CSV' };
    await expect(request('runReportV2', payload)).resolves.toEqual({ success: true, runId: 'run-1' });
    expect(seen.runs).toEqual([payload]);
    expect(claimRun('run-1')).toBe(true);
    expect(claimRun('run-1')).toBe(false);
    expect(claimRun('a run of another tab')).toBe(false);

    sessionStore.getState().setNetworkOnline(false);
    await expect(request('runReportV2', payload)).resolves.toEqual({
      success: false,
      code: 'OFFLINE',
      message: 'Application is currently offline.',
    });
    await quietly();
    expect(seen.runs).toHaveLength(1);
  });
});
