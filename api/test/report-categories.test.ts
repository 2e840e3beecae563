import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ReportCategory } from '@meridian/shared/contract/report-category';
import type { CustomReport, CustomReportListItem } from '@meridian/shared/contract/custom-report';
import type { ReportDefinitionInput } from '@meridian/shared/contract/report-catalogue';
import { databaseLabel, fieldError, pagingOf, startServer, type Actor, type TestServer } from './support/harness';

const CLIENT_NAMES: ReportDefinitionInput = { dataset: 'clients', columns: [{ column: 'firstName' }, { column: 'lastName' }] };

describe(`report categories (${databaseLabel})`, () => {
  let s: TestServer;
  let company: Actor;
  let branchManager: Actor;
  let tracking: Actor;
  let officer: Actor;
  let roleId: (name: string) => Promise<string>;
  let tenants: { lending: string; jhb: string; cpt: string };

  before(async () => {
    s = await startServer();
    company = await s.as('company administrator');
    branchManager = await s.as('branch manager');
    tracking = await s.as('company admin');
    officer = await s.as('loan officer');
    roleId = async (name) => (await s.db.one<{ id: string }>(`select id from roles where lower(name) = $1`, [name]))!.id;
    tenants = {
      lending: await s.tenantId('Meridian Lending'),
      jhb: await s.tenantId('Johannesburg Branch'),
      cpt: await s.tenantId('Cape Town Branch'),
    };
  });
  after(() => s.close());

  const newCategory = async (by: Actor, body: Record<string, unknown>, tenant?: string) => {
    const made = await by.call<ReportCategory>('POST', '/api/report-categories', { body, tenant });
    assert.equal(made.status, 201, made.text);
    return made.body.data;
  };
  const newReport = async (by: Actor, name: string, categoryId: string | null, tenant?: string) => {
    const made = await by.call<CustomReport>('POST', '/api/custom-reports', {
      body: { name, categoryId, definition: CLIENT_NAMES },
      tenant,
    });
    assert.equal(made.status, 201, made.text);
    return made.body.data;
  };
  const listedReports = async (by: Actor, search: string, tenant?: string) =>
    (
      await by.call<CustomReportListItem[]>('GET', `/api/custom-reports?size=100&search=${encodeURIComponent(search)}`, { tenant })
    ).body.data.map((r) => r.name);

  test('a category tree is made with its roles and tenants, read with the link ids, edited and listed in tree order', async () => {
    const finance = await newCategory(company, { name: 'Tree Finance' });
    assert.deepEqual([finance.parentCategoryId, finance.roles, finance.tenants, finance.path], [null, [], [], 'Tree Finance']);
    const manager = await roleId('branch manager');
    const arrears = await newCategory(company, {
      name: 'Tree Arrears',
      parentCategoryId: finance.id,
      roleIds: [manager],
      tenantIds: [tenants.jhb],
    });
    assert.equal(arrears.path, 'Tree Finance / Tree Arrears');
    assert.equal(arrears.parentName, 'Tree Finance');
    assert.deepEqual(
      arrears.roles.map((r) => [r.roleId, r.name.toLowerCase()]),
      [[manager, 'branch manager']],
    );
    assert.deepEqual(
      arrears.tenants.map((t) => [t.tenantId, t.name]),
      [[tenants.jhb, 'Johannesburg Branch']],
    );
    const linkIds = [arrears.roles[0]!.reportCatRolesId, arrears.tenants[0]!.reportCatTenantsId];

    const read = await company.call<ReportCategory>('GET', `/api/report-categories/${arrears.id}`);
    assert.equal(read.status, 200);
    assert.deepEqual(read.body.data, arrears);

    // A link that stays keeps its id; one added gets its own.
    const edited = await company.call<ReportCategory>('PUT', `/api/report-categories/${arrears.id}`, {
      body: {
        name: 'Tree Arrears 30+',
        parentCategoryId: finance.id,
        roleIds: [manager, await roleId('sales manager')],
        tenantIds: [tenants.jhb],
      },
    });
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.body.data.name, 'Tree Arrears 30+');
    assert.equal(edited.body.data.roles.length, 2);
    assert.equal(edited.body.data.roles.find((r) => r.roleId === manager)!.reportCatRolesId, linkIds[0]);
    assert.equal(edited.body.data.tenants[0]!.reportCatTenantsId, linkIds[1]);

    const aaa = await newCategory(company, { name: 'Tree AAA' });
    const list = await company.call<ReportCategory[]>('GET', '/api/report-categories?search=tree&size=100');
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.body.data.map((c) => c.path),
      ['Tree AAA', 'Tree Finance', 'Tree Finance / Tree Arrears 30+'],
    );
    assert.equal(pagingOf(list).total, 3);
    const byName = await company.call<ReportCategory[]>('GET', '/api/report-categories?search=tree&sortField=name&sortOrder=DESC');
    assert.deepEqual(
      byName.body.data.map((c) => c.id),
      [finance.id, arrears.id, aaa.id],
    );
    const badSort = await company.call('GET', '/api/report-categories?sortField=secret');
    assert.equal(badSort.status, 400);
    assert.ok(fieldError(badSort, 'sortField'));
  });

  test('the tree never loops, a sub-category stays in its parent tenant, sibling names are unique, and links must be seen', async () => {
    const top = await newCategory(company, { name: 'Loop top' });
    const middle = await newCategory(company, { name: 'Loop middle', parentCategoryId: top.id });
    const bottom = await newCategory(company, { name: 'Loop bottom', parentCategoryId: middle.id });
    for (const parent of [top.id, bottom.id]) {
      const loop = await company.call('PUT', `/api/report-categories/${top.id}`, {
        body: { name: 'Loop top', parentCategoryId: parent === top.id ? top.id : bottom.id },
      });
      assert.equal(loop.status, 400, loop.text);
      assert.ok(fieldError(loop, 'parentCategoryId'));
    }
    const twin = await company.call('POST', '/api/report-categories', { body: { name: 'loop MIDDLE', parentCategoryId: top.id } });
    assert.equal(twin.status, 409);
    assert.ok(fieldError(twin, 'name'));
    const elsewhere = await company.call('POST', '/api/report-categories', { body: { name: 'Loop middle' } });
    assert.equal(elsewhere.status, 201, 'the same name under another parent is another category');

    const inBranch = await company.call('POST', '/api/report-categories', {
      body: { name: 'Branch child', parentCategoryId: top.id },
      tenant: tenants.jhb,
    });
    assert.equal(inBranch.status, 400);
    assert.ok(fieldError(inBranch, 'parentCategoryId'));

    const trackingTenant = await s.tenantId('Meridian Tracking');
    const foreignTenant = await company.call('POST', '/api/report-categories', { body: { name: 'Foreign', tenantIds: [trackingTenant] } });
    assert.equal(foreignTenant.status, 400);
    assert.ok(fieldError(foreignTenant, 'tenantIds'));
    const trackingRole = await tracking.call<{ Id: string }>('POST', '/api/roles', {
      body: { name: `Tracking only ${Date.now()}`, permissionIds: [] },
    });
    assert.ok([200, 201].includes(trackingRole.status), trackingRole.text);
    const foreignRole = await company.call('POST', '/api/report-categories', {
      body: { name: 'Foreign role', roleIds: [trackingRole.body.data.Id] },
    });
    assert.equal(foreignRole.status, 400);
    assert.ok(fieldError(foreignRole, 'roleIds'));
    const badBody = await company.call('POST', '/api/report-categories', { body: { name: '', roleIds: ['not-an-id'] } });
    assert.equal(badBody.status, 400);
    assert.ok(fieldError(badBody, 'name'));
  });

  test('a category with sub-categories or reports is kept (409); an empty one is deleted', async () => {
    const parent = await newCategory(company, { name: 'Delete parent' });
    const child = await newCategory(company, { name: 'Delete child', parentCategoryId: parent.id });
    const withChild = await company.call('POST', '/api/report-categories/delete', { body: { id: parent.id } });
    assert.equal(withChild.status, 409);
    const report = await newReport(company, 'Delete-test report', child.id);
    assert.equal((await company.call('POST', '/api/report-categories/delete', { body: { id: child.id } })).status, 409);
    assert.equal((await company.call('POST', '/api/custom-reports/delete', { body: { id: report.id } })).status, 200);
    const gone = await company.call('POST', '/api/report-categories/delete', { body: { id: child.id } });
    assert.equal(gone.status, 200, gone.text);
    assert.equal((await company.call('GET', `/api/report-categories/${child.id}`)).status, 404);
    assert.equal((await company.call('POST', '/api/report-categories/delete', { body: { id: parent.id } })).status, 200);
  });

  test("another company's categories answer 404 and are listed nowhere; those without REPORTCATEGORIES are refused", async () => {
    const mine = await newCategory(company, { name: 'Lending only' });
    for (const [method, url, body] of [
      ['GET', `/api/report-categories/${mine.id}`, undefined],
      ['PUT', `/api/report-categories/${mine.id}`, { name: 'Taken over' }],
      ['POST', '/api/report-categories/delete', { id: mine.id }],
    ] as const) {
      const answer = await tracking.call(method, url, { body });
      assert.equal(answer.status, 404, `${method} ${url}: ${answer.text}`);
    }
    const theirs = await tracking.call<ReportCategory[]>('GET', '/api/report-categories?size=1000');
    assert.ok(!theirs.body.data.some((c) => c.id === mine.id));
    const theirView = await tracking.call<ReportCategory[]>('GET', `/api/report-categories/by-user/${tracking.userId}`);
    assert.equal(theirView.status, 200);
    assert.ok(!theirView.body.data.some((c) => c.id === mine.id));
    assert.equal((await tracking.call('GET', `/api/report-categories/by-user/${company.userId}`)).status, 404, "another company's user");

    assert.equal((await officer.call('GET', '/api/report-categories')).status, 403);
    assert.equal((await officer.call('GET', `/api/report-categories/by-user/${officer.userId}`)).status, 403);
    const productManager = await s.as('product manager');
    assert.equal((await productManager.call('POST', '/api/report-categories', { body: { name: 'Nope' } })).status, 403);
    const ownView = await productManager.call<ReportCategory[]>('GET', `/api/report-categories/by-user/${productManager.userId}`);
    assert.equal(ownView.status, 200, 'a report reader sees their own categories');
    assert.equal(
      (await productManager.call('GET', `/api/report-categories/by-user/${company.userId}`)).status,
      403,
      "but not another person's",
    );
  });

  test('a user whose roles or tenant a category does not allow sees none of its reports: not listed, not by id, not by-user', async () => {
    const salesManagerRole = await roleId('sales manager');
    const byRole = await newCategory(company, { name: 'Only sales managers', roleIds: [salesManagerRole] });
    const byTenant = await newCategory(company, { name: 'Only Cape Town', tenantIds: [tenants.cpt] });
    const underRole = await newCategory(company, { name: 'Below sales managers', parentCategoryId: byRole.id });
    const open = await newCategory(company, { name: 'Open to all' });
    const salesManager = await s.as('sales manager');
    const filedByCompany = await company.call('POST', '/api/custom-reports', {
      body: { name: 'Visibility role report', categoryId: byRole.id, definition: CLIENT_NAMES },
    });
    assert.equal(filedByCompany.status, 400, 'the company administrator holds no sales manager role, so does not see the category');
    const reports = {
      role: await newReport(salesManager, 'Visibility role report', byRole.id),
      // Filed from Cape Town: acting for the company, the category is not seen (the company lies above Cape Town).
      tenant: await newReport(company, 'Visibility Cape Town report', byTenant.id, tenants.cpt),
      under: await newReport(salesManager, 'Visibility nested report', underRole.id),
      open: await newReport(company, 'Visibility open report', open.id),
      none: await newReport(company, 'Visibility unfiled report', null),
    };

    // The branch manager acts for Johannesburg and holds no sales manager role.
    const branchFiled = await branchManager.call('POST', '/api/custom-reports', {
      body: { name: 'Visibility branch report', categoryId: byRole.id, definition: CLIENT_NAMES },
    });
    assert.equal(branchFiled.status, 400);
    assert.ok(fieldError(branchFiled, 'categoryId'));
    const branchReport = await newReport(branchManager, 'Visibility branch open report', open.id);

    // Acting for Johannesburg, the branch manager sees the branch's reports only, in the categories seen from there.
    assert.deepEqual((await listedReports(branchManager, 'visibility')).sort(), ['Visibility branch open report']);
    for (const hidden of [reports.role, reports.tenant, reports.under])
      assert.equal((await branchManager.call('GET', `/api/custom-reports/${hidden.id}`)).status, 404);

    const seen = async (by: Actor, userId: string, tenant?: string) =>
      (await by.call<ReportCategory[]>('GET', `/api/report-categories/by-user/${userId}`, { tenant })).body.data.map((c) => c.id);
    const branchSees = await seen(branchManager, branchManager.userId);
    assert.ok(branchSees.includes(open.id));
    assert.ok(!branchSees.includes(byRole.id) && !branchSees.includes(underRole.id) && !branchSees.includes(byTenant.id));
    assert.ok(!(await seen(company, company.userId)).includes(underRole.id), 'a sub-category is seen only when its parent is');
    const salesSees = await seen(salesManager, salesManager.userId);
    assert.ok(salesSees.includes(byRole.id) && salesSees.includes(underRole.id) && !salesSees.includes(byTenant.id));
    assert.deepEqual(await seen(company, branchManager.userId), branchSees, "a manager of categories reads another user's view");

    // The sales manager (Meridian Lending, the company) sees the role's reports, not Cape Town's.
    assert.deepEqual((await listedReports(salesManager, 'visibility')).sort(), [
      'Visibility branch open report',
      'Visibility nested report',
      'Visibility open report',
      'Visibility role report',
      'Visibility unfiled report',
    ]);
    assert.equal((await salesManager.call('GET', `/api/custom-reports/${reports.tenant.id}`)).status, 404);
    assert.equal((await salesManager.call('GET', `/api/custom-reports/${reports.role.id}`)).status, 200);

    // Acting for Cape Town, the company administrator sees the Cape Town category (but the company's reports lie above that scope).
    assert.ok((await seen(company, company.userId, tenants.cpt)).includes(byTenant.id));
    assert.ok(!(await seen(company, company.userId, tenants.jhb)).includes(byTenant.id));
    assert.deepEqual(await listedReports(company, 'visibility cape', tenants.cpt), ['Visibility Cape Town report']);
    assert.deepEqual(await listedReports(company, 'visibility cape', tenants.jhb), []);
    assert.equal((await company.call('GET', `/api/custom-reports/${reports.tenant.id}`, { tenant: tenants.cpt })).status, 200);
    assert.ok(branchReport.id);
  });

  test("the demo's categories: the branch manager sees the open ones and their managers' ones, not the board's or Cape Town's", async () => {
    const seen = (
      await branchManager.call<ReportCategory[]>('GET', `/api/report-categories/by-user/${branchManager.userId}`)
    ).body.data.map((c) => c.path);
    for (const path of ['Portfolio', 'Portfolio / Arrears', 'Sales', 'Sales / Field work', 'Johannesburg branch'])
      assert.ok(seen.includes(path), path);
    for (const path of ['Board pack', 'Cape Town']) assert.ok(!seen.includes(path), path);
    const managed = (await branchManager.call<ReportCategory[]>('GET', '/api/report-categories')).body.data.map((c) => c.path);
    assert.deepEqual(
      managed.sort(),
      ['Johannesburg branch', 'Soweto team'],
      "the branch manages its own categories and its team's, not the company's",
    );
    const reports = await listedReports(branchManager, 'branch');
    assert.deepEqual(reports.filter((name) => !name.startsWith('Visibility')).sort(), [
      'Branch activities by status',
      'Branch loans in arrears',
    ]);
  });
});
