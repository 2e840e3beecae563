import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { io, type Socket } from 'socket.io-client';
import { buildApp, type BuiltApp } from '../src/app';
import { loadConfig } from '../src/config';
import { databaseLabel, demoEmail, startServer, type TestServer } from './support/harness';
import type { Notification } from '@meridian/shared/contract/notification';
import type { Language } from '@meridian/shared/contract/client-config';

const waitFor = async <T>(probe: () => Promise<T | null | undefined>, ms = 5000) => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe(`mail through SMTP_URL (${databaseLabel})`, () => {
  let s: TestServer;
  let smtp: SMTPServer;
  const received: { to: string; body: string }[] = [];
  before(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, done) {
        let body = '';
        stream.on('data', (c) => (body += c));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
          done();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    const { port } = smtp.server.address() as net.AddressInfo;
    s = await startServer({ smtpUrl: `smtp://127.0.0.1:${port}` });
  });
  after(async () => {
    await s.close();
    await new Promise<void>((r) => smtp.close(r));
  });

  test('a reset mail is delivered through the SMTP server and marked sent in the outbox', async () => {
    await s.call('POST', '/api/auth/forgot-password', { body: { email: demoEmail('loan officer') } });
    const mail = await waitFor(async () => received.find((m) => m.to === demoEmail('loan officer')));
    assert.match(mail.body, /reset-password\//);
    const row = await waitFor(() =>
      s.db.one<{ status: string }>(`select status from outbox_emails where to_address = $1 and status = 'sent'`, [
        demoEmail('loan officer'),
      ]),
    );
    assert.equal(row.status, 'sent');
  });
});

describe(`an unexpected failure (${databaseLabel})`, () => {
  let s: TestServer;
  before(async () => {
    s = await startServer();
  });
  after(() => s.close());

  test('answers 500 with a plain message and no internals', async () => {
    const officer = await s.as('loan officer');
    await s.db.query('alter table languages rename to languages_gone');
    const r = await officer.call<Language>('GET', '/api/config/language/en');
    await s.db.query('alter table languages_gone rename to languages');
    assert.equal(r.status, 500);
    assert.equal(r.body.result.success, false);
    assert.equal(r.body.result.code, 'SERVER_ERROR');
    assert.doesNotMatch(JSON.stringify(r.body), /languages|relation|select/i);
  });
});

const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const redisAnswers = () =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(redisUrl);
    const socket = net.connect({ host: hostname, port: Number(port || 6379) }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

describe(`two API processes sharing events through Redis (${databaseLabel})`, async () => {
  const available = await redisAnswers();
  let s: TestServer;
  let second: BuiltApp;
  let urlA: string;
  let urlB: string;
  before(async () => {
    if (!available) return;
    s = await startServer({ redisUrl });
    // A second API instance on the same database, as a load balancer would run it.
    second = await buildApp(loadConfig({ ...process.env, DATABASE_URL: '' }, { ...s.config, redisUrl, port: 0, seedDemo: false }), {
      db: s.db,
      logger: false,
    });
    urlA = await s.built.listen();
    urlB = await second.listen();
  });
  after(async () => {
    if (!available) return;
    await second.close();
    await s.close();
  });

  test(
    'a notification inserted on one instance reaches a socket held by the other',
    { skip: available ? false : `no Redis answers at ${redisUrl}` },
    async () => {
      const officer = await s.as('loan officer');
      const socket: Socket = io(urlB, { auth: { token: officer.token }, transports: ['websocket'], reconnection: false });
      await new Promise((r, j) => {
        socket.once('session', r);
        socket.once('connect_error', j);
      });
      const arriving = new Promise<Notification>((r) => socket.once('notification', r));
      const manager = await s.as('branch manager');
      await manager.call<Notification>('POST', '/api/notification/insertnotification', {
        body: { notification: { userId: officer.userId, itemType: 'activityComment', message: 'across instances' } },
      });
      assert.equal((await arriving).message, 'across instances');
      socket.close();
      void urlA;
    },
  );

  test(
    'signing out on one instance ends the token on the other at once',
    { skip: available ? false : `no Redis answers at ${redisUrl}` },
    async () => {
      const session = await s.login(demoEmail('credit officer'));
      const me = (app: BuiltApp) =>
        app.app.inject({ method: 'GET', url: `/api/users/me/${session.user.Id}`, headers: { authorization: `Bearer ${session.token}` } });
      assert.equal((await me(second)).statusCode, 200, 'the other instance has the principal cached');
      await s.call('GET', '/api/auth/logout', { token: session.token });
      await waitFor(async () => (await me(second)).statusCode === 401, 2000);
    },
  );
});
