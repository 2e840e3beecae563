import { can } from './access';
import { isInRoleGroup, landingPath, roleSlug } from './roles';

const holder = (roles: string[], permissions: string[]) => ({ roles: roles.map((name) => ({ name })), permissions });

describe('the permission check', () => {
  test('a global administrator passes every check, whatever the case and spacing of the role name', () => {
    expect(can(holder([' Global Administrator '], []), ['ADMIN/USERS'])).toBe(true);
  });

  test('others need a matching hierarchy, compared case-insensitively', () => {
    expect(can(holder(['Loan Officer'], ['sales/leads']), ['SALES/LEADS'])).toBe(true);
    expect(can(holder(['Loan Officer'], ['SALES/LEADS']), ['ADMIN/USERS'])).toBe(false);
  });

  test('any one of several required hierarchies is enough', () => {
    expect(can(holder(['Team Leader'], ['SALES/TEAMS']), ['ADMIN/USERS', 'SALES/TEAMS'])).toBe(true);
  });

  test('ALL or ANY among the requirements, or none at all, means no restriction', () => {
    expect(can(holder(['Loan Officer'], []), ['ALL'])).toBe(true);
    expect(can(holder(['Loan Officer'], []), ['ANY'])).toBe(true);
    expect(can(holder(['Loan Officer'], []), [])).toBe(true);
  });

  test('a parent hierarchy does not imply its children', () => {
    expect(can(holder(['Admin'], ['ADMIN']), ['ADMIN/USERS'])).toBe(false);
  });
});

describe('roles', () => {
  test('role groups match names case-insensitively and trimmed', () => {
    expect(isInRoleGroup([{ name: ' COMPANY ADMIN ' }], 'admin')).toBe(true);
    expect(isInRoleGroup([{ name: 'Company Administrator' }], 'manager')).toBe(true);
    expect(isInRoleGroup([{ name: 'Loan Officer' }], 'admin')).toBe(false);
  });

  test('loan officers and team leaders land on My Work, everyone else on home', () => {
    expect(landingPath([{ name: 'Loan Officer' }])).toBe('/agents/landingpage');
    expect(landingPath([{ name: 'team leader' }])).toBe('/agents/landingpage');
    expect(landingPath([{ name: 'Branch Manager' }])).toBe('/');
  });

  test('role slugs make the demo e-mail addresses', () => {
    expect(roleSlug('Global Administrator')).toBe('global-administrator');
  });
});
