import { loadedHierarchies, permissionForest, type PermissionNode } from './permission-tree';

/** The forest as nested [label, children] pairs, easy to compare. */
const shape = (nodes: PermissionNode[]): unknown[] => nodes.map((n) => (n.children.length ? [n.label, shape(n.children)] : n.label));

describe('permission forest', () => {
  test('nests hierarchies by their segments, with CREATE and EDIT variants as children', () => {
    expect(
      shape(permissionForest(['SALES/ACTIVITIES/CALENDAR', 'SALES', 'SALES/ACTIVITIES', 'CLIENTS/EDIT', 'CLIENTS', 'CLIENTS/CREATE'])),
    ).toEqual([
      ['CLIENTS', ['CREATE', 'EDIT']],
      ['SALES', [['ACTIVITIES', ['CALENDAR']]]],
    ]);
  });

  test('a hierarchy without a permission above it hangs under the nearest one that exists, or stands as a root', () => {
    const forest = permissionForest(['ADMIN', 'ADMIN/INSURANCE/SETTINGS/EDIT', 'ADMIN/INSURANCE/SETTINGS/OFFER/EDIT', 'CRM/REPORTS']);
    expect(shape(forest)).toEqual([['ADMIN', ['INSURANCE/SETTINGS/EDIT', 'INSURANCE/SETTINGS/OFFER/EDIT']], 'CRM/REPORTS']);
    expect(forest[0]!.children[0]!.hierarchy).toBe('ADMIN/INSURANCE/SETTINGS/EDIT');
  });

  test('matches hierarchies case-insensitively and lists each once, as first spelled', () => {
    const forest = permissionForest(['Complaints', 'COMPLAINTS', 'Complaints/CREATE', ' complaints/create ']);
    expect(shape(forest)).toEqual([['Complaints', ['CREATE']]]);
  });

  test("joins the hierarchies of every loaded area's module", () => {
    expect(
      loadedHierarchies([
        { id: 'sales', title: 'Sales', routes: [], menu: [], permissions: ['SALES', 'ADMIN/PRODUCTS'] },
        { id: 'admin', title: 'Administration', routes: [], menu: [], permissions: ['ADMIN', 'ADMIN/PRODUCTS'] },
      ]),
    ).toEqual(['SALES', 'ADMIN/PRODUCTS', 'ADMIN']);
  });
});
