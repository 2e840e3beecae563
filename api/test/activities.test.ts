import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import {
  ACTIVITY_FILES,
  ACTIVITY_LIMITS,
  type Activity,
  type ActivityType,
  type ActivityStatus,
  type ActivityListItem,
  type ActivityAgent,
  type ActivityAssignment,
  type FilesUpdateResult,
  type BulkUpdateResult,
  type StatusWidgetRow,
  type TypeWidgetRow,
  type CalendarDay,
  type MyWorkActivity,
  type AgentStatusReportRow,
} from '@meridian/shared/contract/activity';
import type { ApiEnvelope } from '@meridian/shared/contract/envelope';
import { EMPTY_GUID } from '@meridian/shared/constants';
import { fileTooLargeMessage, MESSAGES } from '@meridian/shared/messages';
import type { Tenant } from '@meridian/shared/contract/tenant';
import { databaseLabel, startServer, type Actor, type TestServer, fieldError, fieldErrorsOf, pagingOf } from './support/harness';
import { staleListItems } from './support/list-items';

/** An instant `days` from now (now itself is always "today" wherever the tenant is). */
const inDays = (days: number, hours = 0) => new Date(Date.now() + days * 86_400_000 + hours * 3_600_000).toISOString();

function form(fields: Record<string, string | number>, files: { bytes: Buffer; name: string; type: string }[] = [], field = 'newFiles') {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, String(value));
  for (const file of files) data.append(field, new Blob([file.bytes], { type: file.type }), file.name);
  return data;
}

async function encoded(data: FormData) {
  const response = new Response(data);
  return { body: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type')! } };
}

const dispositionName = (header: unknown) => decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(String(header))![1]!);

