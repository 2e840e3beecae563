import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES } from '@meridian/shared/messages';
import type {
  SubTenantCounts,
  Tenant,
  TenantBank,
  TenantCurrency,
  TenantListItem,
  TenantLocation,
  TenantTree,
  TenantTypeEntry,
  TenantWithBanks,
  UserTenant,
} from '@meridian/shared/contract/tenant';
import type { User } from '@meridian/shared/contract/user';
import type { Role } from '@meridian/shared/contract/role';
import { databaseLabel, startServer, type Actor, type TestServer, fieldError, pagingOf } from './support/harness';

describe(`tenants (${databaseLabel})`, () => {
  let s: TestServer;
  let global: Actor;
  let lendingAdmin: Actor;
  let group: string;
  let lending: string;
  let jhb: string;
  let soweto: string;
  before(async () => {
    s = await startServer();
    global = await s.as('global administrator');
    lendingAdmin = await s.as('company administrator');
    group = await s.tenantId('Meridian Group');
    lending = await s.tenantId('Meridian Lending');
    jhb = await s.tenantId('Johannesburg Branch');
    soweto = await s.tenantId('Soweto Team');
  });
  after(() => s.close());

  test('tenant types are the four of the spec', async () => {
    const r = await lendingAdmin.call<TenantTypeEntry[]>('GET', '/api/tenants/tenanttypes');
    assert.deepEqual(r.body.data, [
      { Id: 1, name: 'Group' },
      { Id: 2, name: 'Company' },
      { Id: 3, name: 'Branch' },
      { Id: 4, name: 'Team' },
    ]);
  });

  test('descendants come as a flat list and an arranged tree', async () => {
    const r = await global.call<TenantTree>('GET', '/api/tenants/descendantsByUserId');
    assert.equal(r.body.data.tenants.length, 10);
    const root = r.body.data.tenantsArranged[0]!;
    assert.equal(root.name, 'Meridian Group');
    assert.deepEqual(root.children.map((c) => c.name).sort(), ['Meridian Lending', 'Meridian Tracking']);
    const lendingTree = await lendingAdmin.call<TenantTree>('GET', '/api/tenants/descendantsByUserId');
    assert.deepEqual(lendingTree.body.data.tenants.map((t) => t.name).sort(), [
      'Bellville Team',
      'Cape Town Branch',
      'Johannesburg Branch',
      'Meridian Lending',
      'Sandton Team',
      'Soweto Team',
    ]);
  });

  test('descendants by the x-tenant-id tenant and by a specific tenant id', async () => {
    const byHeader = await global.call<TenantTree>('GET', '/api/tenants/descendantsByTenantId/', { tenant: jhb });
    assert.deepEqual(byHeader.body.data.tenants.map((t) => t.name).sort(), ['Johannesburg Branch', 'Sandton Team', 'Soweto Team']);
    const specific = await lendingAdmin.call<TenantTree>('GET', `/api/tenants/descendants-by-specific-tenantid/?tenantId=${jhb}`);
    assert.equal(specific.body.data.tenants.length, 3);
    assert.equal(
      (await lendingAdmin.call<TenantTree>('GET', `/api/tenants/descendants-by-specific-tenantid/?tenantId=${group}`)).status,
      404,
    );
  });

  test('user tenants, company, currency (inherited) and banks (from the company)', async () => {
    const officer = await s.as('loan officer');
    assert.deepEqual(
      (await officer.call<UserTenant[]>('GET', `/api/tenants/usertenants/${officer.userId}`)).body.data.map((t) => t.name),
      ['Soweto Team'],
    );
    assert.equal((await officer.call<Tenant>('GET', `/api/tenants/tenantCompany/${soweto}`)).body.data.name, 'Meridian Lending');
    assert.deepEqual((await officer.call<TenantCurrency>('GET', `/api/tenants/tenantCurrency/${soweto}`)).body.data, {
      currencyCode: 'ZAR',
      currencySymbol: 'R',
    });
    const banks = (await officer.call<TenantBank[]>('GET', `/api/tenants/tenant-banks/${soweto}`)).body.data;
    assert.deepEqual(
      banks.map((b) => b.name),
      ['Absa', 'Capitec', 'Standard Bank'],
    );
    assert.equal((await officer.call<Tenant>('GET', `/api/tenants/tenantCompany/${group}`)).status, 404, 'the group is above the officer');
  });

  test('count-sub-tenants counts the subtree below the acting tenant by type', async () => {
    const r = await lendingAdmin.call<SubTenantCounts>('GET', '/api/tenants/count-sub-tenants');
    assert.deepEqual(r.body.data, { count: 5, byType: { 1: 0, 2: 0, 3: 2, 4: 3 } });
  });

  test("location of a user is their tenant's, with lat/lng inherited from the parent when empty", async () => {
    const own = await lendingAdmin.call<TenantLocation>('GET', `/api/tenants/location/${await s.userId('loan-officer')}`);
    assert.deepEqual(own.body.data, { location: 'Soweto', lat: -26.2485, lng: 27.854 });
    const sandtonUser = (
      await lendingAdmin.call<User>('POST', '/api/users', {
        body: {
          firstName: 'San',
          lastName: 'Ton',
          userName: 'san-ton',
          emailAddress: 'san@demo.meridian.test',
          roleIds: [(await lendingAdmin.call<Role[]>('GET', '/api/roles?search=loan%20officer')).body.data[0]!.Id],
          tenantIds: [await s.tenantId('Sandton Team')],
        },
      })
    ).body.data;
    const inherited = await lendingAdmin.call<TenantLocation>('GET', `/api/tenants/location/${sandtonUser.Id}`);
    assert.deepEqual(inherited.body.data, { location: 'Sandton, Johannesburg', lat: -26.1076, lng: 28.0567 });
  });

  test('the paged list is scoped, sorted by parentId descending by default, and searchable', async () => {
    const r = await lendingAdmin.call<TenantListItem[]>('GET', '/api/tenants');
    assert.equal(pagingOf(r).total, 6);
    const found = await lendingAdmin.call<TenantListItem[]>('GET', '/api/tenants?search=soweto');
    assert.deepEqual(
      found.body.data.map((t) => t.name),
      ['Soweto Team'],
    );
    assert.equal((await lendingAdmin.call<TenantWithBanks>('GET', `/api/tenants/${jhb}`)).body.data.name, 'Johannesburg Branch');
  });

  test('creates a branch under a company and a team under it; type rules are enforced', async () => {
    const branch = await lendingAdmin.call<Tenant>('POST', '/api/tenants/', {
      body: { name: 'Pretoria Branch', parentId: lending, type: 3, shortCode: 'ML-PTA', lat: -25.7479, lng: 28.2293, currencyCode: 'ZAR' },
    });
    assert.equal(branch.status, 201);
    const team = await lendingAdmin.call<Tenant>('POST', '/api/tenants/', {
      body: { name: 'Hatfield Team', parentId: branch.body.data.Id, type: 4, locationRequired: true },
    });
    assert.equal(team.status, 201);
    const badType = await lendingAdmin.call<Tenant>('POST', '/api/tenants/', {
      body: { name: 'Upside Down', parentId: team.body.data.Id, type: 3 },
    });
    assert.equal(badType.status, 400);
    assert.ok(fieldError(badType, 'type')!);
    assert.equal((await lendingAdmin.call<Tenant>('POST', '/api/tenants/', { body: { name: 'Orphan Branch', type: 3 } })).status, 400);
    assert.equal(
      (await lendingAdmin.call<Tenant>('POST', '/api/tenants/', { body: { name: 'Rogue Company', type: 2 } })).status,
      403,
      'top level is for global administrators',
    );
    const company = await global.call<Tenant>('POST', '/api/tenants/', { body: { name: 'Standalone Co', type: 2 } });
    assert.equal(company.status, 201);
    assert.equal(company.body.data.parentId, null);
    const tree = await lendingAdmin.call<TenantTree>('GET', '/api/tenants/descendantsByUserId');
    assert.ok(tree.body.data.tenants.some((t) => t.name === 'Hatfield Team'));
  });

  test('edits a tenant and moves it with its subtree; it cannot move under itself', async () => {
    const branch = (
      await lendingAdmin.call<Tenant>('POST', '/api/tenants/', { body: { name: 'Mover Branch', parentId: lending, type: 3 } })
    ).body.data;
    const team = (await lendingAdmin.call<Tenant>('POST', '/api/tenants/', { body: { name: 'Mover Team', parentId: branch.Id, type: 4 } }))
      .body.data;
    const renamed = await lendingAdmin.call<Tenant>('PUT', `/api/tenants/${branch.Id}`, {
      body: { name: 'Moved Branch', location: 'Polokwane' },
    });
    assert.equal(renamed.body.data.name, 'Moved Branch');
    assert.equal((await lendingAdmin.call<Tenant>('PUT', `/api/tenants/${branch.Id}`, { body: { parentId: team.Id } })).status, 400);
    const moved = await global.call<Tenant>('PUT', `/api/tenants/${branch.Id}`, {
      body: { parentId: await s.tenantId('Meridian Tracking') },
    });
    assert.equal(moved.status, 200);
    const trackingTree = await global.call<TenantTree>('GET', '/api/tenants/descendantsByTenantId', {
      tenant: await s.tenantId('Meridian Tracking'),
    });
    assert.ok(
      trackingTree.body.data.tenants.some((t) => t.name === 'Mover Team'),
      'the subtree moved along',
    );
    assert.equal((await lendingAdmin.call<TenantWithBanks>('GET', `/api/tenants/${team.Id}`)).status, 404, 'now outside Lending');
  });

  test('delete is refused while a tenant has children or users, then allowed', async () => {
    const withChildren = await lendingAdmin.call('POST', '/api/tenants/delete', { body: { id: jhb } });
    assert.equal(withChildren.status, 409);
    assert.match(withChildren.body.result.message, new RegExp(MESSAGES.tenantHasChildren.replace(/\./g, '\\.')));
    const withUsers = await lendingAdmin.call('POST', '/api/tenants/delete', { body: { id: soweto } });
    assert.equal(withUsers.status, 409);
    assert.match(withUsers.body.result.message, /users/);
    const empty = (await lendingAdmin.call<Tenant>('POST', '/api/tenants/', { body: { name: 'Empty Branch', parentId: lending, type: 3 } }))
      .body.data;
    assert.equal((await lendingAdmin.call('POST', '/api/tenants/delete', { body: { id: empty.Id } })).status, 200);
    assert.equal((await lendingAdmin.call<TenantWithBanks>('GET', `/api/tenants/${empty.Id}`)).status, 404);
  });
});
