import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { databaseLabel, DEMO_PASSWORD, demoEmail, startServer, type Actor, type TestServer, fieldError, pagingOf } from './support/harness';
import type { Role } from '@meridian/shared/contract/role';
import type {
  LoginHistoryDashboard,
  LoginReportRow,
  NewUsersDashboard,
  PasswordChangeRow,
  RestoredCount,
  TemporaryPassword,
  User,
  UserContact,
  UserExistAnswer,
  UserListItem,
  UserWithHighLevelTenants,
} from '@meridian/shared/contract/user';
import type { DeletedCount } from '@meridian/shared/contract/deletion';
import type { AuthSession } from '@meridian/shared/contract/auth';

describe(`users (${databaseLabel})`, () => {
  let s: TestServer;
  let admin: Actor;
  let lending: string;
  let soweto: string;
  let loanOfficerRole: string;
  before(async () => {
    s = await startServer();
    admin = await s.as('company administrator');
    lending = await s.tenantId('Meridian Lending');
    soweto = await s.tenantId('Soweto Team');
    loanOfficerRole = (await admin.call<Role[]>('GET', '/api/roles?search=loan%20officer')).body.data[0]!.Id;
  });
  after(() => s.close());

  const newUser = (suffix: string, extra: Record<string, unknown> = {}) => ({
    firstName: 'Nomsa',
    lastName: 'Test',
    userName: `nomsa-${suffix}`,
    emailAddress: `nomsa-${suffix}@demo.meridian.test`,
    mobile: `08${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    roleIds: [loanOfficerRole],
    tenantIds: [soweto],
    password: 'Nomsa-Password-1',
    ...extra,
  });

  test('lists only users whose home tenant is in the acting subtree, filtered by role and tenant', async () => {
    const all = await admin.call<UserListItem[]>('GET', '/api/users');
    const names = all.body.data.map((u) => u.userName);
    assert.ok(names.includes('loan-officer'));
    assert.ok(!names.includes('admin'), 'Tracking users are outside Meridian Lending');
    assert.ok(!names.includes('global-administrator'), 'Group users are above the subtree');
    const officers = await admin.call<UserListItem[]>('GET', '/api/users?roleName=Loan%20Officer');
    assert.deepEqual(
      officers.body.data.map((u) => u.userName),
      ['loan-officer'],
    );
    const inJhb = await admin.call<UserListItem[]>(
      'GET',
      `/api/users?tenantId=${await s.tenantId('Johannesburg Branch')}&sortField=userName&sortOrder=asc`,
    );
    assert.deepEqual(
      inJhb.body.data.map((u) => u.userName),
      ['branch-manager', 'credit-officer', 'loan-officer', 'team-leader'],
    );
    assert.equal(all.body.data[0]!.tenantName.length > 0, true);
  });

  test('creates a user with roles, tenants and a password, who can then sign in', async () => {
    const r = await admin.call<User>('POST', '/api/users', { body: newUser('a') });
    assert.equal(r.status, 201);
    assert.equal(r.body.data.tenantId, soweto);
    assert.deepEqual(
      r.body.data.roles.map((x) => x.name),
      ['Loan Officer'],
    );
    assert.equal((await s.login('nomsa-a@demo.meridian.test', 'Nomsa-Password-1')).user.userName, 'nomsa-a');
  });

  test('a name of any alphabet is kept as typed; digits and special characters are still refused', async () => {
    const created = await admin.call<User>('POST', '/api/users', { body: newUser('zoe', { firstName: 'Zoë', lastName: "Müller-O'Neil" }) });
    assert.equal(created.status, 201);
    const read = await admin.call<User>('GET', `/api/users/${created.body.data.Id}`);
    assert.equal(read.body.data.firstName, 'Zoë');
    assert.equal(read.body.data.lastName, "Müller-O'Neil");
    const withDigit = await admin.call<User>('POST', '/api/users', { body: newUser('zoe2', { firstName: 'Zoë2' }) });
    assert.equal(withDigit.status, 400);
    assert.ok(fieldError(withDigit, 'firstName')?.length);
  });

  test('a user created without a password is mailed a link to set one', async () => {
    const { password: _p, ...body } = newUser('nopass');
    assert.equal((await admin.call<User>('POST', '/api/users', { body })).status, 201);
    const mail = await s.db.one<{ n: number }>(
      `select count(*)::int as n from outbox_emails where to_address = 'nomsa-nopass@demo.meridian.test' and kind = 'reset'`,
    );
    assert.equal(mail!.n, 1);
  });

  test('the existence check reports e-mail, user name and mobile separately', async () => {
    const r = await admin.call<UserExistAnswer>('POST', '/api/users/exist', {
      body: { emailAddress: 'LOAN-OFFICER@demo.meridian.test', userName: 'free-name', mobile: '0000000000' },
    });
    assert.deepEqual(r.body.data, { emailAddress: true, userName: false, mobile: false, exists: true });
    const self = await s.userId('loan-officer');
    const excluded = await admin.call<UserExistAnswer>('POST', '/api/users/exist', {
      body: { emailAddress: 'loan-officer@demo.meridian.test', excludeId: self },
    });
    assert.equal(excluded.body.data.exists, false, 'editing a user does not collide with itself');
    assert.equal((await admin.call<UserExistAnswer>('POST', '/api/users/exist', { body: {} })).status, 400);
  });

  test('reads a user by id, by e-mail, with high-level tenants, by ids, by tenant and agents of a tenant', async () => {
    const id = await s.userId('loan-officer');
    const one = await admin.call<User>('GET', `/api/users/${id}`);
    assert.equal(one.body.data.userName, 'loan-officer');
    assert.ok(one.body.data.rolepermissions.some((p) => p.hierarchy === 'SALES/AGENTS/MYWORK'));
    assert.equal(
      (await admin.call<User>('GET', `/api/users/by-email/${encodeURIComponent('loan-officer@demo.meridian.test')}`)).body.data.Id,
      id,
    );
    const high = await admin.call<UserWithHighLevelTenants>('GET', `/api/users/detailswithhighleveltenants/${id}`);
    assert.deepEqual(
      high.body.data.highLevelTenants.map((t) => t.name),
      ['Meridian Group', 'Meridian Lending', 'Johannesburg Branch', 'Soweto Team'],
    );
    const list = await admin.call<UserContact[]>('GET', `/api/users/list/${id},${await s.userId('team-leader')}`);
    assert.equal(list.body.data.length, 2);
    const byTenant = await admin.call<UserListItem[]>('GET', `/api/users/bytenantid/${soweto}`);
    assert.ok(byTenant.body.data.every((u) => u.tenantName === 'Soweto Team'));
    const agents = await admin.call<UserListItem[]>('GET', `/api/users/getagentscte/${lending}`);
    const agentNames = agents.body.data.map((u) => u.userName).sort();
    assert.ok(agentNames.includes('credit-officer') && agentNames.includes('team-leader') && agentNames.includes('loan-officer'));
    assert.ok(!agentNames.includes('branch-manager'));
    const team = await s.db.one<{ id: string }>(`select id from teams where name = 'Soweto Field Team'`);
    const members = await admin.call<UserListItem[]>('GET', `/api/users/by-team-id/${team!.id}`);
    assert.deepEqual(members.body.data.map((u) => u.userName).sort(), ['loan-officer', 'team-leader']);
    assert.equal((await admin.call<UserContact[]>('GET', '/api/users/list/not-a-uuid')).status, 400);
  });

  test('/users/me answers the caller only', async () => {
    const officer = await s.as('loan officer');
    assert.equal((await officer.call<User>('GET', `/api/users/me/${officer.userId}`)).body.data.userName, 'loan-officer');
    assert.equal((await officer.call<User>('GET', `/api/users/me/${admin.userId}`)).status, 403);
  });

  test('an administrator edits a user; the user may edit only their own profile fields', async () => {
    const created = (await admin.call<User>('POST', '/api/users', { body: newUser('edit') })).body.data;
    const edited = await admin.call<User>('PUT', `/api/users/${created.Id}`, {
      body: { lastName: 'Edited', tenantIds: [await s.tenantId('Sandton Team')] },
    });
    assert.equal(edited.status, 200);
    assert.equal(edited.body.data.lastName, 'Edited');
    assert.equal(edited.body.data.tenants[0]!.name, 'Sandton Team');
    const me = await s.login(created.emailAddress, 'Nomsa-Password-1');
    const selfEdit = await s.call<User>('PUT', `/api/users/${created.Id}`, { token: me.token, body: { firstName: 'Nomvula' } });
    assert.equal(selfEdit.status, 200);
    assert.equal(selfEdit.body.data.firstName, 'Nomvula');
    const escalate = await s.call<User>('PUT', `/api/users/${created.Id}`, { token: me.token, body: { roleIds: [loanOfficerRole] } });
    assert.equal(escalate.status, 403, 'roles are not a profile field');
    const dup = await admin.call<User>('PUT', `/api/users/${created.Id}`, { body: { emailAddress: 'loan-officer@demo.meridian.test' } });
    assert.equal(dup.status, 409);
  });

  test('selecting a tenant is stored on the user, and only a tenant they may act for', async () => {
    const manager = await s.as('branch manager');
    const sandton = await s.tenantId('Sandton Team');
    const ok = await manager.call<User>('PUT', `/api/users/${manager.userId}`, { body: { selectedTenant: sandton } });
    assert.equal(ok.body.data.selectedTenant, sandton);
    const refused = await manager.call<User>('PUT', `/api/users/${manager.userId}`, {
      body: { selectedTenant: await s.tenantId('Durban Branch') },
    });
    assert.equal(refused.status, 400);
  });

  test('an administrator cannot grant a role holding permissions they lack', async () => {
    const manager = await s.as('branch manager');
    const adminRole = (await manager.call<Role[]>('GET', '/api/roles?search=company%20administrator')).body.data[0]!.Id;
    const r = await manager.call<User>('POST', '/api/users', { body: newUser('escalate', { roleIds: [adminRole] }) });
    assert.equal(r.status, 400);
    assert.match(fieldError(r, 'roleIds')?.[0] ?? '', /cannot grant/);
    const globalRole = (await admin.call<Role[]>('GET', '/api/roles?search=global')).body.data[0]!.Id;
    assert.equal(
      (await admin.call<User>('POST', '/api/users', { body: newUser('global', { roleIds: [globalRole] }) })).status,
      400,
      'only a global administrator grants that role',
    );
  });

  test('soft delete of several users ends their sessions; undelete restores them', async () => {
    const a = (await admin.call<User>('POST', '/api/users', { body: newUser('del1') })).body.data;
    const b = (await admin.call<User>('POST', '/api/users', { body: newUser('del2') })).body.data;
    const session = await s.login(a.emailAddress, 'Nomsa-Password-1');
    const del = await admin.call<DeletedCount>('DELETE', '/api/users/delete', { body: { userIds: [a.Id, b.Id] } });
    assert.equal(del.status, 200);
    assert.equal(del.body.data.deleted, 2);
    assert.equal((await s.call<User>('GET', `/api/users/me/${a.Id}`, { token: session.token })).status, 401);
    assert.equal(
      (await s.call<AuthSession>('POST', '/api/auth/login', { body: { email: a.emailAddress, password: 'Nomsa-Password-1' } })).status,
      401,
    );
    const deleted = await admin.call<UserListItem[]>('GET', '/api/users/deleted');
    assert.deepEqual(deleted.body.data.map((u) => u.userName).sort(), ['nomsa-del1', 'nomsa-del2']);
    assert.ok(!(await admin.call<UserListItem[]>('GET', '/api/users?search=nomsa-del')).body.data.length);
    assert.equal(
      (await admin.call<DeletedCount>('DELETE', '/api/users/delete', { body: { userIds: [admin.userId] } })).status,
      400,
      'not yourself',
    );
    const inSoweto = await admin.call<UserListItem[]>('GET', `/api/users/deleted?tenantId=${soweto}`);
    assert.deepEqual(
      inSoweto.body.data.map((u) => u.userName).sort(),
      ['nomsa-del1', 'nomsa-del2'],
      'the deleted list narrows to a tenant',
    );
    const elsewhere = await admin.call<UserListItem[]>(
      'GET',
      `/api/users/deleted?tenantId=${await s.tenantId('Johannesburg Branch')}&search=nomsa-del`,
    );
    assert.equal(pagingOf(elsewhere).total, 2, 'a branch includes the teams below it');
    assert.equal(
      (await admin.call<UserListItem[]>('GET', `/api/users/deleted?tenantId=${await s.tenantId('Meridian Tracking')}`)).status,
      404,
      'a tenant outside the subtree is not found',
    );
    const undo = await admin.call<RestoredCount>('POST', '/api/users/undelete', { body: { data: { userIds: [a.Id] } } });
    assert.equal(undo.body.data.restored, 1);
    assert.equal((await s.login(a.emailAddress, 'Nomsa-Password-1')).user.Id, a.Id);
  });

  test('change password: your own needs the current one and refuses recent ones; an administrator can set and expire one', async () => {
    const u = (await admin.call<User>('POST', '/api/users', { body: newUser('pw') })).body.data;
    const me = await s.login(u.emailAddress, 'Nomsa-Password-1');
    const wrongCurrent = await s.call('PUT', `/api/users/change-password/${u.Id}`, {
      token: me.token,
      body: { currentPassword: 'nope', password: 'Fresh-Password-2' },
    });
    assert.equal(wrongCurrent.status, 400);
    assert.ok(fieldError(wrongCurrent, 'currentPassword')!);
    const reused = await s.call('PUT', `/api/users/change-password/${u.Id}`, {
      token: me.token,
      body: { currentPassword: 'Nomsa-Password-1', password: 'Nomsa-Password-1' },
    });
    assert.equal(reused.status, 400);
    assert.ok(fieldError(reused, 'password')!);
    assert.equal(
      (
        await s.call('PUT', `/api/users/change-password/${u.Id}`, {
          token: me.token,
          body: { currentPassword: 'Nomsa-Password-1', password: 'Fresh-Password-2' },
        })
      ).status,
      200,
    );
    assert.equal((await s.login(u.emailAddress, 'Fresh-Password-2')).user.mustChangePassword, false);

    assert.equal((await admin.call('PUT', `/api/users/change-password/${u.Id}`, { body: { password: 'Admin-Set-Pass-3' } })).status, 200);
    assert.equal((await s.login(u.emailAddress, 'Admin-Set-Pass-3')).user.mustChangePassword, false);
    assert.equal(
      (await admin.call('PUT', `/api/users/change-password-and-expire/${u.Id}`, { body: { password: 'Expired-Pass-4' } })).status,
      200,
    );
    const expired = await s.login(u.emailAddress, 'Expired-Pass-4');
    assert.equal(expired.user.mustChangePassword, true);
    assert.ok(expired.user.passwordExpiresAt);
  });

  test('a temporary password is shown once, works, and must be changed', async () => {
    const u = (await admin.call<User>('POST', '/api/users', { body: newUser('temp') })).body.data;
    const r = await admin.call<TemporaryPassword>('GET', `/api/users/get-temp-password/${u.Id}`);
    assert.equal(r.status, 200);
    const temp = r.body.data.temporaryPassword;
    const session = await s.login(u.emailAddress, temp);
    assert.equal(session.user.mustChangePassword, true);
    const row = await s.db.one<{ n: number }>(`select count(*)::int as n from password_history where user_id = $1`, [u.Id]);
    assert.equal(row!.n, 2);
  });

  test('password change history lists changes in the subtree within the date window', async () => {
    const r = await admin.call<PasswordChangeRow[]>('GET', '/api/users/password_changed_history?search=nomsa-pw');
    assert.ok(pagingOf(r).total >= 4);
    assert.ok(r.body.data.every((row) => row.userName === 'nomsa-pw'));
    const old = await admin.call<PasswordChangeRow[]>('GET', '/api/users/password_changed_history?startDate=2000-01-01&endDate=2000-12-31');
    assert.equal(pagingOf(old).total, 0);
  });

  test('the login report and dashboards count sign-ins and new users in the subtree', async () => {
    await s.login(demoEmail('loan officer'));
    await s.call<AuthSession>('POST', '/api/auth/login', { body: { email: demoEmail('loan officer'), password: 'Wrong-Password-9' } });
    const report = await admin.call<LoginReportRow[]>('GET', '/api/users/loginreport?search=loan-officer');
    assert.ok(report.body.data.some((r) => r.success === true));
    assert.ok(report.body.data.some((r) => r.success === false));
    assert.ok(report.body.data.every((r) => r.userName === 'loan-officer'));
    const officerId = (await admin.call<UserListItem[]>('GET', '/api/users?search=loan-officer')).body.data[0]!.Id;
    const byUser = await admin.call<LoginReportRow[]>('GET', `/api/users/loginreport?userId=${officerId}`);
    assert.ok(byUser.body.data.length >= 2);
    assert.ok(
      byUser.body.data.every((r) => r.userId === officerId),
      'the report narrows to one user',
    );
    assert.equal((await admin.call<LoginReportRow[]>('GET', '/api/users/loginreport?userId=not-an-id')).status, 400);
    const history = await admin.call<LoginHistoryDashboard>('GET', '/api/users/dashboard/login-history');
    const today = history.body.data.series.at(-1)!;
    assert.ok(today.successful >= 1 && today.failed >= 1);
    const fresh = await admin.call<NewUsersDashboard>('GET', '/api/users/dashboard/new-users?days=7');
    assert.ok(fresh.body.data.newUsers >= 10);
    assert.equal(fresh.body.data.totalUsers, pagingOf(await admin.call<UserListItem[]>('GET', '/api/users?size=1')).total);
    void DEMO_PASSWORD;
  });
});
