import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { allPermissionHierarchies, PERMISSIONS } from '@meridian/shared/contract/permissions';
import { ROLE_GROUPS, ROLE_NAMES } from '@meridian/shared/contract/roles';
import type { HeldPermission, Permission, Role } from '@meridian/shared/contract/role';
import type { User } from '@meridian/shared/contract/user';
import type { TenantListItem } from '@meridian/shared/contract/tenant';
import { databaseLabel, startServer, type Actor, type TestServer, fieldError } from './support/harness';

describe(`roles and permissions (${databaseLabel})`, () => {
  let s: TestServer;
  let global: Actor;
  let companyAdmin: Actor;
  let perm: (h: string) => string;
  before(async () => {
    s = await startServer();
    global = await s.as('global administrator');
    companyAdmin = await s.as('company administrator');
    const all = (await global.call<Permission[]>('GET', '/api/permissions')).body.data;
    perm = (h) => all.find((p) => p.hierarchy === h)!.Id;
  });
  after(() => s.close());

  test('the permission list holds every hierarchy of the spec, with CREATE and EDIT variants', async () => {
    const hierarchies = (await global.call<Permission[]>('GET', '/api/permissions')).body.data.map((p) => p.hierarchy);
    for (const h of PERMISSIONS) assert.ok(hierarchies.includes(h), h);
    for (const h of ['CLIENTS/CREATE', 'SALES/LEADS/EDIT', 'Complaints/CREATE']) assert.ok(hierarchies.includes(h), h);
    assert.equal(hierarchies.length, allPermissionHierarchies().length);
    const one = await global.call<Permission>('GET', `/api/permissions/${perm('ADMIN/USERS')}`);
    assert.equal(one.body.data.hierarchy, 'ADMIN/USERS');
  });

  test('the fourteen system roles exist, and the role groups are served', async () => {
    const roles = (await global.call<Role[]>('GET', '/api/roles?size=100')).body.data;
    for (const name of ROLE_NAMES)
      assert.ok(
        roles.some((r) => r.name.toLowerCase() === name && r.systemRole),
        name,
      );
    assert.deepEqual((await global.call('GET', '/api/roles/groups')).body.data, JSON.parse(JSON.stringify(ROLE_GROUPS)));
  });

  test('roles per user, and permissions per user split into direct and via role', async () => {
    const officer = await s.as('loan officer');
    const mine = await officer.call<Role[]>('GET', `/api/roles/users/${officer.userId}`);
    assert.deepEqual(
      mine.body.data.map((r) => r.name),
      ['Loan Officer'],
    );
    const perms = (await officer.call<HeldPermission[]>('GET', `/api/permissions/byUserId/${officer.userId}`)).body.data;
    assert.ok(perms.some((p) => p.hierarchy === 'SALES/AGENTS/MYWORK' && p.viaRole && !p.direct));
  });

  test('create, read, edit and delete a role; its permissions decide what its holders may do', async () => {
    const created = await companyAdmin.call<Role>('POST', '/api/roles', {
      body: { name: 'User Auditor', description: 'Reads users', permissionIds: [perm('ADMIN/USERS')] },
    });
    assert.equal(created.status, 201);
    const role = created.body.data;
    assert.equal(role.systemRole, false);
    assert.equal(role.tenantId, companyAdmin.homeTenantId, 'a non-global administrator creates roles for their tenant');
    assert.deepEqual(
      role.permissions.map((p) => p.hierarchy),
      ['ADMIN/USERS'],
    );
    assert.equal((await companyAdmin.call<Role>('GET', `/api/roles/${role.Id}`)).body.data.name, 'User Auditor');
    const edited = await companyAdmin.call<Role>('PUT', `/api/roles/${role.Id}`, {
      body: { name: 'User Auditor', permissionIds: [perm('ADMIN/USERS'), perm('ADMIN/ROLES')] },
    });
    assert.equal(edited.body.data.permissions.length, 2);
    assert.equal(
      (await companyAdmin.call<Role>('POST', '/api/roles', { body: { name: ' user auditor ', permissionIds: [] } })).status,
      409,
    );
    assert.equal((await companyAdmin.call('DELETE', `/api/roles/${role.Id}`)).status, 200);
    assert.equal((await companyAdmin.call<Role>('GET', `/api/roles/${role.Id}`)).status, 404);
  });

  test('a role in use cannot be deleted, and the refusal names who holds it', async () => {
    const role = (await companyAdmin.call<Role>('POST', '/api/roles', { body: { name: 'Field Helper', permissionIds: [perm('SALES')] } }))
      .body.data;
    await companyAdmin.call<User>('POST', '/api/users', {
      body: {
        firstName: 'Holder',
        lastName: 'One',
        userName: 'holder-one',
        emailAddress: 'holder-one@demo.meridian.test',
        roleIds: [role.Id],
        tenantIds: [companyAdmin.homeTenantId],
      },
    });
    const r = await companyAdmin.call('DELETE', `/api/roles/${role.Id}`);
    assert.equal(r.status, 409);
    assert.match(r.body.result.message, /holder-one/);
  });

  test('only a global administrator changes system roles', async () => {
    const officerRole = (await companyAdmin.call<Role[]>('GET', '/api/roles?search=loan%20officer')).body.data[0]!;
    assert.equal(
      (await companyAdmin.call<Role>('PUT', `/api/roles/${officerRole.Id}`, { body: { name: 'Loan Officer', permissionIds: [] } })).status,
      403,
    );
    assert.equal((await companyAdmin.call('DELETE', `/api/roles/${officerRole.Id}`)).status, 403);
    const keep = officerRole.permissions.map((p) => p.Id);
    assert.equal(
      (await global.call<Role>('PUT', `/api/roles/${officerRole.Id}`, { body: { name: 'Loan Officer', permissionIds: keep } })).status,
      200,
    );
  });

  test('nobody but a global administrator grants a permission they do not hold', async () => {
    const manager = await s.as('branch manager');
    await global.call<Role>(
      'PUT',
      `/api/roles/${(await global.call<Role[]>('GET', '/api/roles?search=branch%20manager')).body.data[0]!.Id}`,
      {
        body: {
          name: 'Branch Manager',
          permissionIds: [
            ...(await manager.call<HeldPermission[]>('GET', `/api/permissions/byUserId/${manager.userId}`)).body.data.map((p) => p.Id),
            perm('ADMIN/ROLES'),
          ],
        },
      },
    );
    const r = await manager.call<Role>('POST', '/api/roles', { body: { name: 'Sneaky', permissionIds: [perm('ADMIN/API')] } });
    assert.equal(r.status, 400);
    assert.match(fieldError(r, 'permissionIds')?.[0] ?? '', /ADMIN\/API/);
  });

  test("a user's own permission counts like a role permission, matched case-insensitively", async () => {
    const officer = await s.as('credit officer');
    assert.equal((await officer.call<Role[]>('GET', '/api/roles')).status, 403);
    await s.db.query(`insert into user_permissions (user_id, permission_id) values ($1, $2)`, [officer.userId, perm('ADMIN/ROLES')]);
    // Raw SQL bypasses the API, so it must drop the principal cache itself.
    s.built.ctx.principals.invalidate();
    assert.equal((await officer.call<Role[]>('GET', '/api/roles')).status, 200);
    await s.db.query(`update permissions set hierarchy = 'admin/roles' where id = $1`, [perm('ADMIN/ROLES')]);
    s.built.ctx.principals.invalidate();
    assert.equal((await officer.call<Role[]>('GET', '/api/roles')).status, 200, 'hierarchies match whatever their case');
    await s.db.query(`update permissions set hierarchy = 'ADMIN/ROLES' where id = $1`, [perm('ADMIN/ROLES')]);
  });

  test("editing a role's permissions takes effect for its holders at once, however recently they were seen", async () => {
    const role = (
      await global.call<Role>('POST', '/api/roles', { body: { name: 'Tenant Reader', permissionIds: [perm('ADMIN/TENANTS')] } })
    ).body.data;
    const holder = (
      await global.call<User>('POST', '/api/users', {
        body: {
          firstName: 'Tina',
          lastName: 'Reader',
          userName: 'tina-reader',
          emailAddress: 'tina@demo.meridian.test',
          roleIds: [role.Id],
          tenantIds: [global.homeTenantId],
          password: 'Tina-Password-1',
        },
      })
    ).body.data;
    const tina = await s.login(holder.emailAddress, 'Tina-Password-1');
    const list = () => s.call<TenantListItem[]>('GET', '/api/tenants', { token: tina.token, tenant: global.homeTenantId });
    assert.equal((await list()).status, 200);
    await global.call<Role>('PUT', `/api/roles/${role.Id}`, { body: { name: 'Tenant Reader', permissionIds: [] } });
    assert.equal((await list()).status, 403);
    await global.call<User>('PUT', `/api/users/${holder.Id}`, { body: { permissionIds: [perm('ADMIN/TENANTS')] } });
    assert.equal((await list()).status, 200, 'a direct grant too');
  });

  test('a tenant-owned role is invisible outside its subtree', async () => {
    const trackingAdmin = await s.as('company admin');
    const own = (await trackingAdmin.call<Role>('POST', '/api/roles', { body: { name: 'Tracking Dispatcher', permissionIds: [] } })).body
      .data;
    assert.equal((await companyAdmin.call<Role>('GET', `/api/roles/${own.Id}`)).status, 404);
    assert.ok(!(await companyAdmin.call<Role[]>('GET', '/api/roles?size=100')).body.data.some((r) => r.Id === own.Id));
    assert.equal((await global.call<Role>('GET', `/api/roles/${own.Id}`)).status, 200, 'the group above sees it');
  });
});
