/**
 * Test support only (imported by test files and test kits, never by production code): a fake access
 * token, a fake user and a fake session, with neutral defaults that each test overrides with the
 * values it relies on. Framework-free, and runs in Node and jsdom alike.
 */
import type { AuthSession } from '../contract/auth';
import type { User } from '../contract/user';

export interface FakeJwtClaims {
  sub?: string;
  sid?: string;
  /** Expiry in epoch seconds; an hour from now when not given. */
  exp?: number;
  act?: { sub: string };
}

/** An hour from now, in epoch seconds (the `exp` of a token that is still usable). */
const anHourAhead = () => Math.floor(Date.now() / 1000) + 3600;

/** Non-ASCII characters as JSON `\uXXXX` escapes, so the text is ASCII and still parses to the same value. */
const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

type NodeBuffer = { from(text: string, encoding: 'latin1'): { toString(encoding: 'base64'): string } };

/** Unpadded base64url of ASCII text, as JWT parts are written; btoa where the runtime has it, else Node's Buffer. */
function base64UrlAscii(text: string): string {
  const nodeBuffer = (globalThis as { Buffer?: NodeBuffer }).Buffer;
  const base64 = typeof btoa === 'function' ? btoa(text) : nodeBuffer!.from(text, 'latin1').toString('base64');
  return base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const HEADER = base64UrlAscii(asciiJson({ alg: 'HS256', typ: 'JWT' }));
const SIGNATURE = base64UrlAscii('fake-signature');

/**
 * An HS256-shaped token carrying `claims` (only those given, plus `exp`, an hour ahead by default).
 * The browser never checks the signature, so a fixed one serves; the payload reads back through
 * session/token-expiry. Equal claims give equal tokens, so tests may compare tokens by value.
 */
export function fakeJwt(claims: FakeJwtClaims = {}): string {
  const { sub, sid, exp = anHourAhead(), act } = claims;
  return `${HEADER}.${base64UrlAscii(asciiJson({ sub, sid, exp, act }))}.${SIGNATURE}`;
}

/** A signed-up user with no roles, permissions or tenants: tests add what they need. */
export function fakeUser(overrides: Partial<User> = {}): User {
  return {
    Id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    firstName: 'Test',
    lastName: 'User',
    userName: 'test-user',
    emailAddress: 'test-user@example.com',
    mobile: null,
    tenantId: '11111111-1111-4111-8111-111111111111',
    selectedTenant: null,
    roles: [],
    tenants: [],
    permissions: [],
    rolepermissions: [],
    tours: [],
    emailVerified: true,
    mustChangePassword: false,
    passwordExpiresAt: null,
    lastLoginAt: null,
    dateCreated: '2024-01-01T00:00:00.000Z',
    dateDeleted: null,
    ...overrides,
  };
}

/** A session of `user` whose token (for `user.Id` and the session id) expires in an hour, like `expiresAt`. */
export function fakeSession(user: User = fakeUser(), overrides: Partial<AuthSession> = {}): AuthSession {
  const exp = anHourAhead();
  const sessionId = overrides.sessionId ?? 'session-1';
  return {
    user,
    token: fakeJwt({ sub: user.Id, sid: sessionId, exp }),
    refreshToken: 'refresh-token-0001',
    sessionId,
    expiresAt: new Date(exp * 1000).toISOString(),
    impersonator: null,
    ...overrides,
  };
}
