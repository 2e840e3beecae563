import { nextPageAfterSignIn } from './after-sign-in';

const officer = { roles: [{ Id: 'r', name: 'Loan Officer' }], mustChangePassword: false };
const manager = { roles: [{ Id: 'r', name: 'Sales Manager' }], mustChangePassword: false };

describe('the page after signing in', () => {
  test('is the landing page of the role without an attempted page', () => {
    expect(nextPageAfterSignIn(officer, null)).toBe('/agents/landingpage');
    expect(nextPageAfterSignIn(manager, null)).toBe('/');
  });

  test('is the attempted page when it is on this site', () => {
    expect(nextPageAfterSignIn(officer, '/clients/list?page=2')).toBe('/clients/list?page=2');
  });

  test('is never a page that would sign the user out again', () => {
    expect(nextPageAfterSignIn(manager, '/logout')).toBe('/');
    expect(nextPageAfterSignIn(manager, '/end-impersonation')).toBe('/');
    expect(nextPageAfterSignIn(manager, '/login?redirectFrom=%2Fx')).toBe('/');
  });

  test('is the password update first when the password must change, keeping the attempted page', () => {
    expect(nextPageAfterSignIn({ ...manager, mustChangePassword: true }, '/sales/leads')).toBe(
      '/update-password?redirectFrom=%2Fsales%2Fleads',
    );
    expect(nextPageAfterSignIn({ ...manager, mustChangePassword: true }, null)).toBe('/update-password');
  });
});
