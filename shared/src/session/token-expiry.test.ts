import { isTokenExpired, tokenExpiresAt } from './token-expiry';
import { fakeJwt } from '../testing/session-fixtures';

/**
 * base64url of UTF-8 text, for the odd payloads the decoder must survive (non-ASCII, text exp, arrays,
 * no JSON at all); well-formed tokens come from fakeJwt.
 */
const base64url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A JWT-shaped token around any payload; the signature is never checked by the browser, so any third part will do. */
const rawJwt = (payload: unknown) => `eyJhbGciOiJIUzI1NiJ9.${base64url(JSON.stringify(payload))}.signature`;

describe('tokenExpiresAt', () => {
  test('reads exp from the token payload and answers it in milliseconds', () => {
    expect(tokenExpiresAt(fakeJwt({ sub: 'u1', exp: 1_700_000_000 }))).toBe(1_700_000_000_000);
  });

  test('decodes base64url payloads that use - and _ instead of + and /', () => {
    const token = rawJwt({ exp: 1_700_000_000, n: '~~~?' });
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(tokenExpiresAt(token)).toBe(1_700_000_000_000);
  });

  test('decodes payloads with non-ASCII claims as UTF-8', () => {
    expect(tokenExpiresAt(rawJwt({ exp: 1_800_000_000, name: 'Zoë Ngũgĩ' }))).toBe(1_800_000_000_000);
  });

  test.each([
    ['a missing token', null],
    ['an empty token', ''],
    ['a token without three parts', 'abc.def'],
    ['a payload that is not base64url', 'x.@@@.y'],
    ['a payload that is not JSON', `x.${base64url('not json')}.y`],
    ['a payload that is not valid UTF-8', `x.${btoa(String.fromCharCode(0x7b, 0xff, 0x7d))}.y`],
    ['a payload that is a JSON array', `x.${base64url('[1]')}.y`],
    ['a payload without exp', rawJwt({ sub: 'u1' })],
    ['a payload whose exp is text', rawJwt({ exp: '1700000000' })],
  ])('is null for %s', (_label, token) => {
    expect(tokenExpiresAt(token)).toBeNull();
  });
});

describe('isTokenExpired', () => {
  const exp = 1_700_000_000;
  const token = fakeJwt({ exp });

  test('a token is usable until the second of its exp', () => {
    expect(isTokenExpired(token, exp * 1000 - 1)).toBe(false);
  });

  test('a token is expired at and after its exp', () => {
    expect(isTokenExpired(token, exp * 1000)).toBe(true);
    expect(isTokenExpired(token, exp * 1000 + 60_000)).toBe(true);
  });

  test('a missing or unreadable token counts as expired', () => {
    expect(isTokenExpired(null, 0)).toBe(true);
    expect(isTokenExpired(undefined, 0)).toBe(true);
    expect(isTokenExpired('garbage', 0)).toBe(true);
  });

  test('compares with the current time when no time is given', () => {
    const inAnHour = Math.floor(Date.now() / 1000) + 3600;
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
    expect(isTokenExpired(fakeJwt({ exp: inAnHour }))).toBe(false);
    expect(isTokenExpired(fakeJwt({ exp: anHourAgo }))).toBe(true);
  });
});
