import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@meridian/shared/messages';
import { ZERO_STATS, type LatestAgentAction, type AgentAction, type Stats, type UserPosition } from '@meridian/shared/contract/field-agent';
import { EMPTY_GUID } from '@meridian/shared/constants';
import type { Language } from '@meridian/shared/contract/client-config';
import type { IdOnly } from '@meridian/shared/contract/answer-fields';
import type { ErrorLogEntry } from '@meridian/shared/contract/error-log';
import { databaseLabel, startServer, type TestServer, fieldError, pagingOf } from './support/harness';

describe(`agent actions, language, devices, error log, stats, position tracking (${databaseLabel})`, () => {
  let s: TestServer;
  before(async () => {
    s = await startServer();
  });
  after(() => s.close());

  test('the latest agent action is the last online/offline action; none means an empty list', async () => {
    const officer = await s.as('loan officer');
    assert.deepEqual((await officer.call<LatestAgentAction>('GET', '/api/agent/action/latest')).body.data, { agentAction: [] });
    assert.equal(
      (await officer.call<AgentAction>('POST', '/api/agent/action', { body: { action: 1, latitude: -26.2, longitude: 27.9, accuracy: 5 } }))
        .status,
      201,
    );
    await officer.call<AgentAction>('POST', '/api/agent/action', { body: { action: 2, entityType: 'activity' } });
    const latest = (await officer.call<LatestAgentAction>('GET', '/api/agent/action/latest')).body.data.agentAction;
    assert.equal(latest.length, 1);
    assert.equal(latest[0]!.action, 1, 'file actions do not change the online state');
    // Soweto Team requires a location: stopping the day carries one too.
    assert.equal(
      (await officer.call<AgentAction>('POST', '/api/agent/action', { body: { action: 0, latitude: -26.2, longitude: 27.9 } })).status,
      201,
    );
    assert.equal((await officer.call<LatestAgentAction>('GET', '/api/agent/action/latest')).body.data.agentAction[0]!.action, 0);
    assert.equal((await officer.call<AgentAction>('POST', '/api/agent/action', { body: { action: 7 } })).status, 400);
  });

  test('the English language answers data.language; an unknown code is 404', async () => {
    const officer = await s.as('loan officer');
    const r = await officer.call<Language>('GET', '/api/config/language/en');
    assert.equal(r.body.data.language.code, 'en');
    assert.equal(r.body.data.language.strings.appOnline, MESSAGES.appOnline);
    assert.equal((await officer.call<Language>('GET', '/api/config/language/xx')).status, 404);
  });

  test('a device token is stored for its user and moves to whoever registers it last', async () => {
    const officer = await s.as('loan officer');
    const leader = await s.as('team leader');
    const token = 'fcm-token-1234567890';
    assert.equal((await officer.call('POST', '/api/firebase/register-device', { body: { token } })).status, 200);
    await officer.call('POST', '/api/firebase/register-device', { body: { token } });
    assert.equal((await s.db.one<{ n: number }>(`select count(*)::int as n from device_registrations where token = $1`, [token]))!.n, 1);
    await leader.call('POST', '/api/firebase/register-device', { body: { token } });
    assert.equal(
      (await s.db.one<{ user_id: string }>(`select user_id from device_registrations where token = $1`, [token]))!.user_id,
      leader.userId,
    );
  });

  test('error log entries are written by anyone, read by their author, and reported to administrators', async () => {
    const officer = await s.as('loan officer');
    const entry = (
      await officer.call<IdOnly>('POST', '/api/error_log', { body: { errorDetail: MESSAGES.gpsUnavailable, entityType: 'activity' } })
    ).body.data;
    assert.equal((await officer.call<ErrorLogEntry>('GET', `/api/error_log/${entry.Id}`)).body.data.errorDetail, MESSAGES.gpsUnavailable);
    const other = await s.as('credit officer');
    assert.equal((await other.call<ErrorLogEntry>('GET', `/api/error_log/${entry.Id}`)).status, 404);
    const admin = await s.as('company administrator');
    const report = await admin.call<ErrorLogEntry[]>('GET', '/api/error_log/error-log-report?search=gps');
    assert.equal(pagingOf(report).total, 1);
    assert.equal(report.body.data[0]!.userName, 'loan-officer');
  });

  test('stats answer zeros for an empty id and count assigned and unassigned activities and agents', async () => {
    const manager = await s.as('branch manager');
    for (const url of ['/api/stats/', `/api/stats/${EMPTY_GUID}`, '/api/stats/agent/', `/api/stats/team/${EMPTY_GUID}`]) {
      assert.deepEqual((await manager.call('GET', url)).body.data, ZERO_STATS, url);
    }
    const soweto = await s.tenantId('Soweto Team');
    const officer = await s.userId('loan-officer');
    const leader = await s.userId('team-leader');
    // The demo data holds activities already: each count is compared with itself before the two new ones.
    const read = async () => ({
      all: (await manager.call<Stats>('GET', `/api/stats/${manager.userId}`)).body.data,
      agent: (await manager.call<Stats>('GET', `/api/stats/agent/${officer}`)).body.data,
      team: (await manager.call<Stats>('GET', `/api/stats/team/${leader}`)).body.data,
    });
    const before = await read();
    const [a1] = await Promise.all(
      ['Visit A', 'Visit B'].map(
        async (name) =>
          (await s.db.one<{ id: string }>(`insert into activities (tenant_id, name, created_user_id) values ($1, $2, $3) returning id`, [
            soweto,
            name,
            manager.userId,
          ]))!.id,
      ),
    );
    await s.db.query(`insert into activity_assignments (activity_id, user_id) values ($1, $2)`, [a1, officer]);
    const after = await read();
    assert.equal(after.all.assignedActivities - before.all.assignedActivities, 1);
    assert.equal(after.all.unassignedActivities - before.all.unassignedActivities, 1);
    assert.equal(
      after.all.assignedAgents + after.all.unassignedAgents,
      before.all.assignedAgents + before.all.unassignedAgents,
      'the agents are the same people',
    );
    assert.ok(after.all.assignedAgents >= 1);
    assert.equal(after.agent.assignedActivities - before.agent.assignedActivities, 1);
    assert.deepEqual([after.agent.unassignedActivities, after.agent.assignedAgents, after.agent.unassignedAgents], [0, 1, 0]);
    assert.equal(after.team.assignedActivities - before.team.assignedActivities, 1);
    assert.equal(after.team.assignedAgents + after.team.unassignedAgents, 2, 'the Soweto team has a leader and an officer');
  });

  test("asked about oneself, stats count the acting tenant's subtree, also when it lies below one's own tenant", async () => {
    const admin = await s.as('global administrator');
    const soweto = await s.tenantId('Soweto Team');
    const own = async (tenant?: string) => {
      const answer = await admin.call<Stats>('GET', `/api/stats/${admin.userId}`, tenant ? { tenant } : {});
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return answer.body.data;
    };
    const everywhere = await own();
    const inSoweto = await own(soweto);
    const sowetoActivities = await s.db.one<{ n: number }>(
      `select count(*)::int as n from activities where deleted_at is null and tenant_id = $1`,
      [soweto],
    );
    assert.equal(inSoweto.assignedActivities + inSoweto.unassignedActivities, sowetoActivities!.n);
    assert.ok(
      everywhere.assignedActivities + everywhere.unassignedActivities > inSoweto.assignedActivities + inSoweto.unassignedActivities,
      'the group holds more than one of its teams',
    );
    // Someone else is still asked about only within the acting scope: the group's administrator lies above Soweto.
    const manager = await s.as('team leader');
    assert.equal((await manager.call('GET', `/api/stats/${admin.userId}`)).status, 404);
  });

  test('positions are recorded by the tracked user only, never the 999 placeholder, once per id', async () => {
    const officer = await s.as('loan officer');
    const id = '6f1c2d4e-8a9b-4c3d-9e8f-1a2b3c4d5e6f';
    const body = {
      id,
      userId: officer.userId,
      latitude: -26.25,
      longitude: 27.85,
      accuracy: 12,
      deviceTime: new Date().toISOString(),
      entityType: 'user_position',
      battery: 80,
    };
    assert.equal((await officer.call('POST', '/api/usertracking', { body })).status, 201);
    assert.equal((await officer.call('POST', '/api/usertracking', { body })).status, 200, 'a retried upload is accepted once');
    const placeholder = await officer.call('POST', '/api/usertracking', {
      body: { ...body, id: undefined, latitude: 999, longitude: 999 },
    });
    assert.equal(placeholder.status, 400);
    assert.deepEqual(fieldError(placeholder, 'latitude')!, [MESSAGES.noPosition]);
    const leader = await s.as('team leader');
    assert.equal((await leader.call('POST', '/api/usertracking', { body: { ...body, id: undefined } })).status, 403);
    const day = new Date().toISOString().slice(0, 10);
    const positions = await leader.call<UserPosition[]>(
      'GET',
      `/api/usertracking/datewithid/${day}/${day}T23:59:59.999Z/${officer.userId}`,
    );
    assert.equal(positions.body.data.length, 1);
    assert.equal(positions.body.data[0]!.battery, 80);
    const peer = await s.as('credit officer');
    assert.equal(
      (await peer.call<UserPosition[]>('GET', `/api/usertracking/datewithid/${day}/${day}/${officer.userId}`)).status,
      403,
      'positions need SALES/AGENT/POSITION',
    );
  });

  test('address lookups fail gracefully with 503 when no geocoder is configured', async () => {
    const officer = await s.as('loan officer');
    const r = await officer.call('GET', '/api/usertracking/geo_address/-26.2/28.0');
    assert.equal(r.status, 503);
    assert.match(r.body.result.message, /GEOCODER_URL/);
    assert.equal((await officer.call('GET', '/api/usertracking/geo_lat/Soweto')).status, 503);
  });
});

