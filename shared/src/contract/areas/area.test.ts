import { areaPermissions, resource, screenGrant, type Grant } from './area';
import { pathTo } from './path-to';
import { ALL_AREAS } from './all-areas';
import { leads } from './sales';
import { allPermissionHierarchies } from '../permissions';

describe('areas as data', () => {
  test('a misspelt permission is a compile error', () => {
    // @ts-expect-error 'SALES/LEEDS' is no known hierarchy
    const misspelt: Grant = ['SALES/LEEDS'];
    // @ts-expect-error a resource's grants are known hierarchies too
    const res = resource({ screens: { list: '/x' }, can: { read: ['ADMN/USERS'] } });
    expect([misspelt, res]).toHaveLength(2);
  });

  test('no screen path appears twice across all areas', () => {
    const paths = ALL_AREAS.flatMap((area) => Object.values(area.resources).flatMap((res) => Object.values(res.screens)));
    const twice = paths.filter((path, i) => paths.indexOf(path) !== i);
    expect(twice).toEqual([]);
  });

  test('every grant of every area is a hierarchy the platform knows', () => {
    const known = new Set(allPermissionHierarchies());
    for (const area of ALL_AREAS) for (const hierarchy of areaPermissions(area)) expect(known).toContain(hierarchy);
  });

  test('a screen is guarded by the action of its name, its guard, or read', () => {
    expect(screenGrant(leads, 'edit')).toEqual(['SALES/LEADS/EDIT', 'SALES/LEADS']);
    expect(screenGrant(leads, 'dashboard')).toEqual(['SALES/LEADS']);
  });

  test('pathTo fills and encodes parameters, and drops a missing optional one', () => {
    expect(pathTo(leads.screens.edit, { id: 'a/b' })).toBe('/sales/leads/edit/a%2Fb');
    expect(pathTo(leads.screens.onboardingWizard, { treeModelId: 't1' })).toBe('/sales/leads/digital-onboarding/wizard/t1');
    expect(pathTo(leads.screens.list)).toBe('/sales/leads');
    // @ts-expect-error the edit screen needs its id
    expect(() => pathTo(leads.screens.edit, {})).toThrow();
  });
});
