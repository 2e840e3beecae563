import { isSafeRedirect, landingAfterLogin } from './landing';

const officer = { roles: [{ Id: 'r1', name: 'Loan Officer' }] };
const manager = { roles: [{ Id: 'r2', name: 'Branch Manager' }] };

describe('landing after login', () => {
  test('returns to the attempted same-origin path, query included', () => {
    expect(landingAfterLogin(manager, '/clients/edit/7?tab=loans')).toBe('/clients/edit/7?tab=loans');
    expect(landingAfterLogin(officer, '/sales/leads')).toBe('/sales/leads');
  });

  test('without a redirect, loan officers and team leaders land on My Work', () => {
    expect(landingAfterLogin(officer)).toBe('/agents/landingpage');
    expect(landingAfterLogin({ roles: [{ Id: 'r', name: ' TEAM LEADER ' }] }, null)).toBe('/agents/landingpage');
  });

  test('without a redirect, everyone else lands on home', () => {
    expect(landingAfterLogin(manager)).toBe('/');
    expect(landingAfterLogin(manager, '')).toBe('/');
  });

  test.each([
    ['a protocol-relative address', '//evil.example/steal'],
    ['a backslash address browsers read as protocol-relative', '/\\evil.example'],
    ['an absolute address', 'https://evil.example/'],
    ['a script address', 'javascript:alert(1)'],
    ['a relative path', 'clients/list'],
    ['a path with a control character', '/\t/evil.example'],
  ])('ignores %s and uses the role landing page', (_label, redirectFrom) => {
    expect(isSafeRedirect(redirectFrom)).toBe(false);
    expect(landingAfterLogin(manager, redirectFrom)).toBe('/');
  });
});
