import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { io, type Socket } from 'socket.io-client';
import { databaseLabel, demoEmail, startServer, type TestServer } from './support/harness';
import type { MarkedRead, Notification, UnreadNotifications } from '@meridian/shared/contract/notification';

const connect = (url: string, token?: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false, timeout: 5000 });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
const nextEvent = <T>(socket: Socket, event: string, ms = 5000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

describe(`realtime socket and notifications (${databaseLabel})`, () => {
  let s: TestServer;
  let url: string;
  const sockets: Socket[] = [];
  before(async () => {
    s = await startServer();
    url = await s.built.listen();
  });
  after(async () => {
    sockets.forEach((x) => x.close());
    await s.close();
  });

  test('a socket without a token, with a bad one, or with a revoked session is refused', async () => {
    await assert.rejects(connect(url), /unauthorized|not signed in/i);
    await assert.rejects(connect(url, 'garbage'), /not signed in/i);
    const session = await s.login(demoEmail('admin'));
    await s.call('GET', '/api/auth/logout', { token: session.token });
    await assert.rejects(connect(url, session.token), /not signed in/i);
  });

  test('an authenticated socket receives session {sessionID, userID}', async () => {
    const session = await s.login(demoEmail('loan officer'));
    const socket = io(url, { auth: { token: session.token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    const payload = await nextEvent<{ sessionID: string; userID: string }>(socket, 'session');
    assert.deepEqual(payload, { sessionID: session.sessionId, userID: session.user.Id });
  });

  test('a notification inserted through the API arrives live for its recipient only, and is listed unread', async () => {
    const officer = await s.as('loan officer');
    const manager = await s.as('branch manager');
    const officerSocket = await connect(url, officer.token);
    const managerSocket = await connect(url, manager.token);
    sockets.push(officerSocket, managerSocket);
    let managerGotOne = false;
    managerSocket.on('notification', () => {
      managerGotOne = true;
    });
    const arriving = nextEvent<Notification>(officerSocket, 'notification');
    const r = await manager.call<Notification>('POST', '/api/notification/insertnotification', {
      body: {
        notification: {
          userId: officer.userId,
          itemType: 'activityAssignment',
          message: 'Visit the Mokoena household',
          header: 'New activity',
          messageData: { activityId: 'a1' },
        },
      },
    });
    assert.equal(r.status, 201);
    const pushed = await arriving;
    assert.equal(pushed.message, 'Visit the Mokoena household');
    assert.deepEqual(pushed.messageData, { activityId: 'a1' });
    await new Promise((x) => setTimeout(x, 200));
    assert.equal(managerGotOne, false);

    const unread = await officer.call<UnreadNotifications>('GET', '/api/notification/unreadnotifications');
    assert.equal(unread.body.result.success, true);
    assert.equal(unread.body.data.count, 1);
    assert.equal(unread.body.data.notifications[0]!.itemType, 'activityAssignment');
    const marked = await officer.call<MarkedRead>('POST', '/api/notification/markallread');
    assert.equal(marked.body.data.marked, 1);
    assert.equal((await officer.call<UnreadNotifications>('GET', '/api/notification/unreadnotifications')).body.data.count, 0);
  });

  test('logging out closes the sockets of that session', async () => {
    const session = await s.login(demoEmail('credit officer'));
    const socket = await connect(url, session.token);
    sockets.push(socket);
    const closed = nextEvent<string>(socket, 'disconnect');
    await s.call('GET', '/api/auth/logout', { token: session.token });
    assert.equal(await closed, 'io server disconnect');
  });
});

describe(`realtime socket expiry (${databaseLabel})`, () => {
  let s: TestServer;
  let url: string;
  before(async () => {
    s = await startServer({ accessTokenTtlSeconds: 1 });
    url = await s.built.listen();
  });
  after(() => s.close());

  test('a socket lives no longer than its token, and an expired token is refused', async () => {
    const session = await s.login(demoEmail('loan officer'));
    const socket = await connect(url, session.token);
    const closed = await nextEvent<string>(socket, 'disconnect', 4000);
    assert.equal(closed, 'io server disconnect');
    await assert.rejects(connect(url, session.token), /expired/i);
  });
});
