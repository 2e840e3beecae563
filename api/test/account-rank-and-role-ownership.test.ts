import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { databaseLabel, startServer, type Actor, type TestServer, fieldError } from './support/harness';
import type { AuthSession } from '@meridian/shared/contract/auth';
import type { TemporaryPassword, User, UserExistAnswer } from '@meridian/shared/contract/user';
import type { Permission, Role } from '@meridian/shared/contract/role';
import type { Lead, LeadListItem } from '@meridian/shared/contract/lead';
import type { Notification } from '@meridian/shared/contract/notification';
import type { ApiUser, ApiUserCreated } from '@meridian/shared/contract/api-user';

/**
 * Nobody acts on an account or a role that outranks them, roles are changed only from the tenant
 * that owns them, users get only roles their administrator can see, a temporary password opens
 * nothing but the password change, and the small oracles and channels of the security probe are shut.
 */
describe(`account rank and role ownership (${databaseLabel})`, () => {
  let s: TestServer;
  let global: Actor;
  let administrator: Actor;
  let companyAdmin: Actor;
  let siblingAdmin: Actor;
  let branchManager: Actor;
  let jhb: string;
  let lending: string;
  let roleId: (name: string) => Promise<string>;
  let loanOfficerRole: string;

  before(async () => {
    s = await startServer();
    [global, administrator, companyAdmin, siblingAdmin, branchManager] = await Promise.all([
      s.as('global administrator'),
      s.as('administrator'),
      s.as('company administrator'),
      s.as('company admin'),
      s.as('branch manager'),
    ]);
    jhb = await s.tenantId('Johannesburg Branch');
    lending = await s.tenantId('Meridian Lending');
    roleId = async (name) => (await s.db.one<{ id: string }>(`select id from roles where lower(name) = lower($1)`, [name]))!.id;
    loanOfficerRole = await roleId('loan officer');
  });
  after(() => s.close());

  /** Every call that changes an account or reveals its secret, aimed at `target`. */
  const accountChanges = (target: string): [string, string, unknown?][] => [
    ['GET', `/api/users/get-temp-password/${target}`],
    ['PUT', `/api/users/change-password/${target}`, { password: 'Taken-Over-Pass-1' }],
    ['PUT', `/api/users/change-password-and-expire/${target}`, { password: 'Taken-Over-Pass-1' }],
    ['PUT', `/api/users/${target}`, { emailAddress: `taken-${randomUUID().slice(0, 8)}@attacker.test` }],
    ['PUT', `/api/users/${target}`, { roleIds: [loanOfficerRole] }],
    ['DELETE', '/api/users/delete', { userIds: [target] }],
    ['POST', '/api/users/undelete', { data: { userIds: [target] } }],
  ];

  async function refusedEverywhere(actor: Actor, target: string, tenant = actor.homeTenantId) {
    const answered: string[] = [];
    for (const [method, url, body] of accountChanges(target)) {
      const r = await actor.call(method, url, { tenant, ...(body === undefined ? {} : { body }) });
      if (r.status !== 403) answered.push(`${method} ${url} ${JSON.stringify(body ?? '')} -> ${r.status}`);
    }
    return answered;
  }

  test('an administrator who is not global cannot reset, change, delete, demote or impersonate a global administrator', async () => {
    assert.deepEqual(await refusedEverywhere(administrator, global.userId), []);
    const impersonation = await administrator.call<AuthSession>('POST', '/api/auth/impersonate', {
      body: { userName: 'global-administrator' },
    });
    assert.equal(impersonation.status, 403);
    // The target is untouched: the demo password still signs in.
    await s.login('global-administrator@demo.meridian.test');
  });

  test('a branch manager cannot act on a company administrator in their own branch, but can on a loan officer', async () => {
    const created = await companyAdmin.call<User>('POST', '/api/users', {
      tenant: lending,
      body: {
        firstName: 'Branch',
        lastName: 'Boss',
        userName: 'branch-company-admin',
        emailAddress: 'branch-company-admin@demo.meridian.test',
        roleIds: [await roleId('company administrator')],
        tenantIds: [jhb],
        password: 'Branch-Boss-Pass-1',
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const higher = created.body.data.Id;
    assert.deepEqual(await refusedEverywhere(branchManager, higher, jhb), []);
    assert.equal(created.body.data.userName, 'branch-company-admin');

    const officer = await s.userId('credit-officer');
    const reset = await branchManager.call<TemporaryPassword>('GET', `/api/users/get-temp-password/${officer}`, { tenant: jhb });
    assert.equal(reset.status, 200, JSON.stringify(reset.body));
    assert.equal(typeof reset.body.data.temporaryPassword, 'string');
  });

  test('a company administrator reads a role of the group above read-only and cannot change or delete it', async () => {
    const made = await administrator.call<Role>('POST', '/api/roles', { body: { name: 'Group Auditor', permissionIds: [] } });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const groupRole = made.body.data;
    assert.equal(groupRole.editable, true, 'its owner may change it');

    const seen = await companyAdmin.call<Role>('GET', `/api/roles/${groupRole.Id}`);
    assert.equal(seen.status, 200);
    assert.equal(seen.body.data.editable, false);
    const listed = (await companyAdmin.call<Role[]>('GET', '/api/roles?search=group%20auditor')).body.data;
    assert.deepEqual(
      listed.map((r) => [r.name, r.editable]),
      [['Group Auditor', false]],
    );

    const permissions = (await global.call<Permission[]>('GET', '/api/permissions')).body.data;
    const salesId = permissions.find((p) => p.hierarchy === 'SALES')!.Id;
    for (const actor of [companyAdmin, siblingAdmin]) {
      const edit = await actor.call<Role>('PUT', `/api/roles/${groupRole.Id}`, {
        body: { name: 'Group Auditor', permissionIds: [salesId] },
      });
      assert.equal(edit.status, 403, JSON.stringify(edit.body));
      const removal = await actor.call('DELETE', `/api/roles/${groupRole.Id}`);
      assert.equal(removal.status, 403);
    }
    const unchanged = await administrator.call<Role>('GET', `/api/roles/${groupRole.Id}`);
    assert.deepEqual(unchanged.body.data.permissions, []);
    const byOwner = await administrator.call<Role>('PUT', `/api/roles/${groupRole.Id}`, {
      body: { name: 'Group Auditor', permissionIds: [salesId] },
    });
    assert.equal(byOwner.status, 200, JSON.stringify(byOwner.body));
  });

  test("a role of another company is refused on a user's create and update, like a role that does not exist", async () => {
    const foreign = await siblingAdmin.call<Role>('POST', '/api/roles', { body: { name: 'Tracking Dispatcher', permissionIds: [] } });
    assert.equal(foreign.status, 201, JSON.stringify(foreign.body));
    const create = await companyAdmin.call<User>('POST', '/api/users', {
      body: {
        firstName: 'Role',
        lastName: 'Thief',
        userName: 'role-thief',
        emailAddress: 'role-thief@demo.meridian.test',
        roleIds: [foreign.body.data.Id],
        tenantIds: [lending],
        password: 'Role-Thief-Pass-1',
      },
    });
    assert.equal(create.status, 400, JSON.stringify(create.body));
    assert.ok(fieldError(create, 'roleIds')!);
    const officer = await s.userId('loan-officer');
    const update = await companyAdmin.call<User>('PUT', `/api/users/${officer}`, { body: { roleIds: [foreign.body.data.Id] } });
    assert.equal(update.status, 400, JSON.stringify(update.body));
    assert.ok(fieldError(update, 'roleIds')!);
  });

  test('role names are unique along a lineage, not across companies', async () => {
    const theirs = await siblingAdmin.call<Role>('POST', '/api/roles', { body: { name: 'Field Auditor', permissionIds: [] } });
    assert.equal(theirs.status, 201);
    const ours = await companyAdmin.call<Role>('POST', '/api/roles', { body: { name: 'Field Auditor', permissionIds: [] } });
    assert.equal(ours.status, 201, 'another company holding the name tells this one nothing');
    const again = await companyAdmin.call<Role>('POST', '/api/roles', { body: { name: 'field auditor ', permissionIds: [] } });
    assert.equal(again.status, 409);
    const systemName = await companyAdmin.call<Role>('POST', '/api/roles', { body: { name: 'Global Administrator', permissionIds: [] } });
    assert.equal(systemName.status, 409, 'a system role is seen everywhere, so its name is never reused');
  });

  test('a session signed in with a temporary password can only change it, read its profile and sign out; the change ends the other sessions', async () => {
    const officerId = await s.userId('loan-officer');
    const temporary = await companyAdmin.call<TemporaryPassword>('GET', `/api/users/get-temp-password/${officerId}`);
    assert.equal(temporary.status, 200);
    const session = await s.login('loan-officer@demo.meridian.test', temporary.body.data.temporaryPassword);
    const other = await s.login('loan-officer@demo.meridian.test', temporary.body.data.temporaryPassword);
    const as = (method: string, url: string, body?: unknown) =>
      s.call(method, url, { token: session.token, tenant: session.user.tenantId, ...(body === undefined ? {} : { body }) });

    for (const [method, url] of [
      ['GET', '/api/agent/action/latest'],
      ['GET', '/api/leads'],
      ['GET', '/api/notification/unreadnotifications'],
    ] as const) {
      const refused = await as(method, url);
      assert.equal(refused.status, 403, `${method} ${url}`);
      assert.equal(refused.body.result.code, 'PASSWORD_CHANGE_REQUIRED');
    }
    assert.equal((await as('GET', `/api/users/me/${officerId}`)).status, 200);
    const changed = await as('PUT', `/api/users/change-password/${officerId}`, {
      currentPassword: temporary.body.data.temporaryPassword,
      password: 'Chosen-By-Me-1',
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal((await as('GET', '/api/leads')).status, 200, 'the same session goes on once the password is changed');
    const elsewhere = await s.call<LeadListItem[]>('GET', '/api/leads', { token: other.token, tenant: other.user.tenantId });
    assert.equal(elsewhere.status, 401, 'every other session of the user ended with the change');
    assert.equal((await as('GET', '/api/auth/logout')).status, 200);
  });

  test('only a user who sends communications may put a notification in a colleague’s bell; anyone may notify themselves', async () => {
    const leader = await s.as('team leader');
    const colleague = await s.userId('branch-manager');
    const call = (userId: string) =>
      leader.call<Notification>('POST', '/api/notification/insertnotification', {
        body: { notification: { userId, itemType: 'note', message: 'Your account is locked, sign in at evil.test' } },
      });
    assert.equal((await call(colleague)).status, 403);
    assert.equal((await call(leader.userId)).status, 201);
    const manager = await branchManager.call<Notification>('POST', '/api/notification/insertnotification', {
      body: { notification: { userId: await s.userId('credit-officer'), itemType: 'note', message: 'Visit the Mokoena household' } },
    });
    assert.equal(manager.status, 201);
  });

  test('an idempotency key replays only for the same person acting for the same tenant', async () => {
    const key = `k-${randomUUID()}`;
    const body = { notification: { itemType: 'note', message: 'kept once per tenant' } };
    const first = await companyAdmin.call<Notification>('POST', '/api/notification/insertnotification', {
      body,
      headers: { 'idempotency-key': key },
    });
    const repeat = await companyAdmin.call<Notification>('POST', '/api/notification/insertnotification', {
      body,
      headers: { 'idempotency-key': key },
    });
    const otherTenant = await companyAdmin.call<Notification>('POST', '/api/notification/insertnotification', {
      body,
      tenant: jhb,
      headers: { 'idempotency-key': key },
    });
    assert.equal(first.status, 201);
    assert.equal(repeat.body.data.Id, first.body.data.Id);
    assert.equal(otherTenant.status, 201);
    assert.notEqual(otherTenant.body.data.Id, first.body.data.Id);
  });

  test("another company's mobile numbers are neither refused nor revealed; e-mail and user name, which sign in, stay unique everywhere", async () => {
    const trackingUser = await s.db.one<{ mobile: string; email_address: string }>(
      `select mobile, email_address from users where user_name = 'company-admin'`,
    );
    const lendingUser = await s.db.one<{ mobile: string }>(`select mobile from users where user_name = 'loan-officer'`);
    const probe = await companyAdmin.call<UserExistAnswer>('POST', '/api/users/exist', { body: { mobile: trackingUser!.mobile } });
    assert.deepEqual(probe.body.data, { emailAddress: false, userName: false, mobile: false, exists: false });
    const own = await companyAdmin.call<UserExistAnswer>('POST', '/api/users/exist', { body: { mobile: lendingUser!.mobile } });
    assert.equal(own.body.data.mobile, true, 'a number of the same company is in use');
    const created = await companyAdmin.call<User>('POST', '/api/users', {
      body: {
        firstName: 'Same',
        lastName: 'Number',
        userName: 'same-number',
        emailAddress: 'same-number@demo.meridian.test',
        mobile: trackingUser!.mobile,
        roleIds: [loanOfficerRole],
        tenantIds: [lending],
        password: 'Same-Number-Pass-1',
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const email = await companyAdmin.call<UserExistAnswer>('POST', '/api/users/exist', {
      body: { emailAddress: trackingUser!.email_address },
    });
    assert.equal(email.body.data.emailAddress, true);
  });

  test('an API key holding permissions the caller lacks cannot be revoked or deleted by them', async () => {
    const permissions = (await global.call<Permission[]>('GET', '/api/permissions')).body.data;
    const idOf = (h: string) => permissions.find((p) => p.hierarchy === h)!.Id;
    const key = await companyAdmin.call<ApiUserCreated>('POST', '/api/api-users', {
      body: { name: 'Ledger sync', permissionIds: [idOf('ADMIN/USERS'), idOf('ADMIN/API')] },
    });
    assert.equal(key.status, 201, JSON.stringify(key.body));
    const keyAdmin = await s.actorWith('key-admin', ['ADMIN/API']);
    assert.equal((await keyAdmin.call<ApiUser>('POST', `/api/api-users/${key.body.data.Id}/revoke`)).status, 403);
    assert.equal((await keyAdmin.call('DELETE', `/api/api-users/${key.body.data.Id}`)).status, 403);
    const own = await keyAdmin.call<ApiUserCreated>('POST', '/api/api-users', {
      body: { name: 'Own key', permissionIds: [idOf('ADMIN/API')] },
    });
    assert.equal((await keyAdmin.call<ApiUser>('POST', `/api/api-users/${own.body.data.Id}/revoke`)).status, 200);
    assert.equal((await companyAdmin.call('DELETE', `/api/api-users/${key.body.data.Id}`)).status, 200);
  });

  test("an Id chosen by a device that another company's lead holds is replaced, not answered as taken", async () => {
    const theirs = await s.db.one<{ id: string }>(
      `select l.id from leads l join tenants t on t.id = l.tenant_id where t.path like (select path from tenants where id = $1) || '%' limit 1`,
      [lending],
    );
    assert.ok(theirs, 'the demo data has leads in Meridian Lending');
    const made = await siblingAdmin.call<Lead>('POST', '/api/leads', {
      body: { Id: theirs!.id, firstName: 'Probe', lastName: 'Lead', contactNumber: '0619999001' },
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.notEqual(made.body.data.Id, theirs!.id);
    const own = await siblingAdmin.call<Lead>('POST', '/api/leads', {
      body: { Id: made.body.data.Id, firstName: 'Probe', lastName: 'Again', contactNumber: '0619999002' },
    });
    assert.equal(own.status, 409, 'an Id taken inside the caller’s own subtree is still a conflict');
  });
});
