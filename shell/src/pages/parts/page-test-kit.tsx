/**
 * Test support for the shell's page tests (imported by *.test.tsx only): sessions of demo-like users.
 * The fake fetch and the page renderer are the product's shared test kit, named here for the tests.
 */
import { act } from '@testing-library/react';
import type { AuthSession } from '@meridian/shared/contract/auth';
import type { User } from '@meridian/shared/contract/user';
import { sessionStore } from '@meridian/shared/session/session-store';
import { fakeJwt, fakeSession, fakeUser } from '@meridian/shared/testing/session-fixtures';

// ---------------------------------------------------------------------------------------------
// Sessions

export const HOME_TENANT = '10000000-0000-4000-8000-000000000004';
export const USER_ID = '20000000-0000-4000-8000-000000000001';
export const ADMIN_ID = '20000000-0000-4000-8000-000000000002';

/** A token whose `exp` lies an hour ahead: the store counts the user as signed in. */
export const accessToken = (sub = USER_ID) => fakeJwt({ sub });

/** Lerato Dube, a loan officer of the Soweto team. */
export function makeUser(overrides: Partial<User> = {}): User {
  return fakeUser({
    Id: USER_ID,
    firstName: 'Lerato',
    lastName: 'Dube',
    userName: 'loan-officer',
    emailAddress: 'loan-officer@demo.meridian.test',
    mobile: '0821234567',
    tenantId: HOME_TENANT,
    roles: [{ Id: 'role-lo', name: 'Loan Officer' }],
    tenants: [
      {
        Id: HOME_TENANT,
        name: 'Soweto Team',
        parentId: null,
        shortCode: null,
        tenant_type: 4,
        locationRequired: false,
        location: null,
        lat: null,
        lng: null,
      },
    ],
    rolepermissions: [{ hierarchy: 'SALES' }],
    ...overrides,
  });
}

export const ADMIN = (): User =>
  makeUser({
    Id: ADMIN_ID,
    firstName: 'Ada',
    lastName: 'Admin',
    userName: 'administrator',
    emailAddress: 'administrator@demo.meridian.test',
    roles: [{ Id: 'role-ad', name: 'Administrator' }],
  });

export function makeSession(user: User = makeUser(), overrides: Partial<AuthSession> = {}): AuthSession {
  return fakeSession(user, {
    token: accessToken(user.Id),
    refreshToken: `refresh-${user.Id}`,
    sessionId: `session-${user.Id}`,
    ...overrides,
  });
}

export const signInAs = (user: User = makeUser()) => act(() => sessionStore.getState().signIn(makeSession(user)));

export function resetSession() {
  act(() => sessionStore.getState().signOut());
  localStorage.clear();
}

export { fail, fakeFetch, ok, renderPage, typist, type FakeCall, type FakeReply } from '@meridian/shared/testing/page-test-kit';