describe(`activities (${databaseLabel})`, () => {
  let s: TestServer;
  let lendingAdmin: Actor;
  let trackingAdmin: Actor;
  let officer: Actor;
  let leader: Actor;
  let branchManager: Actor;
  let creditOfficer: Actor;
  let productManager: Actor;
  let types: Record<string, string>;
  let statuses: Record<string, string>;
  let trackingType: string;
  let sowetoClient: string;
  let sowetoLead: string;
  let umhlangaClient: string;
  let serverUrl: string;

  const activity = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    activityTypeId: types.Visit,
    startDate: inDays(2),
    endDate: inDays(2, 1),
    location: 'Vilakazi Street, Soweto',
    lat: -26.2382,
    lng: 27.9085,
    ...extra,
  });
  const create = async (actor: Actor, body: Record<string, unknown>, tenant?: string) => {
    const r = await actor.call<Activity>('POST', '/api/activities', { body, ...(tenant ? { tenant } : {}) });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body.data;
  };

  before(async () => {
    s = await startServer();
    lendingAdmin = await s.as('company administrator');
    trackingAdmin = await s.as('company admin');
    officer = await s.as('loan officer');
    leader = await s.as('team leader');
    branchManager = await s.as('branch manager');
    creditOfficer = await s.as('credit officer');
    productManager = await s.as('product manager');
    types = Object.fromEntries((await officer.call<ActivityType[]>('GET', '/api/activities/types')).body.data.map((t) => [t.name, t.Id]));
    statuses = Object.fromEntries(
      (await officer.call<ActivityStatus[]>('GET', '/api/activities/statuses')).body.data.map((t) => [t.name, t.Id]),
    );
    trackingType = (await trackingAdmin.call<ActivityType[]>('GET', '/api/activities/types')).body.data[0]!.Id;
    const soweto = await s.tenantId('Soweto Team');
    sowetoClient = (await s.db.one<{ id: string }>(
      `insert into clients (tenant_id, first_name, last_name, mobile) values ($1, 'Zodwa', 'Mthembu', '0821112233') returning id`,
      [soweto],
    ))!.id;
    sowetoLead = (await s.db.one<{ id: string }>(
      `insert into leads (tenant_id, first_name, last_name, contact_number) values ($1, 'Sipho', 'Nkosi', '0834445566') returning id`,
      [soweto],
    ))!.id;
    umhlangaClient = (await s.db.one<{ id: string }>(
      `insert into clients (tenant_id, first_name, last_name) values ($1, 'Outside', 'Client') returning id`,
      [await s.tenantId('Umhlanga Team')],
    ))!.id;
    serverUrl = await s.built.listen();
  });
  after(() => s.close());

  test('types and statuses list only the active (status 1) items of the acting company', async () => {
    assert.deepEqual(Object.keys(types), ['Call', 'Collection', 'Training', 'Visit']);
    const lendingStatuses = (await officer.call<ActivityStatus[]>('GET', '/api/activities/statuses')).body.data;
    assert.deepEqual(
      lendingStatuses.map((st) => [st.name, st.isDefault]),
      [
        ['Pending', true],
        ['Cancelled', false],
        ['Completed', false],
        ['In progress', false],
      ],
    );
    assert.ok(lendingStatuses.every((st) => st.status === 1 && st.tenantId === lendingStatuses[0]!.tenantId));
    const trackingTypes = (await trackingAdmin.call<ActivityType[]>('GET', '/api/activities/types')).body.data.map((t) => t.name);
    assert.deepEqual(trackingTypes, ['Call', 'Inspection', 'Installation']);
    assert.ok(!Object.values(types).includes(trackingType));
  });

  test('the list covers yesterday to 7 days ahead by default, newest start first, with type, status, assignees and creator', async () => {
    const r = await branchManager.call<ActivityListItem[]>('GET', '/api/activities?size=1000');
    assert.equal(r.status, 200);
    assert.equal(pagingOf(r).total, 40, '30 Soweto and 10 Sandton demo activities');
    const starts = r.body.data.map((a) => Date.parse(a.startDate!));
    assert.deepEqual(
      starts,
      [...starts].sort((x, y) => y - x),
    );
    const both = r.body.data.find((a) => a.assignedUsers.length === 2)!;
    assert.deepEqual(
      both.assignedUsers.map((u) => `${u.firstName} ${u.lastName}`),
      ['Lerato Dlamini', 'Thabo Khumalo'],
    );
    assert.ok(both.assignedUsers.every((u) => u.Id && u.activityAssignmentId && u.statusText));
    assert.ok(['Visit', 'Call', 'Collection', 'Training'].includes(both.typeDesc!));
    assert.equal(both.createdBy, 'Thabo Khumalo');
    assert.deepEqual(Object.keys(r.body.data[0]!).sort(), [
      'Id',
      'activityPlanNames',
      'activityPlans',
      'activityTypeId',
      'assignedUsers',
      'clients',
      'createdBy',
      'createdUserId',
      'dateCreated',
      'dateModified',
      'description',
      'endDate',
      'lat',
      'leads',
      'lng',
      'location',
      'name',
      'parentId',
      'startDate',
      'status',
      'statusId',
      'statusText',
      'tenantId',
      'tenantName',
      'typeDesc',
    ]);
    const soweto = await s.tenantId('Soweto Team');
    assert.equal(
      pagingOf(await branchManager.call<ActivityListItem[]>('GET', '/api/activities', { tenant: soweto })).total,
      30,
      'acting for the Soweto Team narrows to it',
    );
    const lastWeek = await branchManager.call<ActivityListItem[]>(
      'GET',
      `/api/activities?startDate=${inDays(-20).slice(0, 10)}&endDate=${inDays(-10).slice(0, 10)}`,
    );
    assert.equal(pagingOf(lastWeek).total, 0);
  });

  test('a team created under the branch is listed with its activities at once, and leaves the lists when deleted', async () => {
    const listed = async () => (await branchManager.call<ActivityListItem[]>('GET', '/api/activities?size=1000')).body;
    const before = await listed();
    const created = await lendingAdmin.call<Tenant>('POST', '/api/tenants', {
      body: { name: 'Orlando Team', type: 4, parentId: await s.tenantId('Johannesburg Branch'), shortCode: 'ML-JHB-ORL' },
    });
    assert.equal(created.status, 201);
    const team = created.body.data.Id as string;
    const fresh = await create(lendingAdmin, activity('Orlando first visit'), team);
    const after = await listed();
    assert.equal(after.meta!.paging!.total, before.meta!.paging!.total + 1);
    assert.ok(
      after.data.some((a) => a.Id === fresh.Id && a.tenantName === 'Orlando Team'),
      'the new team is merged into the branch list',
    );
    assert.equal((await lendingAdmin.call('POST', '/api/tenants/delete', { body: { id: team } })).status, 200);
    const gone = await listed();
    assert.equal(gone.meta!.paging!.total, before.meta!.paging!.total);
    assert.ok(!gone.data.some((a) => a.Id === fresh.Id));
  });

  test('the list pages, sorts by a whitelisted field, searches and filters by status and type', async () => {
    const all = (await branchManager.call<ActivityListItem[]>('GET', '/api/activities?size=1000')).body.data.map((a) => a.Id);
    const second = await branchManager.call<ActivityListItem[]>('GET', '/api/activities?page=2&size=7');
    assert.deepEqual(
      second.body.data.map((a) => a.Id),
      all.slice(7, 14),
    );
    assert.deepEqual(pagingOf(second), { pageNumber: 2, pageSize: 7, total: 40 });
    const oldestFirst = (await branchManager.call<ActivityListItem[]>('GET', '/api/activities?size=1000&sortOrder=asc')).body.data.map(
      (a) => Date.parse(a.startDate!),
    );
    assert.deepEqual(
      oldestFirst,
      [...oldestFirst].sort((x, y) => x - y),
    );
    const byName = (
      await branchManager.call<ActivityListItem[]>('GET', '/api/activities?size=5&sortField=name&sortOrder=asc')
    ).body.data.map((a) => a.name);
    assert.deepEqual(byName, [...byName].sort());
    assert.ok(byName[0]!.startsWith('Call'));
    const search = await branchManager.call<ActivityListItem[]>('GET', '/api/activities?search=diepkloof');
    assert.ok(pagingOf(search).total >= 1 && search.body.data.every((a) => a.location!.includes('Diepkloof')));
    const completed = await branchManager.call<ActivityListItem[]>('GET', '/api/activities?status=completed&size=1000');
    assert.equal(pagingOf(completed).total, 6, "yesterday's six Soweto activities");
    assert.equal(pagingOf(await branchManager.call<ActivityListItem[]>('GET', `/api/activities?status=${statuses.Completed}`)).total, 6);
    const visits = await branchManager.call<ActivityListItem[]>('GET', `/api/activities?type=${types.Visit}&size=1000`);
    assert.ok(visits.body.data.length > 0 && visits.body.data.every((a) => a.typeDesc === 'Visit'));
    const wrongSort = await branchManager.call<ActivityListItem[]>('GET', '/api/activities?sortField=password');
    assert.equal(wrongSort.status, 400);
    assert.match(fieldError(wrongSort, 'sortField')?.[0] ?? '', /Sort by one of: startDate/);
    const visitsByName = await branchManager.call<ActivityListItem[]>('GET', '/api/activities?type=visit&size=1000');
    assert.equal(pagingOf(visitsByName).total, pagingOf(visits).total, 'a type by its name, in any case');
    const backwards = await branchManager.call<ActivityListItem[]>(
      'GET',
      `/api/activities?startDate=${inDays(3).slice(0, 10)}&endDate=${inDays(1).slice(0, 10)}`,
    );
    assert.deepEqual(fieldError(backwards, 'endDate')!, ['The end date cannot be before the start date.']);
  });

  test('a loan officer sees only the activities assigned to or created by them; the team leader sees the team', async () => {
    const mine = await officer.call<ActivityListItem[]>('GET', '/api/activities?size=1000');
    assert.equal(pagingOf(mine).total, 20);
    assert.ok(mine.body.data.every((a) => a.assignedUsers.some((u) => u.Id === officer.userId)));
    assert.equal(pagingOf(await leader.call<ActivityListItem[]>('GET', '/api/activities?size=1000')).total, 30);
    const own = await create(officer, activity('Officer own errand'));
    assert.equal((await officer.call<Activity>('GET', `/api/activities/${own.Id}`)).status, 200, 'created by them, assigned to nobody');
    const others = (await leader.call<ActivityListItem[]>('GET', '/api/activities?size=1000')).body.data.find(
      (a) => a.assignedUsers.length === 1 && a.assignedUsers[0]!.Id === leader.userId,
    )!;
    assert.equal((await officer.call<Activity>('GET', `/api/activities/${others.Id}`)).status, 404);
  });

  test("creating answers 201 with the activity; each assignee starts with the default status; an empty or unknown location is the acting tenant's", async () => {
    const created = await create(
      leader,
      activity('Branch opening', {
        location: 'UNKNOWN',
        lat: null,
        lng: null,
        assignedUserIds: [officer.userId],
        description: 'Bring flyers',
      }),
    );
    assert.deepEqual([created.location, created.lat, created.lng], ['Soweto', -26.2485, 27.854]);
    assert.deepEqual(
      [created.status, created.typeDesc, created.description, created.createdBy],
      ['Pending', 'Visit', 'Bring flyers', 'Thabo Khumalo'],
    );
    assert.equal(created.tenantName, 'Soweto Team');
    assert.deepEqual(
      created.assignedUsers.map((u) => [u.Id, u.statusId, u.statusText]),
      [[officer.userId, statuses.Pending, 'Pending']],
    );
    assert.deepEqual(created.files, []);
    const sandton = await s.tenantId('Sandton Team');
    const inherited = await create(branchManager, activity('Sandton walkabout', { location: '', lat: 999, lng: 999 }), sandton);
    assert.deepEqual(
      [inherited.location, inherited.lat, inherited.lng, inherited.tenantName],
      ['Sandton, Johannesburg', -26.1076, 28.0567, 'Sandton Team'],
    );
    const ownPlace = await create(leader, activity('Own place', { endDate: null }));
    assert.deepEqual([ownPlace.location, ownPlace.lat, ownPlace.lng], ['Vilakazi Street, Soweto', -26.2382, 27.9085]);
    assert.equal(ownPlace.endDate, ownPlace.startDate, 'without an end it ends when it starts');
    const forTwoTeams = await create(
      branchManager,
      activity('Two-team training', { assignedUserIds: [officer.userId, creditOfficer.userId] }),
    );
    assert.equal(forTwoTeams.tenantName, 'Johannesburg Branch', 'the deepest tenant holding every assignee');
    assert.equal(
      (await officer.call<Activity>('GET', `/api/activities/${forTwoTeams.Id}`)).status,
      200,
      'the assigned officer finds it under the branch above',
    );
  });

  test('creating validates every field with a clear message', async () => {
    const empty = await leader.call<Activity>('POST', '/api/activities', { body: {} });
    assert.equal(empty.status, 400);
    assert.deepEqual(fieldError(empty, 'name')!, ['An activity name is required.']);
    assert.deepEqual(fieldError(empty, 'activityTypeId')!, ['Choose the activity type.']);
    assert.deepEqual(fieldError(empty, 'startDate')!, ['Give a date and time (ISO 8601).']);
    const backwards = await leader.call<Activity>('POST', '/api/activities', { body: activity('Backwards', { endDate: inDays(1) }) });
    assert.deepEqual(fieldError(backwards, 'endDate')!, ['The end date cannot be before the start date.']);
    const farAway = await leader.call<Activity>('POST', '/api/activities', { body: activity('Far away', { lat: 91, lng: 181 }) });
    assert.deepEqual(
      [fieldError(farAway, 'lat')!, fieldError(farAway, 'lng')!],
      [['Latitude is between -90 and 90.'], ['Longitude is between -180 and 180.']],
    );
    const inactive = (await s.db.one<{ id: string }>(`select id from activity_types where name = 'Old type'`))!.id;
    for (const typeId of [inactive, trackingType]) {
      const r = await leader.call<Activity>('POST', '/api/activities', { body: activity('Wrong type', { activityTypeId: typeId }) });
      assert.equal(r.status, 400);
      assert.deepEqual(fieldError(r, 'activityTypeId')!, ['Choose an active activity type of this company.']);
    }
    const outsider = await leader.call<Activity>('POST', '/api/activities', {
      body: activity('Outsider', { assignedUserIds: [trackingAdmin.userId] }),
    });
    assert.equal(outsider.status, 400);
    assert.match(fieldError(outsider, 'assignedUserIds')?.[0] ?? '', /^Only users of the acting tenant can be assigned/);
    const notOurs = await leader.call<Activity>('POST', '/api/activities', {
      body: activity('Other client', { clientIds: [umhlangaClient] }),
    });
    assert.match(fieldError(notOurs, 'clientIds')?.[0] ?? '', /^Only clients of the acting tenant can be linked/);
    const badIds = await leader.call<Activity>('POST', '/api/activities', { body: activity('Bad ids', { leadIds: ['nope'] }) });
    assert.deepEqual(fieldErrorsOf(badIds)['leadIds.0'], ['This is not a valid reference to a record. Choose one from the list.']);
    assert.equal(pagingOf(await leader.call<ActivityListItem[]>('GET', '/api/activities?search=outsider')).total, 0, 'nothing was saved');
  });

  test('editing replaces the fields, assignees, clients and leads; a field agent may edit only what they created', async () => {
    const original = await create(leader, activity('Edit me', { assignedUserIds: [officer.userId], clientIds: [sowetoClient] }));
    const edited = await leader.call<Activity>('PUT', `/api/activities/${original.Id}`, {
      body: activity('Edited', {
        activityTypeId: types.Call,
        assignedUserIds: [leader.userId],
        clientIds: [],
        leadIds: [sowetoLead],
        parentId: null,
      }),
    });
    assert.equal(edited.status, 200);
    const a = edited.body.data;
    assert.deepEqual([a.name, a.typeDesc], ['Edited', 'Call']);
    assert.deepEqual(
      a.assignedUsers.map((u) => u.Id),
      [leader.userId],
    );
    assert.deepEqual([a.clients, a.leads.map((l) => `${l.firstName} ${l.lastName}`)], [[], ['Sipho Nkosi']]);
    const self = await leader.call<Activity>('PUT', `/api/activities/${original.Id}`, {
      body: activity('Edited', { parentId: original.Id }),
    });
    assert.deepEqual(fieldError(self, 'parentId')!, ['An activity cannot be its own parent.']);
    const child = await create(leader, activity('Child', { parentId: original.Id }));
    assert.equal(child.parentId, original.Id);
    const loop = await leader.call<Activity>('PUT', `/api/activities/${original.Id}`, { body: activity('Edited', { parentId: child.Id }) });
    assert.deepEqual(fieldError(loop, 'parentId')!, ['An activity cannot sit under one of its own sub-activities.']);
    const assignedToOfficer = await create(leader, activity('Assigned to the officer', { assignedUserIds: [officer.userId] }));
    const refused = await officer.call<Activity>('PUT', `/api/activities/${assignedToOfficer.Id}`, { body: activity('Mine now') });
    assert.equal(refused.status, 403);
    const ownOne = await create(officer, activity('Officer draft'));
    assert.equal(
      (await officer.call<Activity>('PUT', `/api/activities/${ownOne.Id}`, { body: activity('Officer final') })).body.data.name,
      'Officer final',
    );
  });

  test('one activity in full, a list by ids (an empty id matches nothing) and its assigned agents', async () => {
    const written = activity('Read me', {
      assignedUserIds: [officer.userId, leader.userId],
      clientIds: [sowetoClient],
      leadIds: [sowetoLead],
    });
    const a = await create(leader, written);
    const full = (await officer.call<Activity>('GET', `/api/activities/${a.Id}`)).body.data;
    assert.deepEqual([full.name, full.clients.length, full.leads.length, full.assignedUsers.length, full.files], ['Read me', 1, 1, 2, []]);
    const { files: _files, ...item } = full;
    const page = await officer.call<ActivityListItem[]>('GET', `/api/activities?search=${encodeURIComponent('Read me')}`);
    assert.match(String(page.headers['content-type']), /^application\/json/);
    assert.deepEqual(
      page.body.data.find((x) => x.Id === a.Id),
      item,
      'a list row is the activity as read alone, without its files',
    );
    assert.deepEqual(
      [item.startDate, item.endDate],
      [written.startDate, written.endDate],
      'times answer as JavaScript writes them, to the millisecond',
    );
    assert.equal(item.dateCreated, new Date(item.dateCreated).toISOString());
    const b = await create(leader, activity('Read me too'));
    const listed = await leader.call<ActivityListItem[]>('GET', `/api/activities/list/${b.Id},,${a.Id}`);
    assert.deepEqual(
      listed.body.data.map((x) => x.name),
      ['Read me too', 'Read me'],
    );
    assert.deepEqual((await leader.call<ActivityListItem[]>('GET', `/api/activities/list/${EMPTY_GUID}`)).body.data, []);
    assert.deepEqual((await leader.call<ActivityListItem[]>('GET', `/api/activities/list/,`)).body.data, []);
    assert.equal((await leader.call<ActivityListItem[]>('GET', '/api/activities/list/abc')).status, 400);
    const agents = await leader.call<ActivityAgent[]>('GET', `/api/activities/activityagents/${a.Id}`);
    assert.deepEqual(
      agents.body.data.map((u) => [u.userName, u.statusText]),
      [
        ['loan-officer', 'Pending'],
        ['team-leader', 'Pending'],
      ],
    );
    assert.equal((await leader.call<Activity>('GET', `/api/activities/${crypto.randomUUID()}`)).status, 404);
  });

  test('an assignment is added (201, 409 when repeated) and handed over with its status', async () => {
    const a = await create(leader, activity('Assign me'));
    const added = await leader.call<ActivityAssignment>('POST', '/api/activities/assignment', {
      body: { activityId: a.Id, userId: officer.userId },
    });
    assert.equal(added.status, 201);
    assert.deepEqual([added.body.data.userId, added.body.data.statusText, added.body.data.history], [officer.userId, 'Pending', []]);
    const again = await leader.call<ActivityAssignment>('POST', '/api/activities/assignment', {
      body: { activityId: a.Id, userId: officer.userId },
    });
    assert.equal(again.status, 409);
    assert.deepEqual(fieldError(again, 'userId')!, ['This user is already assigned to the activity.']);
    const outside = await leader.call<ActivityAssignment>('POST', '/api/activities/assignment', {
      body: { activityId: a.Id, userId: trackingAdmin.userId },
    });
    assert.equal(outside.status, 400);
    await officer.call<ActivityAssignment>('PUT', '/api/activities/updateAssignmentStatus', {
      body: { userId: officer.userId, activityId: a.Id, statusId: statuses['In progress'], latitude: -26.24, longitude: 27.9, accuracy: 8 },
    });
    const moved = await leader.call<ActivityAssignment>('PUT', '/api/activities/assignment', {
      body: { activityId: a.Id, userId: officer.userId, newUserId: leader.userId },
    });
    assert.equal(moved.status, 200);
    assert.deepEqual(
      [moved.body.data.userId, moved.body.data.statusText, moved.body.data.history.length],
      [leader.userId, 'In progress', 1],
    );
    const gone = await leader.call<ActivityAssignment>('PUT', '/api/activities/assignment', {
      body: { activityId: a.Id, userId: officer.userId, newUserId: leader.userId },
    });
    assert.equal(gone.status, 404);
  });

  test('a status update changes the assignment, keeps the position in the history, and the activity follows it', async () => {
    const a = await create(leader, activity('Status me', { assignedUserIds: [officer.userId, leader.userId] }));
    const r = await officer.call<ActivityAssignment>('PUT', '/api/activities/updateAssignmentStatus', {
      body: {
        userId: officer.userId,
        updatingUserId: officer.userId,
        activityId: a.Id,
        statusId: statuses.Completed,
        statusText: 'Completed',
        latitude: -26.25,
        longitude: 27.85,
        accuracy: 12,
      },
    });
    assert.equal(r.status, 200);
    assert.deepEqual([r.body.data.statusId, r.body.data.statusText], [statuses.Completed, 'Completed']);
    assert.deepEqual(
      r.body.data.history.map((h) => [h.statusText, h.latitude, h.longitude, h.accuracy, h.changedByUserId, h.changedBy]),
      [['Completed', -26.25, 27.85, 12, officer.userId, 'Lerato Dlamini']],
    );
    const full = (await leader.call<Activity>('GET', `/api/activities/${a.Id}`)).body.data;
    assert.deepEqual([full.status, full.statusId], ['Completed', statuses.Completed]);
    assert.deepEqual(
      full.assignedUsers.map((u) => `${u.firstName}: ${u.statusText}`),
      ['Lerato: Completed', 'Thabo: Pending'],
    );
    const read = await leader.call<ActivityAssignment>('GET', `/api/activities/get-activity-assignment/${a.Id}/${officer.userId}`);
    assert.equal(read.body.data.history.length, 1);
    const forLeader = await leader.call<ActivityAssignment>(
      'GET',
      `/api/activities/get-activity-assignment/${a.Id}/${branchManager.userId}`,
    );
    assert.deepEqual([forLeader.status, forLeader.body.result.message], [404, MESSAGES.noActivityAssignment]);
  });

  test('a status change made offline says when: it is kept at that time, and one made before the latest change stays in the history only', async () => {
    const a = await create(leader, activity('Changed offline', { assignedUserIds: [officer.userId] }));
    const change = (statusId: string, changedAt?: string) =>
      officer.call<ActivityAssignment>('PUT', '/api/activities/updateAssignmentStatus', {
        body: {
          userId: officer.userId,
          activityId: a.Id,
          statusId,
          latitude: -26.24,
          longitude: 27.9,
          accuracy: 10,
          ...(changedAt ? { changedAt } : {}),
        },
      });
    const twoHoursAgo = inDays(0, -2);
    assert.equal((await change(statuses['In progress']!, twoHoursAgo)).status, 200);
    assert.equal((await change(statuses.Completed!)).status, 200, 'a later change, made online');
    const late = await change(statuses.Cancelled!, inDays(0, -1));
    assert.equal(late.status, 200);
    assert.equal(
      late.body.data.statusText,
      'Completed',
      'the change made an hour ago arrives after the later one: the status stays Completed',
    );
    assert.deepEqual(
      late.body.data.history.map((h) => h.statusText),
      ['Completed', 'Cancelled', 'In progress'],
    );
    assert.equal(new Date(late.body.data.history[2]!.dateCreated).toISOString(), twoHoursAgo);
    assert.equal((await leader.call<Activity>('GET', `/api/activities/${a.Id}`)).body.data.status, 'Completed');
    const future = await change(statuses.Pending!, inDays(1));
    assert.deepEqual(fieldError(future, 'changedAt')!, ['A change cannot be made in the future.']);
    const old = await change(statuses.Pending!, inDays(-31));
    assert.deepEqual(fieldError(old, 'changedAt')!, ['A change sent later must have been made within the last 30 days.']);
  });

  test('an activity created with its own Id (a device offline) keeps it; a taken Id is 409', async () => {
    const id = crypto.randomUUID();
    const named = await create(officer, activity('Named offline', { Id: id }));
    assert.equal(named.Id, id);
    const taken = await officer.call<Activity>('POST', '/api/activities', { body: activity('Same Id', { Id: id }) });
    assert.equal(taken.status, 409);
    assert.deepEqual(fieldError(taken, 'Id')!, ['An activity with this Id exists already.']);
    assert.notEqual((await create(officer, activity('Placeholder Id', { Id: EMPTY_GUID }))).Id, EMPTY_GUID);
  });

  test('a status update without a usable position is refused where the tenant requires location, and recorded without one elsewhere', async () => {
    const a = await create(leader, activity('Location rules', { assignedUserIds: [officer.userId] }));
    for (const position of [{ latitude: 999, longitude: 999, accuracy: null }, {}, { latitude: 95, longitude: 27 }]) {
      const refused = await officer.call<ActivityAssignment>('PUT', '/api/activities/updateAssignmentStatus', {
        body: { userId: officer.userId, activityId: a.Id, statusId: statuses.Completed, ...position },
      });
      assert.equal(refused.status, 400, JSON.stringify(position));
      assert.deepEqual([refused.body.result.code, refused.body.result.message], ['LOCATION_REQUIRED', MESSAGES.enableLocation]);
    }
    // The Johannesburg Branch does not require location (only teams do in the demo).
    const atBranch = await create(branchManager, activity('Branch desk', { assignedUserIds: [creditOfficer.userId] }));
    assert.equal(atBranch.tenantName, 'Johannesburg Branch');
    const noFix = await creditOfficer.call<ActivityAssignment>('PUT', '/api/activities/updateAssignmentStatus', {
      body: {
        userId: creditOfficer.userId,
        activityId: atBranch.Id,
        statusId: statuses.Completed,
        latitude: 999,
        longitude: 999,
        accuracy: null,
      },
    });
    assert.equal(noFix.status, 200);
    assert.deepEqual(
      noFix.body.data.history.map((h) => [h.latitude, h.longitude, h.accuracy]),
      [[null, null, null]],
    );
  });

  test('a status update needs an assignment, an active status of the company, and the assignee or a manager', async () => {
    const a = await create(leader, activity('Status rules', { assignedUserIds: [leader.userId] }));
    const at = { latitude: -26.25, longitude: 27.85, accuracy: 5 };
    const none = await officer.call<ActivityAssignment>('PUT', '/api/activities/updateAssignmentStatus', {
      body: { userId: officer.userId, activityId: a.Id, statusId: statuses.Completed, ...at },
    });
    assert.equal(none.status, 404, 'the officer is not assigned, so does not even see it');
    const noAssignment = await leader.call<ActivityAssignment>('PUT', '/api/activities/updateAssignmentStatus', {
      body: { userId: branchManager.userId, activityId: a.Id, statusId: statuses.Completed, ...at },
    });
    assert.deepEqual([noAssignment.status, noAssignment.body.result.message], [404, MESSAGES.noActivityAssignment]);
    const onHold = (await s.db.one<{ id: string }>(`select id from activity_statuses where name = 'On hold'`))!.id;
    const trackingStatus = (await trackingAdmin.call<ActivityStatus[]>('GET', '/api/activities/statuses')).body.data[0]!.Id;
    for (const statusId of [onHold, trackingStatus]) {
      const r = await leader.call<ActivityAssignment>('PUT', '/api/activities/updateAssignmentStatus', {
        body: { userId: leader.userId, activityId: a.Id, statusId, ...at },
      });
      assert.deepEqual(fieldError(r, 'statusId')!, ['Choose an active activity status of this company.']);
    }
    const shared = await create(leader, activity('Shared status', { assignedUserIds: [leader.userId, officer.userId] }));
    const forOther = await officer.call<ActivityAssignment>('PUT', '/api/activities/updateAssignmentStatus', {
      body: { userId: leader.userId, activityId: shared.Id, statusId: statuses.Completed, ...at },
    });
    assert.equal(forOther.status, 403);
    const impostor = await officer.call<ActivityAssignment>('PUT', '/api/activities/updateAssignmentStatus', {
      body: { userId: officer.userId, updatingUserId: leader.userId, activityId: shared.Id, statusId: statuses.Completed, ...at },
    });
    assert.deepEqual(fieldError(impostor, 'updatingUserId')!, ['The updating user must be the signed-in user.']);
    const byManager = await branchManager.call<ActivityAssignment>('PUT', '/api/activities/updateAssignmentStatus', {
      body: { userId: officer.userId, activityId: shared.Id, statusId: statuses.Cancelled, ...at },
    });
    assert.equal(byManager.status, 200);
    assert.equal(byManager.body.data.history[0]!.changedByUserId, branchManager.userId);
  });

  test('files are added as multipart, listed without bytes, downloaded with their name, removed, and logged as agent actions 2 and 3', async () => {
    const a = await create(leader, activity('With files', { assignedUserIds: [officer.userId] }));
    const photo = { bytes: crypto.randomBytes(2048), name: 'Site photo – Orlando.jpg', type: 'image/jpeg' };
    const note = { bytes: Buffer.from('visited, client was home'), name: 'note.txt', type: 'text/plain' };
    const added = await officer.call<FilesUpdateResult>(
      'PUT',
      '/api/activities/update-assignment-files',
      await encoded(form({ activityId: a.Id, latitude: -26.25, longitude: 27.85, accuracy: 7 }, [photo, note])),
    );
    assert.equal(added.status, 200, JSON.stringify(added.body));
    assert.deepEqual(
      added.body.data.added.map((f) => [f.fileName, f.contentType, f.sizeBytes, f.uploadedBy]),
      [
        [photo.name, 'image/jpeg', 2048, 'Lerato Dlamini'],
        ['note.txt', 'text/plain', note.bytes.length, 'Lerato Dlamini'],
      ],
    );
    const full = (await leader.call<Activity>('GET', `/api/activities/${a.Id}`)).body.data;
    assert.deepEqual(
      full.files.map((f) => f.fileName),
      ['note.txt', photo.name],
      'by date, then name',
    );
    assert.deepEqual(
      full.files.map((f) => f.uploadedBy),
      ['Lerato Dlamini', 'Lerato Dlamini'],
    );
    full.files.reverse();
    assert.ok(full.files.every((f) => f.assignmentId && !('content' in f)));
    const download = await s.built.app.inject({
      method: 'GET',
      url: `/api/activities/files/${full.files[0]!.Id}`,
      headers: { authorization: `Bearer ${leader.token}` },
    });
    assert.equal(download.statusCode, 200);
    assert.deepEqual(download.rawPayload, photo.bytes);
    assert.equal(download.headers['content-type'], 'image/jpeg');
    assert.equal(dispositionName(download.headers['content-disposition']), photo.name);
    const removed = await officer.call<FilesUpdateResult>(
      'PUT',
      '/api/activities/update-assignment-files',
      await encoded(form({ activityId: a.Id, removedFiles: JSON.stringify([full.files[1]!.Id]) })),
    );
    assert.deepEqual(removed.body.data.removed, [full.files[1]!.Id]);
    assert.equal((await leader.call<Activity>('GET', `/api/activities/${a.Id}`)).body.data.files.length, 1);
    assert.equal((await leader.call('GET', `/api/activities/files/${full.files[1]!.Id}`)).status, 404);
    const actions = await s.db.query<{ action: number; latitude: number | null }>(
      `select action, latitude from agent_actions where entity_id = $1 order by action, date_created`,
      [a.Id],
    );
    assert.deepEqual(
      actions.map((x) => [x.action, x.latitude]),
      [
        [2, -26.25],
        [2, -26.25],
        [3, null],
      ],
    );
    const notOurs = await officer.call<FilesUpdateResult>(
      'PUT',
      '/api/activities/update-assignment-files',
      await encoded(form({ activityId: a.Id, removedFiles: JSON.stringify([crypto.randomUUID()]) })),
    );
    assert.equal(notOurs.status, 400);
    assert.match(fieldError(notOurs, 'removedFiles')?.[0] ?? '', /^These files are not files of this activity/);
    const notAssigned = await creditOfficer.call<FilesUpdateResult>(
      'PUT',
      '/api/activities/update-assignment-files',
      await encoded(form({ activityId: a.Id }, [note])),
    );
    assert.equal(notAssigned.status, 404, 'the credit officer does not see a Soweto activity');
    const json = await officer.call<FilesUpdateResult>('PUT', '/api/activities/update-assignment-files', {
      body: { activityId: a.Id, removedFiles: [full.files[0]!.Id] },
    });
    assert.deepEqual(json.body.data.removed, [full.files[0]!.Id], 'removals alone may come as JSON');
  });

  test('a file over 10 MB is refused with 413 and a clear message, and nothing is kept', async () => {
    const a = await create(leader, activity('Huge file', { assignedUserIds: [officer.userId] }));
    const huge = form({ activityId: a.Id }, [
      { bytes: crypto.randomBytes(ACTIVITY_FILES.maxBytes + 1), name: 'huge.bin', type: 'application/octet-stream' },
    ]);
    const refused = await fetch(`${serverUrl}/api/activities/update-assignment-files`, {
      method: 'PUT',
      body: huge,
      headers: { authorization: `Bearer ${officer.token}`, 'x-tenant-id': officer.homeTenantId },
    });
    assert.equal(refused.status, 413);
    const { result } = (await refused.json()) as ApiEnvelope<null>;
    assert.equal(result.message, fileTooLargeMessage(ACTIVITY_FILES.maxBytes));
    assert.equal((await leader.call<Activity>('GET', `/api/activities/${a.Id}`)).body.data.files.length, 0);
  });

  test('links: a client, a lead, or several at once; 201 when new, 200 when already linked; outside ones refused', async () => {
    const a = await create(leader, activity('Link me'));
    const client = await leader.call<Activity>('POST', '/api/activities/client', { body: { activityId: a.Id, clientId: sowetoClient } });
    assert.deepEqual([client.status, client.body.data.clients.map((c) => c.Id)], [201, [sowetoClient]]);
    assert.equal(
      (await leader.call<Activity>('POST', '/api/activities/client', { body: { activityId: a.Id, clientId: sowetoClient } })).status,
      200,
    );
    const lead = await leader.call<Activity>('POST', '/api/activities/lead', { body: { activityId: a.Id, leadId: sowetoLead } });
    assert.deepEqual([lead.status, lead.body.data.leads.map((l) => l.Id)], [201, [sowetoLead]]);
    const b = await create(leader, activity('Link me too'));
    const both = await leader.call<Activity>('POST', '/api/activities/entities', {
      body: { activityId: b.Id, clientIds: [sowetoClient], leadIds: [sowetoLead] },
    });
    assert.deepEqual([both.status, both.body.data.clients.length, both.body.data.leads.length], [201, 1, 1]);
    const nothing = await leader.call<Activity>('POST', '/api/activities/entities', { body: { activityId: b.Id } });
    assert.deepEqual(fieldError(nothing, 'clientIds')!, ['Choose at least one client or lead.']);
    const outside = await leader.call<Activity>('POST', '/api/activities/client', { body: { activityId: a.Id, clientId: umhlangaClient } });
    assert.equal(outside.status, 400);
    assert.match(fieldError(outside, 'clientId')?.[0] ?? '', /^Only clients of the acting tenant/);
  });

  test('bulk update changes every activity or none, and is for managers only', async () => {
    const ids = [
      (await create(leader, activity('Bulk one', { assignedUserIds: [officer.userId] }))).Id,
      (await create(leader, activity('Bulk two')))!.Id,
    ];
    const done = await leader.call<BulkUpdateResult>('POST', '/api/activities/bulk-update', {
      body: {
        ids,
        statusId: statuses.Cancelled,
        activityTypeId: types.Training,
        startDate: inDays(3),
        endDate: inDays(3, 2),
        assignedUserIds: [officer.userId, leader.userId],
      },
    });
    assert.equal(done.status, 200);
    assert.deepEqual(done.body.data, { updated: 2 });
    const rows = (await leader.call<ActivityListItem[]>('GET', `/api/activities/list/${ids.join(',')}`)).body.data;
    for (const row of rows) {
      assert.deepEqual([row.status, row.typeDesc, row.assignedUsers.length], ['Cancelled', 'Training', 2]);
      assert.ok(row.assignedUsers.every((u) => u.statusText === 'Cancelled'));
    }
    const theirs = (await trackingAdmin.call<ActivityListItem[]>('GET', '/api/activities')).body.data[0]!.Id;
    const mixed = await leader.call<BulkUpdateResult>('POST', '/api/activities/bulk-update', {
      body: { ids: [ids[0], theirs], statusId: statuses.Pending },
    });
    assert.equal(mixed.status, 404);
    assert.equal((await leader.call<Activity>('GET', `/api/activities/${ids[0]}`)).body.data.status, 'Cancelled', 'nothing changed');
    const backwards = await leader.call<BulkUpdateResult>('POST', '/api/activities/bulk-update', { body: { ids, endDate: inDays(1) } });
    assert.match(fieldError(backwards, 'endDate')?.[0] ?? '', /^The end date cannot be before the start date/);
    const empty = await leader.call<BulkUpdateResult>('POST', '/api/activities/bulk-update', { body: { ids } });
    assert.deepEqual(fieldError(empty, 'ids')!, ['Choose something to change: status, type, dates or assigned users.']);
    const byAgent = await officer.call<BulkUpdateResult>('POST', '/api/activities/bulk-update', {
      body: { ids: [ids[0]], statusId: statuses.Pending },
    });
    assert.equal(byAgent.status, 403);
  });

  test('deleting is soft: the activity leaves every list and answers 404', async () => {
    const a = await create(leader, activity('Delete me'));
    assert.equal((await leader.call('POST', '/api/activities/delete', { body: { id: a.Id } })).status, 200);
    assert.equal((await leader.call<Activity>('GET', `/api/activities/${a.Id}`)).status, 404);
    assert.equal(pagingOf(await leader.call<ActivityListItem[]>('GET', '/api/activities?search=delete me')).total, 0);
    assert.ok(await s.db.one(`select 1 from activities where id = $1 and deleted_at is not null`, [a.Id]));
    assert.equal((await leader.call('POST', '/api/activities/delete', { body: { id: a.Id } })).status, 404);
    const assigned = await create(leader, activity('Not yours to delete', { assignedUserIds: [officer.userId] }));
    assert.equal((await officer.call('POST', '/api/activities/delete', { body: { id: assigned.Id } })).status, 403);
  });

  test("the status and type widgets count the window's activities", async () => {
    const soweto = await s.tenantId('Sandton Team');
    const byStatus = await branchManager.call<StatusWidgetRow[]>('GET', '/api/activities/for-status-widget', { tenant: soweto });
    assert.equal(byStatus.status, 200);
    const counts = Object.fromEntries(byStatus.body.data.map((r) => [r.status, r.count]));
    const listed = (await branchManager.call<ActivityListItem[]>('GET', '/api/activities?size=1000', { tenant: soweto })).body.data;
    assert.equal(
      Object.values(counts).reduce((x, y) => x + y, 0),
      listed.length,
    );
    assert.equal(counts.Pending, listed.filter((a) => a.status === 'Pending').length);
    const byType = await branchManager.call<TypeWidgetRow[]>('GET', '/api/activities/for-type-widget', { tenant: soweto });
    for (const row of byType.body.data) assert.equal(row.count, listed.filter((a) => a.typeDesc === row.typeDesc).length);
    const counted = byType.body.data.map((r) => r.count);
    assert.deepEqual(
      counted,
      [...counted].sort((x: number, y: number) => y - x),
      'largest first',
    );
    const yesterdayOnly = await leader.call<StatusWidgetRow[]>(
      'GET',
      `/api/activities/for-status-widget?startDate=${inDays(-1).slice(0, 10)}&endDate=${inDays(-1).slice(0, 10)}`,
    );
    assert.ok(yesterdayOnly.body.data.some((r) => r.status === 'Completed' && r.count >= 6));
  });

  test('above several companies the widgets count each status and type name once, and each count filters the list to it', async () => {
    const groupAdmin = await s.as('global administrator');
    // Both companies have a status "Pending" and a type "Call" of their own, with their own ids (Umhlanga's "Call" is seeded).
    await create(leader, activity('Call in Lending', { activityTypeId: types.Call }));
    const byStatus = (await groupAdmin.call<StatusWidgetRow[]>('GET', '/api/activities/for-status-widget')).body.data;
    const statusNames = byStatus.map((r) => r.status.toUpperCase());
    assert.deepEqual(statusNames, [...new Set(statusNames)], 'no status name twice');
    const byType = (await groupAdmin.call<TypeWidgetRow[]>('GET', '/api/activities/for-type-widget')).body.data;
    const typeNames = byType.map((r) => r.typeDesc.toUpperCase());
    assert.deepEqual(typeNames, [...new Set(typeNames)], 'no type name twice');

    const pending = byStatus.find((r) => r.status === 'Pending')!;
    const call = byType.find((r) => r.typeDesc === 'Call')!;
    assert.equal(pending.statusId, null, 'two statuses share the name: the count filters by it');
    assert.equal(call.activityTypeId, null);
    const listed = async (filter: string) =>
      pagingOf(await groupAdmin.call<ActivityListItem[]>('GET', `/api/activities?size=1&${filter}`)).total;
    assert.equal(await listed('status=Pending'), pending.count);
    assert.equal(await listed('type=Call'), call.count);
    const visit = byType.find((r) => r.typeDesc === 'Visit')!;
    assert.equal(visit.activityTypeId, types.Visit, 'a name only one company uses keeps its id');
    assert.equal(await listed(`type=${types.Visit}`), visit.count);
  });

  test('the calendar answers each day with its count and light events, at most 62 days, and needs SALES/ACTIVITIES/CALENDAR', async () => {
    const [from, to] = [inDays(-1).slice(0, 10), inDays(7).slice(0, 10)];
    const r = await leader.call<CalendarDay[]>('GET', `/api/activities/calendar?startDate=${from}&endDate=${to}&perDay=2000`);
    assert.equal(r.status, 200);
    assert.equal(r.body.data.length, 9, 'every day of the window, empty ones too');
    assert.deepEqual([r.body.data[0]!.day, r.body.data[8]!.day], [from, to]);
    const events = r.body.data.flatMap((d) => d.events);
    assert.ok(events.length > 0);
    assert.deepEqual(Object.keys(events[0]!).sort(), ['Id', 'endDate', 'name', 'startDate', 'statusText', 'typeDesc']);
    const starts = events.map((e) => Date.parse(e.startDate));
    assert.deepEqual(
      starts,
      [...starts].sort((x, y) => x - y),
    );
    assert.ok(
      r.body.data.every((d) => d.count === d.events.length),
      'a week asking for all its events gets every one',
    );
    const listed = pagingOf(await leader.call<ActivityListItem[]>('GET', `/api/activities?startDate=${from}&endDate=${to}&size=1`)).total;
    assert.equal(
      r.body.data.reduce((sum, d) => sum + d.count, 0),
      listed,
    );
    const noneADay = await leader.call<CalendarDay[]>('GET', `/api/activities/calendar?perDay=0`);
    assert.equal(noneADay.status, 400);
    assert.ok(fieldError(noneADay, 'perDay'));
    const tooLong = await leader.call<CalendarDay[]>(
      'GET',
      `/api/activities/calendar?startDate=${inDays(0).slice(0, 10)}&endDate=${inDays(62).slice(0, 10)}`,
    );
    assert.deepEqual(fieldError(tooLong, 'endDate')!, [`The calendar shows at most ${ACTIVITY_LIMITS.calendarMaxDays} days at once.`]);
    assert.equal((await productManager.call<CalendarDay[]>('GET', '/api/activities/calendar')).status, 403);
  });

  test('a calendar day shows its first events and counts the rest ("+N more")', async () => {
    const day = inDays(23).slice(0, 10);
    // Johannesburg's day (the demo tenants' zone): from 22:00 UTC the day before, which the counters keep under another UTC day.
    const times = ['00:10', '06:00', '08:30', '09:00', '12:00', '17:45', '23:50'].map((t) => `${day}T${t}:00+02:00`);
    const made: Activity[] = [];
    for (const [i, at] of times.entries()) made.push(await create(leader, activity(`Day ${i}`, { startDate: at, endDate: at })));
    const r = await leader.call<CalendarDay[]>('GET', `/api/activities/calendar?startDate=${day}&endDate=${day}`);
    assert.equal(r.status, 200);
    const [only] = r.body.data;
    assert.equal(only!.day, day);
    const listed = pagingOf(await leader.call<ActivityListItem[]>('GET', `/api/activities?startDate=${day}&endDate=${day}&size=1`)).total;
    assert.ok(listed >= times.length);
    assert.equal(only!.count, listed, "the day's count is every activity of it");
    assert.equal(only!.events.length, ACTIVITY_LIMITS.calendarEventsPerDay);
    assert.deepEqual(
      only!.events.map((e) => e.Id),
      made.slice(0, ACTIVITY_LIMITS.calendarEventsPerDay).map((a) => a.Id),
      'the first events in start order, the one just after midnight first',
    );
    const all = await leader.call<CalendarDay[]>('GET', `/api/activities/calendar?startDate=${day}&endDate=${day}&perDay=50`);
    assert.deepEqual(
      all.body.data[0]!.events.map((e) => e.Id).filter((id) => made.some((a) => a.Id === id)),
      made.map((a) => a.Id),
    );
  });

  test("My Work lists the caller's assignments of today by default, with their own status, filterable by status", async () => {
    const today = await officer.call<MyWorkActivity[]>('GET', '/api/activities/agent-my-work-activities');
    assert.equal(today.status, 200);
    assert.ok(today.body.data.length >= 2);
    assert.ok(today.body.data.every((a) => a.activityAssignmentId && a.assignedUsers.some((u) => u.Id === officer.userId)));
    const inProgress = await officer.call<MyWorkActivity[]>('GET', '/api/activities/agent-my-work-activities?status=In progress');
    assert.equal(inProgress.body.data.length, 2, "the demo's two for today");
    assert.ok(inProgress.body.data.every((a) => a.assignmentStatusText === 'In progress'));
    const week = await officer.call<MyWorkActivity[]>(
      'GET',
      `/api/activities/agent-my-work-activities?startDate=${inDays(-1).slice(0, 10)}&endDate=${inDays(7).slice(0, 10)}&size=1000`,
    );
    assert.ok(pagingOf(week).total > pagingOf(today).total);
  });

  test("one agent's activities, and the per-agent status report", async () => {
    const officers = await leader.call<ActivityListItem[]>('GET', `/api/activities/agents/${officer.userId}?size=1000`);
    assert.ok(officers.body.data.every((a) => a.createdUserId === officer.userId || a.assignedUsers.some((u) => u.Id === officer.userId)));
    assert.ok(pagingOf(officers).total >= 20);
    assert.equal((await officer.call<ActivityListItem[]>('GET', `/api/activities/agents/${leader.userId}`)).status, 403);
    assert.equal((await leader.call<ActivityListItem[]>('GET', `/api/activities/agents/${trackingAdmin.userId}`)).status, 404);
    const report = await branchManager.call<AgentStatusReportRow[]>('GET', '/api/activities/agentActivityStatusReport?size=100');
    assert.equal(report.status, 200);
    const byAgent = Object.fromEntries(report.body.data.map((r) => [r.userName, r]));
    assert.deepEqual(Object.keys(byAgent).sort(), ['credit-officer', 'loan-officer', 'team-leader']);
    const officerRow = byAgent['loan-officer']!;
    assert.equal(
      officerRow.total,
      officerRow.byStatus.reduce((sum, x) => sum + x.count, 0),
    );
    assert.ok(officerRow.byStatus.some((x) => x.status === 'Completed'));
    assert.ok(officerRow.statusDateCreated);
    const completedOnly = await branchManager.call<AgentStatusReportRow[]>(
      'GET',
      '/api/activities/agentActivityStatusReport?status=Completed',
    );
    assert.ok(completedOnly.body.data.every((r) => r.byStatus.every((x) => x.status === 'Completed')));
    const own = await officer.call<AgentStatusReportRow[]>('GET', '/api/activities/agentActivityStatusReport');
    assert.deepEqual(
      own.body.data.map((r) => r.userName),
      ['loan-officer'],
    );
    const sorted = await branchManager.call<AgentStatusReportRow[]>(
      'GET',
      '/api/activities/agentActivityStatusReport?sortField=agentName&sortOrder=asc',
    );
    assert.deepEqual(
      sorted.body.data.map((r) => r.agentName),
      ['Chris Botha', 'Lerato Dlamini', 'Thabo Khumalo'],
    );
  });

  test('a role without the activity permissions is refused with 403 on every activity route', async () => {
    const anActivity = (await leader.call<ActivityListItem[]>('GET', '/api/activities')).body.data[0]!.Id;
    const notRefused: string[] = [];
    for (const [method, url, body] of [
      ['GET', '/api/activities'],
      ['GET', `/api/activities/agents/${officer.userId}`],
      ['GET', '/api/activities/agent-my-work-activities'],
      ['GET', '/api/activities/agentActivityStatusReport'],
      ['GET', '/api/activities/for-status-widget'],
      ['GET', '/api/activities/for-type-widget'],
      ['GET', '/api/activities/calendar'],
      ['GET', '/api/activities/types'],
      ['GET', '/api/activities/statuses'],
      ['GET', `/api/activities/${anActivity}`],
      ['GET', `/api/activities/list/${anActivity}`],
      ['GET', `/api/activities/activityagents/${anActivity}`],
      ['GET', `/api/activities/get-activity-assignment/${anActivity}/${officer.userId}`],
      ['GET', `/api/activities/files/${crypto.randomUUID()}`],
      ['POST', '/api/activities', activity('Refused')],
      ['PUT', `/api/activities/${anActivity}`, activity('Refused')],
      ['POST', '/api/activities/assignment', { activityId: anActivity, userId: officer.userId }],
      ['PUT', '/api/activities/assignment', { activityId: anActivity, userId: officer.userId, newUserId: leader.userId }],
      ['POST', '/api/activities/client', { activityId: anActivity, clientId: sowetoClient }],
      ['POST', '/api/activities/lead', { activityId: anActivity, leadId: sowetoLead }],
      ['POST', '/api/activities/entities', { activityId: anActivity, clientIds: [sowetoClient] }],
      ['POST', '/api/activities/bulk-update', { ids: [anActivity], statusId: statuses.Pending }],
      ['POST', '/api/activities/delete', { id: anActivity }],
      ['PUT', '/api/activities/updateAssignmentStatus', { userId: officer.userId, activityId: anActivity, statusId: statuses.Pending }],
      ['PUT', '/api/activities/update-assignment-files', { activityId: anActivity }],
    ] as [string, string, unknown?][]) {
      const r = await productManager.call(method, url, body === undefined ? {} : { body });
      if (r.status !== 403 || r.body.result.code !== 'FORBIDDEN') notRefused.push(`${method} ${url} -> ${r.status}`);
    }
    assert.deepEqual(notRefused, []);
  });

  test('an activity of Meridian Lending is 404 for the Meridian Tracking administrator on every route and never listed', async () => {
    const ours = await create(leader, activity('Lending only', { assignedUserIds: [officer.userId] }));
    const theirs = (await trackingAdmin.call<ActivityListItem[]>('GET', '/api/activities')).body;
    assert.equal(theirs.meta!.paging!.total, 3, 'only the three Umhlanga activities');
    assert.ok(!theirs.data.some((a) => a.Id === ours.Id));
    const trackingType0 = trackingType;
    const trackingStatus = (await trackingAdmin.call<ActivityStatus[]>('GET', '/api/activities/statuses')).body.data[0]!.Id;
    const leaks: string[] = [];
    for (const [method, url, body] of [
      ['GET', `/api/activities/${ours.Id}`],
      ['GET', `/api/activities/activityagents/${ours.Id}`],
      ['GET', `/api/activities/get-activity-assignment/${ours.Id}/${officer.userId}`],
      ['GET', `/api/activities/agents/${officer.userId}`],
      ['PUT', `/api/activities/${ours.Id}`, { ...activity('Taken over'), activityTypeId: trackingType0 }],
      ['POST', '/api/activities/assignment', { activityId: ours.Id, userId: trackingAdmin.userId }],
      ['PUT', '/api/activities/assignment', { activityId: ours.Id, userId: officer.userId, newUserId: trackingAdmin.userId }],
      ['POST', '/api/activities/client', { activityId: ours.Id, clientId: umhlangaClient }],
      ['POST', '/api/activities/bulk-update', { ids: [ours.Id], statusId: trackingStatus }],
      ['POST', '/api/activities/delete', { id: ours.Id }],
      [
        'PUT',
        '/api/activities/updateAssignmentStatus',
        { userId: officer.userId, activityId: ours.Id, statusId: trackingStatus, latitude: -29.7, longitude: 31 },
      ],
      ['PUT', '/api/activities/update-assignment-files', { activityId: ours.Id }],
    ] as [string, string, unknown?][]) {
      const r = await trackingAdmin.call(method, url, body === undefined ? {} : { body });
      if (r.status !== 404) leaks.push(`${method} ${url} -> ${r.status}`);
    }
    assert.deepEqual(leaks, []);
    assert.deepEqual((await trackingAdmin.call<ActivityListItem[]>('GET', `/api/activities/list/${ours.Id}`)).body.data, []);
    const outsider = await trackingAdmin.call<Activity>('POST', '/api/activities', {
      body: { ...activity('Cross assign'), activityTypeId: trackingType0, assignedUserIds: [officer.userId] },
    });
    assert.equal(outsider.status, 400);
    assert.equal((await leader.call<Activity>('GET', `/api/activities/${ours.Id}`)).body.data.name, 'Lending only', 'nothing was changed');
  });

  test("after every change above, each activity's kept list item equals one built afresh", async () => {
    assert.equal(await staleListItems(s.db), 0);
  });
});
