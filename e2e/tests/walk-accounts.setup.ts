/**
 * Before the walk: the global administrator makes the walk's own copy of each walker who walks as one
 * (support/walkers.ts), through the users API as an administrator would: the demo user's roles, tenants
 * (home first) and own permissions, with the demo password.
 */
import { expect, test as setup } from '@playwright/test';
import type { User } from '@meridian/shared/contract/user';
import { apiAs, apiSession, DEMO_PASSWORD, walkerEmail } from '../support/session';
import { WALKERS } from '../support/walkers';

setup('the walk has its own copy of each walker who moves between tenants', async ({ request }) => {
  const administrator = await apiAs(request, 'global administrator');
  for (const walker of WALKERS.filter((w) => w.copy)) {
    const email = walkerEmail(walker.role);
    // A server kept from an earlier run (a developer's reused server) has the copy already.
    const existing = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
    if (existing.ok()) continue;
    const { user } = (await apiSession(request, walker.role)) as unknown as { user: User };
    const copy = await administrator.post<User>('/api/users', {
      firstName: user.firstName,
      lastName: 'Walker',
      userName: `${user.userName}.walker`,
      emailAddress: email,
      roleIds: user.roles.map((r) => r.Id),
      tenantIds: [user.tenantId, ...user.tenants.map((t) => t.Id).filter((id) => id !== user.tenantId)],
      permissionIds: user.permissions.map((p) => p.Id),
      password: DEMO_PASSWORD,
    });
    expect(copy.roles.map((r) => r.name).sort()).toEqual(user.roles.map((r) => r.name).sort());
  }
});
