import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { MESSAGES } from '@meridian/shared/messages';
import { TENANT_SELECT_EVENT, type TenantSelectAnswer } from '@meridian/shared/contract/realtime';
import type { TenantListItem } from '@meridian/shared/contract/tenant';
import { buildApp, type BuiltApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Realtime } from '../src/realtime/realtime';
import { databaseLabel, startServer, type Actor, type TestServer } from './support/harness';

/** A socket with the handshake the browser sends: the token and, when given, the tenant it acts for. */
const connect = (url: string, actor: Actor, tenantId?: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(url, {
      auth: tenantId ? { token: actor.token, tenantId } : { token: actor.token },
      transports: ['websocket'],
      reconnection: false,
      timeout: 5000,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });

const selectTenant = (socket: Socket, tenantId: string): Promise<TenantSelectAnswer> =>
  socket.timeout(5000).emitWithAck(TENANT_SELECT_EVENT, { tenantId });

/** The names of the reports a socket has been told of, in the order they came. */
function heard(socket: Socket): string[] {
  const names: string[] = [];
  socket.on('reportComplete', (report: { reportName: string }) => names.push(report.reportName));
  return names;
}

async function until(condition: () => boolean, what: string, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const tell = (realtime: Realtime, tenantId: string, reportName: string) =>
  realtime.toTenantSubtree(tenantId, 'reportComplete', { success: true, reportName });

/**
 * What `names` holds once `marker`, sent after everything else to a tenant the socket acts for, has
 * arrived: a socket gets its events in order, so anything meant for it came before the marker.
 */
async function heardUpTo(realtime: Realtime, names: string[], tenantId: string, marker: string) {
  await tell(realtime, tenantId, marker);
  await until(() => names.includes(marker), marker);
  return names.slice(0, names.indexOf(marker));
}

describe(`realtime rooms per acting tenant (${databaseLabel})`, () => {
  let s: TestServer;
  let url: string;
  let realtime: Realtime;
  const sockets: Socket[] = [];
  const tenants: Record<'group' | 'lending' | 'jhb' | 'cpt' | 'soweto' | 'bellville' | 'umhlanga', string> = {} as never;
  before(async () => {
    s = await startServer();
    url = await s.built.listen();
    realtime = s.built.ctx.realtime;
    Object.assign(tenants, {
      group: await s.tenantId('Meridian Group'),
      lending: await s.tenantId('Meridian Lending'),
      jhb: await s.tenantId('Johannesburg Branch'),
      cpt: await s.tenantId('Cape Town Branch'),
      soweto: await s.tenantId('Soweto Team'),
      bellville: await s.tenantId('Bellville Team'),
      umhlanga: await s.tenantId('Umhlanga Team'),
    });
  });
  after(async () => {
    sockets.forEach((x) => x.close());
    await s.close();
  });
  const open = async (actor: Actor, tenantId?: string) => {
    const socket = await connect(url, actor, tenantId);
    sockets.push(socket);
    return socket;
  };

  test('an event about a team reaches the sockets acting for its branch and company, not those of a sibling branch', async () => {
    const companyAdmin = await s.as('company administrator');
    const branch = heard(await open(companyAdmin, tenants.jhb));
    const sibling = heard(await open(companyAdmin, tenants.cpt));
    const company = heard(await open(companyAdmin, tenants.lending));
    const team = heard(await open(await s.as('loan officer')));

    await tell(realtime, tenants.soweto, 'soweto visits');
    assert.deepEqual(await heardUpTo(realtime, branch, tenants.jhb, 'jhb marker'), ['soweto visits']);
    assert.deepEqual(await heardUpTo(realtime, company, tenants.lending, 'lending marker'), ['soweto visits', 'jhb marker']);
    assert.deepEqual(await heardUpTo(realtime, team, tenants.soweto, 'soweto marker'), ['soweto visits']);
    assert.deepEqual(await heardUpTo(realtime, sibling, tenants.cpt, 'cpt marker'), [], 'the sibling branch hears nothing of Soweto');
  });

  test('a handshake naming a tenant the user may not act for is refused like the x-tenant-id header', async () => {
    const branchManager = await s.as('branch manager');
    await assert.rejects(connect(url, branchManager, tenants.cpt), (error: Error & { data?: { code?: string } }) => {
      assert.equal(error.message, MESSAGES.tenantForbidden);
      assert.equal(error.data?.code, 'TENANT_FORBIDDEN');
      return true;
    });
    await assert.rejects(connect(url, branchManager, 'not-a-tenant'), (error: Error & { data?: { code?: string } }) => {
      assert.equal(error.data?.code, 'VALIDATION');
      return true;
    });
    const header = await branchManager.call<TenantListItem[]>('GET', '/api/tenants', { tenant: tenants.cpt });
    assert.equal(header.body.result.code, 'TENANT_FORBIDDEN', 'the header is refused the same way');
  });

  test('switching to a tenant the user may not act for is refused, and the socket keeps its rooms', async () => {
    const branchManager = await s.as('branch manager');
    const socket = await open(branchManager);
    const names = heard(socket);
    const answer = await selectTenant(socket, tenants.cpt);
    assert.deepEqual(answer, { success: false, code: 'TENANT_FORBIDDEN', message: MESSAGES.tenantForbidden });
    assert.equal((await selectTenant(socket, 'not-a-tenant')).success, false);

    await tell(realtime, tenants.bellville, 'bellville visits');
    await tell(realtime, tenants.soweto, 'soweto visits');
    assert.deepEqual(
      await heardUpTo(realtime, names, tenants.jhb, 'jhb marker'),
      ['soweto visits'],
      'still acting for Johannesburg, not Cape Town',
    );
  });

  test("switching to a tenant the user may act for moves the socket to that tenant's rooms", async () => {
    const companyAdmin = await s.as('company administrator');
    const socket = await open(companyAdmin, tenants.jhb);
    const names = heard(socket);
    assert.deepEqual(await selectTenant(socket, tenants.cpt), { success: true, tenantId: tenants.cpt });

    await tell(realtime, tenants.soweto, 'soweto visits');
    await tell(realtime, tenants.bellville, 'bellville visits');
    assert.deepEqual(
      await heardUpTo(realtime, names, tenants.cpt, 'cpt marker'),
      ['bellville visits'],
      'Cape Town now, Johannesburg no more',
    );
  });

  test('a tracking event reaches the sockets of users who may read tracking data, not the rest of the tenant', async () => {
    const mapReader = await s.actorWith('realtime.map.reader', ['TRACKING/MAP']);
    const salesOnly = await s.actorWith('realtime.sales.only', ['SALES', 'SALES/LEADS']);
    const listen = async (actor: Actor) => {
      const socket = await open(actor, tenants.lending);
      const got: string[] = [];
      socket.on('tracking:notification', (n: { message: string }) => got.push(n.message));
      socket.on('tracking:positions', () => got.push('positions'));
      return { got, reports: heard(socket) };
    };
    const reader = await listen(mapReader);
    const outsider = await listen(salesOnly);
    const alarm = {
      Id: '00000000-0000-4000-8000-000000000001',
      tenantId: tenants.soweto,
      deviceId: '00000000-0000-4000-8000-000000000002',
      itemType: 'alarm',
      message: 'Alarm: sos',
      messageData: {
        deviceId: '00000000-0000-4000-8000-000000000002',
        deviceName: 'Hilux',
        eventId: 1,
        positionId: 1,
        time: new Date().toISOString(),
        icon: 'AL',
      },
      dateCreated: new Date().toISOString(),
    };
    await realtime.toTenantSubtree(tenants.soweto, 'tracking:notification', alarm);
    await realtime.toTenantSubtree(tenants.soweto, 'tracking:positions', []);
    // Events reach a socket in order: once the marker report has arrived, anything sent before it has too.
    await heardUpTo(realtime, reader.reports, tenants.lending, 'reader marker');
    await heardUpTo(realtime, outsider.reports, tenants.lending, 'outsider marker');
    assert.deepEqual(reader.got, ['Alarm: sos', 'positions']);
    assert.deepEqual(outsider.got, [], 'a sales user of the same tenant hears no vehicle, place or alarm');
  });

  test("an event about a tenant reaches no socket acting outside the tenant's line", async () => {
    const companyAdmin = await s.as('company administrator');
    const names = heard(await open(companyAdmin, tenants.lending));
    await tell(realtime, tenants.umhlanga, 'umhlanga visits');
    await tell(realtime, tenants.group, 'group news');
    assert.deepEqual(
      await heardUpTo(realtime, names, tenants.lending, 'lending marker'),
      [],
      "neither a cousin company's team nor the group above",
    );
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

describe(`tenant rooms across two API processes sharing Redis (${databaseLabel})`, async () => {
  const available = await redisAnswers();
  let s: TestServer;
  let second: BuiltApp;
  let urlB: string;
  before(async () => {
    if (!available) return;
    s = await startServer({ redisUrl });
    second = await buildApp(loadConfig({ ...process.env, DATABASE_URL: '' }, { ...s.config, redisUrl, port: 0, seedDemo: false }), {
      db: s.db,
      logger: false,
    });
    await s.built.listen();
    urlB = await second.listen();
  });
  after(async () => {
    if (!available) return;
    await second.close();
    await s.close();
  });

  test(
    'an event about a team sent by one process reaches a socket held by the other that switched to its branch',
    { skip: available ? false : `no Redis answers at ${redisUrl}` },
    async () => {
      const companyAdmin = await s.as('company administrator');
      const [jhb, cpt, soweto] = [
        await s.tenantId('Johannesburg Branch'),
        await s.tenantId('Cape Town Branch'),
        await s.tenantId('Soweto Team'),
      ];
      const socket = await connect(urlB, companyAdmin, cpt);
      try {
        const names = heard(socket);
        assert.deepEqual(await selectTenant(socket, jhb), { success: true, tenantId: jhb });
        assert.deepEqual(await heardUpTo(s.built.ctx.realtime, names, soweto, 'across processes'), []);
      } finally {
        socket.close();
      }
    },
  );
});