describe(`geocoding through a configured service (${databaseLabel})`, () => {
  let s: TestServer;
  let geocoder: http.Server;
  before(async () => {
    geocoder = http.createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url!.startsWith('/reverse')) res.end(JSON.stringify({ display_name: 'Vilakazi Street, Soweto' }));
      else if (req.url!.includes('q=nowhere')) res.end('[]');
      else res.end(JSON.stringify([{ lat: '-26.2389', lon: '27.9088', display_name: 'Soweto, Johannesburg' }]));
    });
    await new Promise<void>((r) => geocoder.listen(0, '127.0.0.1', r));
    s = await startServer({ geocoderUrl: `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}` });
  });
  after(async () => {
    await s.close();
    geocoder.close();
  });

  test('reverse and forward lookups answer address and coordinates', async () => {
    const officer = await s.as('loan officer');
    assert.deepEqual((await officer.call('GET', '/api/usertracking/geo_address/-26.2389/27.9088')).body.data, {
      address: 'Vilakazi Street, Soweto',
      lat: -26.2389,
      lng: 27.9088,
    });
    assert.deepEqual((await officer.call('GET', '/api/usertracking/geo_lat/Soweto')).body.data, {
      address: 'Soweto, Johannesburg',
      lat: -26.2389,
      lng: 27.9088,
    });
    assert.equal((await officer.call('GET', '/api/usertracking/geo_lat/nowhere')).status, 404);
  });
});
