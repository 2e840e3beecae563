import vehiclesModule from './module';

const routeAt = (path: string) => vehiclesModule.routes.find((route) => route.path === path);

describe('the vehicles module', () => {
  test('declares each route once, and every permission a route asks for is one the module registers', () => {
    const paths = vehiclesModule.routes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const route of vehiclesModule.routes) {
      for (const permission of route.meta.allowedPermissions) expect(vehiclesModule.permissions).toContain(permission);
    }
  });

  test('vehicles and bluebook need VEHICLES; a repossession’s page is opened with the repossessions grant', () => {
    for (const path of ['/vehicles', '/vehicles/:id', '/vehicles/bluebook'])
      expect(routeAt(path)?.meta).toMatchObject({ layout: 'main', allowedPermissions: ['VEHICLES'] });
    for (const path of ['/vehicles/repossessions', '/vehicles/repossessions/:id'])
      expect(routeAt(path)?.meta.allowedPermissions).toEqual(['VEHICLES/REPOSSESSIONS', 'VEHICLES']);
  });

  test('the menu lists the vehicle list, repossessions and bluebook, not the detail pages', () => {
    const labels = vehiclesModule.menu.flatMap((section) => (section.children ?? []).map((entry) => entry.label));
    expect(labels).toEqual(
      expect.arrayContaining([
        'Vehicle list',
        'Repossessions',
        'Bluebook',
        'Sightings',
        'Bids',
        'Spotters',
        'Third parties',
        'Wanted vehicles',
      ]),
    );
    expect(labels).not.toContain('Vehicle');
  });

  test('every screen of the area loads its own page, none the overview of an area not built yet', async () => {
    const overview = await import('@meridian/shared/ui/route-overview');
    for (const route of vehiclesModule.routes) expect((await route.page()).default).not.toBe(overview.default);
  });
});
