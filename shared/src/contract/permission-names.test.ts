import { allPermissionHierarchies, permissionLabel } from './permissions';

describe('permission labels', () => {
  test('a known hierarchy has its name, matched in any case', () => {
    expect(permissionLabel('SALES/AGENTS/MYWORK')).toBe('My Work');
    expect(permissionLabel('sales/leads')).toBe('Leads');
    expect(permissionLabel('COMPLAINTS')).toBe('Complaints');
  });

  test('the CREATE and EDIT variants are named after their hierarchy', () => {
    expect(permissionLabel('SALES/LEADS/CREATE')).toBe('Create leads');
    expect(permissionLabel('Complaints/EDIT')).toBe('Edit complaints');
  });

  test('a hierarchy brought at runtime is named from its last segment', () => {
    expect(permissionLabel('FLEET/FUEL_CARDS')).toBe('Fuel cards');
  });

  test('every hierarchy the platform knows has a name that is no code', () => {
    for (const hierarchy of allPermissionHierarchies()) expect(permissionLabel(hierarchy)).not.toMatch(/[_/]|^[A-Z]{4,}$/);
  });
});
