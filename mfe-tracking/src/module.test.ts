import trackingModule from './module';

const routeAt = (path: string) => trackingModule.routes.find((route) => route.path === path);

describe('the tracking module', () => {
  test('declares each route once, and every permission a route asks for is one the module registers', () => {
    const paths = trackingModule.routes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const route of trackingModule.routes) {
      for (const permission of route.meta.allowedPermissions) expect(trackingModule.permissions).toContain(permission);
    }
  });

  test('the live map opens in the plain layout; the lists in the main one', () => {
    expect(routeAt('/tracking/map')?.meta).toMatchObject({ layout: 'plain', allowedPermissions: ['TRACKING/MAP', 'TRACKING'] });
    expect(routeAt('/tracking/devices')?.meta.layout).toBe('main');
    expect(routeAt('/tracking/geofences')?.meta.layout).toBe('main');
    for (const path of ['/tracking/device-trips', '/tracking/asset-trips'])
      expect(routeAt(path)?.meta).toMatchObject({ layout: 'main', allowedPermissions: ['TRACKING/TRIPS', 'TRACKING'] });
    // Both rules screens are guarded by the events grant (trackingSections.guards).
    for (const path of ['/tracking/event-io', '/tracking/event-actions'])
      expect(routeAt(path)?.meta).toMatchObject({ layout: 'main', allowedPermissions: ['TRACKING/EVENTS', 'TRACKING'] });
  });

  test('the built screens load their own pages, the others the overview', async () => {
    const overview = await import('@meridian/shared/ui/route-overview');
    for (const path of [
      '/tracking/map',
      '/tracking/devices',
      '/tracking/geofences',
      '/tracking/device-trips',
      '/tracking/asset-trips',
      '/tracking/notifications',
      '/tracking/commands',
      '/tracking/event-io',
      '/tracking/event-actions',
      '/tracking/workbench',
      '/tracking/fleet-reports',
      '/tracking/assets',
      '/tracking/assets/:id',
    ])
      expect((await routeAt(path)!.page()).default).not.toBe(overview.default);
    expect((await routeAt('/tracking/drivers')!.page()).default).toBe(overview.default);
  });
});
