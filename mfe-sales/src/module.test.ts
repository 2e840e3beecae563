import salesModule from './module';

const paths = salesModule.routes.map((route) => route.path);

describe('the sales module', () => {
  test('declares each route once', () => {
    expect(new Set(paths).size).toBe(paths.length);
  });

  test("every menu entry leads to one of the module's routes, with the same permissions", () => {
    const entries = salesModule.menu.flatMap(function walk(item): { path?: string; permissions?: string[] }[] {
      return [item, ...(item.children ?? []).flatMap(walk)];
    });
    for (const entry of entries.filter((e) => e.path)) {
      const route = salesModule.routes.find((r) => r.path === entry.path);
      expect(route).toBeDefined();
      expect(route!.meta.allowedPermissions).toEqual(expect.arrayContaining(entry.permissions ?? []));
    }
  });

  test('every permission a route asks for is one the module registers', () => {
    for (const route of salesModule.routes) {
      for (const permission of route.meta.allowedPermissions) expect(salesModule.permissions).toContain(permission);
    }
  });

  test("the field agent's pages work offline", () => {
    const offline = salesModule.routes.filter((route) => route.meta.offline).map((route) => route.path);
    expect(offline).toEqual(expect.arrayContaining(['/agents/landingpage', '/sales/activities', '/sales/leads', '/clients/list']));
  });
});
