import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CASE_ABOUT_BOTH } from '../src/modules/cases/cases-routes';
import { databaseLabel, startServer, type Actor, type TestServer, fieldError, fieldErrorsOf, pagingOf } from './support/harness';
import type { SalesCase } from '@meridian/shared/contract/case';
import type { UserListItem } from '@meridian/shared/contract/user';
import type { ClientListItem, ClientMatch } from '@meridian/shared/contract/client';
import type { LeadListItem, LeadMatch } from '@meridian/shared/contract/lead';
import type { DeletedCount } from '@meridian/shared/contract/deletion';

describe(`cases (${databaseLabel})`, () => {
  let s: TestServer;
  let leader: Actor;
  let officer: Actor;
  let lendingAdmin: Actor;
  let trackingAdmin: Actor;
  let soweto: string;
  const salesCase = (title: string, extra: Record<string, unknown> = {}) => ({
    title,
    description: 'Follow up with the client.',
    priority: 'HIGH',
    ...extra,
  });
  const person = async (table: 'clients' | 'leads', tenant: string, first: string, last: string) =>
    (await s.db.one<{ id: string }>(
      table === 'clients'
        ? `insert into clients (tenant_id, first_name, last_name) values ($1, $2, $3) returning id`
        : `insert into leads (tenant_id, first_name, last_name, contact_number) values ($1, $2, $3, '0825550000') returning id`,
      [tenant, first, last],
    ))!.id;

  before(async () => {
    s = await startServer();
    leader = await s.as('team leader');
    officer = await s.as('loan officer');
    lendingAdmin = await s.as('company administrator');
    trackingAdmin = await s.as('company admin');
    soweto = await s.tenantId('Soweto Team');
  });
  after(() => s.close());

  test('the demo data has three cases of the Soweto Team', async () => {
    const demo = await leader.call<SalesCase[]>('GET', '/api/cases?sortField=title&sortOrder=asc');
    assert.deepEqual(
      demo.body.data.map((c) => [c.title, c.status, c.priority, c.tenantName]),
      [
        ['Client disputes the instalment amount', 'OPEN', 'HIGH', 'Soweto Team'],
        ['Collect the missing ID copy', 'IN_PROGRESS', 'NORMAL', 'Soweto Team'],
        ["Update the client's address", 'RESOLVED', 'LOW', 'Soweto Team'],
      ],
    );
    assert.ok(demo.body.data[2]!.closedAt, 'a resolved case has its closing time');
  });

  test('creates a case owned by the caller by default, reads it, and edits it', async () => {
    const client = await person('clients', soweto, 'Nomvula', 'Khoza');
    const created = await leader.call<SalesCase>('POST', '/api/cases', {
      body: salesCase('Missing payslip', { clientId: client, dueDate: '2025-04-30' }),
    });
    assert.equal(created.status, 201);
    const c = created.body.data;
    assert.deepEqual(
      [c.title, c.status, c.priority, c.ownerUserId, c.ownerName, c.clientName, c.leadId, c.dueDate, c.tenantName, c.createdBy, c.closedAt],
      [
        'Missing payslip',
        'OPEN',
        'HIGH',
        leader.userId,
        'Thabo Khumalo',
        'Nomvula Khoza',
        null,
        '2025-04-30',
        'Soweto Team',
        'Thabo Khumalo',
        null,
      ],
    );
    assert.deepEqual((await leader.call<SalesCase>('GET', `/api/cases/${c.Id}`)).body.data, c);
    const lead = await person('leads', soweto, 'Palesa', 'Moloi');
    const edited = await leader.call<SalesCase>('PUT', `/api/cases/${c.Id}`, {
      body: { title: 'Payslip received?', ownerUserId: officer.userId, leadId: lead, status: 'IN_PROGRESS' },
    });
    assert.equal(edited.status, 200);
    const e = edited.body.data;
    assert.deepEqual(
      [e.title, e.status, e.priority, e.ownerName, e.clientId, e.leadName, e.dueDate, e.description],
      ['Payslip received?', 'IN_PROGRESS', 'NORMAL', 'Lerato Dlamini', null, 'Palesa Moloi', null, null],
    );
  });

  test('closing a case records when; resolving then closing keeps that time; reopening clears it', async () => {
    const c = (await leader.call<SalesCase>('POST', '/api/cases', { body: salesCase('Closing case') })).body.data;
    const resolved = (
      await leader.call<SalesCase>('PUT', `/api/cases/${c.Id}`, { body: salesCase('Closing case', { status: 'RESOLVED' }) })
    ).body.data;
    assert.ok(resolved.closedAt);
    const closed = (await leader.call<SalesCase>('PUT', `/api/cases/${c.Id}`, { body: salesCase('Closing case', { status: 'CLOSED' }) }))
      .body.data;
    assert.equal(closed.closedAt, resolved.closedAt);
    const reopened = (await leader.call<SalesCase>('PUT', `/api/cases/${c.Id}`, { body: salesCase('Closing case', { status: 'OPEN' }) }))
      .body.data;
    assert.equal(reopened.closedAt, null);
    const closedAtOnce = await leader.call<SalesCase>('POST', '/api/cases', { body: salesCase('Born closed', { status: 'CLOSED' }) });
    assert.ok(closedAtOnce.body.data.closedAt);
  });

  test('the owner, client and lead must lie inside the acting subtree', async () => {
    const umhlanga = await s.tenantId('Umhlanga Team');
    const theirClient = await person('clients', umhlanga, 'Sibusiso', 'Ngcobo');
    const theirLead = await person('leads', umhlanga, 'Ayanda', 'Mthembu');
    const errors = async (extra: Record<string, unknown>) => {
      const r = await leader.call<SalesCase>('POST', '/api/cases', { body: salesCase('Reaching case', extra) });
      assert.equal(r.status, 400);
      return fieldErrorsOf(r);
    };
    assert.deepEqual((await errors({ ownerUserId: trackingAdmin.userId })).ownerUserId, [
      'Choose an owner inside the tenant you are acting for.',
    ]);
    assert.deepEqual((await errors({ clientId: theirClient })).clientId, ['Choose a client inside the tenant you are acting for.']);
    assert.deepEqual((await errors({ leadId: theirLead })).leadId, ['Choose a lead inside the tenant you are acting for.']);
    assert.deepEqual(
      (await errors({ ownerUserId: await s.userId('credit-officer') })).ownerUserId,
      ['Choose an owner inside the tenant you are acting for.'],
      'the branch is above the team',
    );
    assert.ok((await errors({ tenantId: umhlanga })).tenantId);
  });

  test('a case is about a client or a lead, not both', async () => {
    const client = await person('clients', soweto, 'Nandi', 'Zwane');
    const lead = await person('leads', soweto, 'Kagiso', 'Molefe');
    const both = await leader.call<SalesCase>('POST', '/api/cases', { body: salesCase('Both case', { clientId: client, leadId: lead }) });
    assert.equal(both.status, 400);
    assert.deepEqual(fieldError(both, 'leadId')!, [CASE_ABOUT_BOTH]);
    const made = await leader.call<SalesCase>('POST', '/api/cases', { body: salesCase('Client case', { clientId: client }) });
    assert.equal(made.status, 201);
    const edited = await leader.call<SalesCase>('PUT', `/api/cases/${made.body.data.Id}`, {
      body: salesCase('Client case', { clientId: client, leadId: lead }),
    });
    assert.equal(edited.status, 400);
    assert.equal((await leader.call<SalesCase>('GET', `/api/cases/${made.body.data.Id}`)).body.data.leadId, null, 'nothing saved');
  });

  test('a user with SALES/CASES alone finds the owners, clients and leads the case form offers', async () => {
    const keeper = await s.actorWith('case-keeper', ['SALES/CASES']);
    const client = await person('clients', keeper.homeTenantId, 'Refilwe', 'Caseclient');
    const lead = await person('leads', keeper.homeTenantId, 'Bongani', 'Caselead');
    const owners = await keeper.call<UserListItem[]>('GET', `/api/users/bytenantid/${keeper.homeTenantId}?size=5`);
    assert.equal(owners.status, 200, JSON.stringify(owners.body));
    assert.ok(owners.body.data.length > 0);
    const clients = await keeper.call<ClientMatch[]>('POST', '/api/clients/search', { body: { name: 'Caseclient' } });
    assert.equal(clients.status, 200, JSON.stringify(clients.body));
    assert.deepEqual(
      clients.body.data.map((c) => c.Id),
      [client],
    );
    const leads = await keeper.call<LeadMatch[]>('POST', '/api/leads/search', { body: { name: 'Caselead' } });
    assert.equal(leads.status, 200, JSON.stringify(leads.body));
    assert.deepEqual(
      leads.body.data.map((l) => l.Id),
      [lead],
    );
    // Finding is not reading: the client and lead lists stay closed to them.
    assert.equal((await keeper.call<ClientListItem[]>('GET', '/api/clients')).status, 403);
    assert.equal((await keeper.call<LeadListItem[]>('GET', '/api/leads')).status, 403);
  });

  test('invalid cases answer 400 with a message per field', async () => {
    const empty = await leader.call<SalesCase>('POST', '/api/cases', { body: {} });
    assert.equal(empty.status, 400);
    assert.deepEqual(fieldError(empty, 'title')!, ['A title is required.']);
    const bad = await leader.call<SalesCase>('POST', '/api/cases', {
      body: { title: 'x'.repeat(201), status: 'DONE', priority: 'CRITICAL', dueDate: '30/04/2025', clientId: 'abc' },
    });
    const fieldErrors = fieldErrorsOf(bad);
    assert.deepEqual(fieldErrors.title, ['A title has at most 200 characters.']);
    assert.deepEqual(fieldErrors.status, ['Choose one of: Open, In progress, Resolved, Closed.']);
    assert.deepEqual(fieldErrors.priority, ['Choose one of: Low, Normal, High, Urgent.']);
    assert.deepEqual(fieldErrors.dueDate, ['Give a date as YYYY-MM-DD.']);
    assert.deepEqual(fieldErrors.clientId, ['This is not a valid reference to a record. Choose one from the list.']);
    assert.equal(
      (await leader.call<SalesCase>('POST', '/api/cases', { body: { title: 'x'.repeat(200) } })).status,
      201,
      '200 characters are allowed',
    );
  });

  test('the list is newest first, paged, searched, filtered by status, priority and owner, and sorts priority by urgency', async () => {
    for (const [title, priority, status, owner] of [
      ['Tau low', 'LOW', 'OPEN', officer],
      ['Tau urgent', 'URGENT', 'OPEN', leader],
      ['Tau normal', 'NORMAL', 'CLOSED', officer],
      ['Tau high', 'HIGH', 'IN_PROGRESS', leader],
    ] as const) {
      await leader.call<SalesCase>('POST', '/api/cases', { body: { title, priority, status, ownerUserId: owner.userId } });
    }
    const newest = await leader.call<SalesCase[]>('GET', '/api/cases?search=tau');
    assert.deepEqual(
      newest.body.data.map((c) => c.title),
      ['Tau high', 'Tau normal', 'Tau urgent', 'Tau low'],
    );
    const page = await leader.call<SalesCase[]>('GET', '/api/cases?search=tau&size=3&page=2');
    assert.deepEqual([page.body.data.map((c) => c.title), pagingOf(page)], [['Tau low'], { pageNumber: 2, pageSize: 3, total: 4 }]);
    const urgency = await leader.call<SalesCase[]>('GET', '/api/cases?search=tau&sortField=priority&sortOrder=desc');
    assert.deepEqual(
      urgency.body.data.map((c) => c.priority),
      ['URGENT', 'HIGH', 'NORMAL', 'LOW'],
    );
    const open = await leader.call<SalesCase[]>('GET', '/api/cases?search=tau&status=OPEN&sortField=title&sortOrder=asc');
    assert.deepEqual(
      open.body.data.map((c) => c.title),
      ['Tau low', 'Tau urgent'],
    );
    const lerato = await leader.call<SalesCase[]>('GET', `/api/cases?search=tau&ownerUserId=${officer.userId}&priority=NORMAL`);
    assert.deepEqual(
      lerato.body.data.map((c) => c.title),
      ['Tau normal'],
    );
    const byOwnerName = await leader.call<SalesCase[]>('GET', '/api/cases?search=dlamini');
    assert.ok(byOwnerName.body.data.some((c) => c.title === 'Tau low'));
    assert.equal((await leader.call<SalesCase[]>('GET', '/api/cases?sortField=description')).status, 400);
    assert.deepEqual(fieldError(await leader.call<SalesCase[]>('GET', '/api/cases?status=DONE'), 'status')!, [
      'status is one of OPEN, IN_PROGRESS, RESOLVED, CLOSED.',
    ]);
  });

  test('deleting several cases is soft, and refused whole when one lies outside the subtree', async () => {
    const mine = (await leader.call<SalesCase>('POST', '/api/cases', { body: salesCase('Delete case') })).body.data.Id;
    const theirs = (await trackingAdmin.call<SalesCase>('POST', '/api/cases', { body: salesCase('Durban case') })).body.data.Id;
    assert.equal((await leader.call<DeletedCount>('POST', '/api/cases/delete', { body: { ids: [mine, theirs] } })).status, 404);
    assert.equal((await leader.call<SalesCase>('GET', `/api/cases/${mine}`)).status, 200, 'nothing was deleted');
    assert.deepEqual((await leader.call<DeletedCount>('POST', '/api/cases/delete', { body: { ids: [mine] } })).body.data, { deleted: 1 });
    assert.equal((await leader.call<SalesCase>('GET', `/api/cases/${mine}`)).status, 404);
    assert.equal(
      (await s.db.one<{ deleted: boolean }>(`select deleted_at is not null as deleted from sales_cases where id = $1`, [mine]))!.deleted,
      true,
    );
    assert.deepEqual(fieldError(await leader.call<DeletedCount>('POST', '/api/cases/delete', { body: { ids: [] } }), 'ids')!, [
      'Choose at least one case.',
    ]);
  });

  test('a role without SALES/CASES is refused with 403 on every case route', async () => {
    const some = (await leader.call<SalesCase>('POST', '/api/cases', { body: salesCase('Refusal case') })).body.data.Id;
    const notRefused: string[] = [];
    for (const [method, url, body] of [
      ['GET', '/api/cases'],
      ['GET', `/api/cases/${some}`],
      ['POST', '/api/cases', salesCase('Officer case')],
      ['PUT', `/api/cases/${some}`, salesCase('Officer edit')],
      ['POST', '/api/cases/delete', { ids: [some] }],
    ] as [string, string, unknown?][]) {
      const r = await officer.call(method, url, body === undefined ? {} : { body });
      if (r.status !== 403 || r.body.result.code !== 'FORBIDDEN') notRefused.push(`${method} ${url} -> ${r.status}`);
    }
    assert.deepEqual(notRefused, []);
  });

  test('a case of Meridian Lending is 404 for a Meridian Tracking administrator and never listed', async () => {
    const ours = (await lendingAdmin.call<SalesCase>('POST', '/api/cases', { body: salesCase('Private case') })).body.data.Id;
    const leaks: string[] = [];
    for (const [method, url, body] of [
      ['GET', `/api/cases/${ours}`],
      ['PUT', `/api/cases/${ours}`, salesCase('Taken over')],
      ['POST', '/api/cases/delete', { ids: [ours] }],
    ] as [string, string, unknown?][]) {
      const r = await trackingAdmin.call(method, url, body === undefined ? {} : { body });
      if (r.status !== 404) leaks.push(`${method} ${url} -> ${r.status}`);
    }
    assert.deepEqual(leaks, []);
    assert.equal(pagingOf(await trackingAdmin.call<SalesCase[]>('GET', '/api/cases?search=private')).total, 0);
    assert.equal(pagingOf(await trackingAdmin.call<SalesCase[]>('GET', '/api/cases?search=instalment')).total, 0);
    assert.equal(
      (await lendingAdmin.call<SalesCase>('GET', `/api/cases/${ours}`)).body.data.title,
      'Private case',
      'nothing outside was changed',
    );
  });
});
