import reportsModule from './module';

const routeAt = (path: string) => reportsModule.routes.find((route) => route.path === path);

describe('the reports module', () => {
  test('declares each route once, and every permission a route asks for is one the module registers', () => {
    const paths = reportsModule.routes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const route of reportsModule.routes) {
      for (const permission of route.meta.allowedPermissions) expect(reportsModule.permissions).toContain(permission);
    }
  });

  test('the standard reports open with CRM/REPORTS and load their own screens, not the overview of a screen to come', async () => {
    const overview = await import('@meridian/shared/ui/route-overview');
    for (const path of [
      '/reports/standard',
      '/reports/standard/parVarThirtyReport',
      '/reports/standard/collectionsSummaryReport',
      '/reports/standard/tenantLoansReport',
      '/reports/standard/salesAgentReport',
      '/reports/standard/userLoginReport',
    ]) {
      const route = routeAt(path);
      expect(route?.meta.allowedPermissions).toEqual(['CRM/REPORTS']);
      expect((await route!.page()).default).not.toBe(overview.default);
    }
  });

  test('custom reports open for report readers and are built by REPORTS/CUSTOM; categories need REPORTCATEGORIES', () => {
    expect(routeAt('/reports')?.meta.allowedPermissions).toEqual(['REPORTS', 'REPORTS/CUSTOM']);
    for (const path of ['/reports/create', '/reports/:id/edit']) expect(routeAt(path)?.meta.allowedPermissions).toEqual(['REPORTS/CUSTOM']);
    for (const path of ['/reports/categories', '/reports/categories/create', '/reports/categories/:id/edit'])
      expect(routeAt(path)?.meta.allowedPermissions).toEqual(['REPORTCATEGORIES']);
  });

  test('the custom report and category screens load their own pages, not the overview of an area not built yet', async () => {
    const overview = await import('@meridian/shared/ui/route-overview');
    for (const path of [
      '/reports',
      '/reports/create',
      '/reports/:id/edit',
      '/reports/categories',
      '/reports/categories/create',
      '/reports/categories/:id/edit',
    ])
      expect((await routeAt(path)!.page()).default).not.toBe(overview.default);
  });

  test('the menu lists custom reports and report categories', () => {
    const labels = reportsModule.menu.flatMap((section) => (section.children ?? []).map((entry) => entry.label));
    expect(labels).toEqual(expect.arrayContaining(['Custom reports', 'Report categories']));
  });

  test('scheduled reports are read with CRM/REPORTS or REPORTS, and created and edited with REPORTS', () => {
    expect(routeAt('/scheduledReport/index')?.meta.allowedPermissions).toEqual(expect.arrayContaining(['CRM/REPORTS', 'REPORTS']));
    expect(routeAt('/reports/schedulereport/create')?.meta.allowedPermissions).toEqual(['REPORTS']);
    expect(routeAt('/reports/schedulereport/edit')?.meta.allowedPermissions).toEqual(['REPORTS']);
  });
});
