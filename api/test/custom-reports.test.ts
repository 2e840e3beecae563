import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CustomReport, CustomReportListItem, ReportPreview } from '@meridian/shared/contract/custom-report';
import {
  REPORT_DATASETS,
  reportDefinitionSchema,
  type CatalogueDatasetAnswer,
  type ReportCell,
  type ReportDefinitionInput,
} from '@meridian/shared/contract/report-catalogue';
import type { Principal } from '../src/auth/principal';
import { DATASET_SQL } from '../src/modules/custom-reports/report-datasets';
import { compileReport, readAllRows, readBatch } from '../src/modules/custom-reports/report-query';
import { customReportSource } from '../src/modules/custom-reports/custom-report-source';
import { tenantTimeZone } from '../src/tenancy/tenant-time-zone';
import { databaseLabel, fieldError, fieldErrorsOf, pagingOf, startServer, type Actor, type TestServer } from './support/harness';

const MARK = 'Zqrep';

describe(`custom reports (${databaseLabel})`, () => {
  let s: TestServer;
  let company: Actor;
  let branchManager: Actor;
  let tracking: Actor;
  let productManager: Actor;
  let tenants: { lending: string; jhb: string; cpt: string; tracking: string };
  let paths: Record<string, string>;

  const preview = (by: Actor, definition: ReportDefinitionInput, tenant?: string) =>
    by.call<ReportPreview>('POST', '/api/custom-reports/preview', { body: { definition }, tenant });

  /** Clients straight into the table, so the rows (ties, nulls, instants) are exactly the test's. */
  async function insertClients(
    tenantId: string,
    rows: { first: string; city: string | null; created?: string; born?: string }[],
    lastName = MARK,
  ) {
    for (const r of rows)
      await s.db.query(
        `insert into clients (tenant_id, first_name, last_name, city, date_of_birth, date_created) values ($1, $2, $3, $4, $5, coalesce($6::timestamptz, now()))`,
        [tenantId, r.first, lastName, r.city, r.born ?? null, r.created ?? null],
      );
  }

  before(async () => {
    s = await startServer();
    company = await s.as('company administrator');
    branchManager = await s.as('branch manager');
    tracking = await s.as('company admin');
    productManager = await s.as('product manager');
    tenants = {
      lending: await s.tenantId('Meridian Lending'),
      jhb: await s.tenantId('Johannesburg Branch'),
      cpt: await s.tenantId('Cape Town Branch'),
      tracking: await s.tenantId('Meridian Tracking'),
    };
    paths = Object.fromEntries(
      (
        await s.db.query<{ id: string; path: string }>(`select id, path from tenants where id = any($1::uuid[])`, [Object.values(tenants)])
      ).map((t) => [t.id, t.path]),
    );
    const cities = ['Soweto', 'Soweto', null, 'Alexandra', 'Soweto', null, 'Benoni', 'Alexandra', 'Soweto', 'Randburg', 'Benoni', null];
    await insertClients(
      tenants.jhb,
      cities.map((city, i) => ({ first: `Person ${String(i % 5)}`, city, born: `19${70 + i}-0${(i % 9) + 1}-15` })),
    );
    await insertClients(tenants.cpt, [{ first: 'Cape person', city: 'Bellville' }]);
    await insertClients(tenants.tracking, [{ first: 'Tracking person', city: 'Durban' }]);
  });
  after(() => s.close());

  test('every catalogue column has its SQL on the server and nothing else does', () => {
    for (const dataset of REPORT_DATASETS) {
      const sql = DATASET_SQL[dataset.key];
      assert.ok(sql, dataset.key);
      assert.deepEqual(Object.keys(sql.columns).sort(), dataset.columns.map((c) => c.key).sort(), dataset.key);
    }
    assert.deepEqual(Object.keys(DATASET_SQL).sort(), REPORT_DATASETS.map((d) => d.key).sort());
  });

  test('the catalogue offers only the datasets the caller may read', async () => {
    const keys = async (by: Actor) =>
      (await by.call<CatalogueDatasetAnswer[]>('GET', '/api/custom-reports/catalogue')).body.data.map((d) => d.key);
    assert.deepEqual(await keys(company), ['clients', 'leads', 'activities', 'loans', 'payments', 'devices', 'trips']);
    const branch = await keys(branchManager);
    assert.ok(branch.includes('clients') && branch.includes('loans'));
    assert.ok(!branch.includes('devices') && !branch.includes('trips'), 'a branch manager holds no tracking permission');
    // Clients and loans (and so payments) are read with CLIENTS; leads, activities and tracking are not.
    assert.deepEqual(await keys(productManager), ['clients', 'loans', 'payments']);
    const officer = await s.as('loan officer');
    assert.equal((await officer.call('GET', '/api/custom-reports/catalogue')).status, 403);
  });

  test('a grouped preview of loans totals principal per currency and status exactly as the table does', async () => {
    const answer = await preview(company, {
      dataset: 'loans',
      columns: [
        { column: 'currency' },
        { column: 'status' },
        { column: 'principal', aggregate: 'count' },
        { column: 'principal', aggregate: 'sum' },
      ],
      groupBy: ['currency', 'status'],
      sort: [{ column: 'principal', aggregate: 'sum', direction: 'DESC' }],
    });
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(
      answer.body.data.columns.map((c) => [c.key, c.kind]),
      [
        ['currency', 'text'],
        ['status', 'text'],
        ['count_principal', 'number'],
        ['sum_principal', 'money'],
      ],
    );
    const expected = await s.db.query<{ currency: string; status: string; n: number; total: number }>(
      `select l.currency, l.status, count(*)::int as n, sum(l.principal_minor)::bigint as total from loans l join tenants t on t.id = l.tenant_id
       where t.path like $1 group by 1, 2 order by 4 desc, 1, 2 limit 20`,
      [`${paths[tenants.lending]}%`],
    );
    assert.ok(expected.length > 0, 'the demo has loans');
    assert.deepEqual(
      answer.body.data.rows,
      expected.map((r) => [r.currency, r.status, r.n, r.total]),
    );
    assert.ok(
      answer.body.data.rows.every((r) => Number.isInteger(r[3])),
      'money is whole minor units',
    );
  });

  test('the builder refuses anything outside the catalogue with a 400 naming the field', async () => {
    const cases: [ReportDefinitionInput | Record<string, unknown>, string][] = [
      [{ dataset: 'users', columns: [{ column: 'email' }] }, 'definition.dataset'],
      [{ dataset: 'clients; drop table clients', columns: [{ column: 'email' }] }, 'definition.dataset'],
      [{ dataset: 'clients', columns: [{ column: 'password_hash' }] }, 'definition.columns.0.column'],
      [{ dataset: 'clients', columns: [{ column: 'x.id) from users --' }] }, 'definition.columns.0.column'],
      [{ dataset: 'clients', columns: [{ column: 'city', aggregate: 'sum' }] }, 'definition.columns.0.aggregate'],
      [{ dataset: 'clients', columns: [{ column: 'city', aggregate: 'median' }] }, 'definition.columns.0.aggregate'],
      [
        { dataset: 'clients', columns: [{ column: 'city' }], filters: [{ column: 'city', operator: 'gt', value: 'A' }] },
        'definition.filters.0.operator',
      ],
      [
        { dataset: 'clients', columns: [{ column: 'city' }], filters: [{ column: 'city', operator: 'like', value: '%' }] },
        'definition.filters.0.operator',
      ],
      [
        { dataset: 'clients', columns: [{ column: 'city' }], filters: [{ column: 'salary', operator: 'eq', value: 1 }] },
        'definition.filters.0.column',
      ],
      [
        { dataset: 'clients', columns: [{ column: 'city' }], filters: [{ column: 'dateOfBirth', operator: 'eq', value: 'yesterday' }] },
        'definition.filters.0.value',
      ],
      [
        {
          dataset: 'clients',
          columns: [{ column: 'city' }],
          filters: [{ column: 'dateOfBirth', operator: 'between', value: ['2020-01-01'] }],
        },
        'definition.filters.0.value',
      ],
      [
        { dataset: 'loans', columns: [{ column: 'status' }], filters: [{ column: 'principal', operator: 'gt', value: 10.5 }] },
        'definition.filters.0.value',
      ],
      [
        { dataset: 'clients', columns: [{ column: 'city' }], filters: [{ column: 'city', operator: 'isEmpty', value: 'x' }] },
        'definition.filters.0.value',
      ],
      [
        { dataset: 'clients', columns: [{ column: 'city' }], sort: [{ column: 'firstName', direction: 'ASC' }] },
        'definition.sort.0.column',
      ],
      [{ dataset: 'clients', columns: [{ column: 'city' }], sort: [{ column: 'city', direction: 'UP' }] }, 'definition.sort.0.direction'],
      [{ dataset: 'clients', columns: [{ column: 'city' }, { column: 'firstName', aggregate: 'count' }] }, 'definition.columns.0.column'],
      [{ dataset: 'clients', columns: [{ column: 'city' }], groupBy: ['country'] }, 'definition.groupBy.0'],
      [
        { dataset: 'loans', columns: [{ column: 'status' }, { column: 'principal', aggregate: 'sum' }], groupBy: ['status'] },
        'definition.columns.1.aggregate',
      ],
      [{ dataset: 'clients', columns: [] }, 'definition.columns'],
      [{ dataset: 'clients', columns: [{ column: 'city', sql: 'now()' }] }, 'definition.columns.0'],
    ];
    for (const [definition, field] of cases) {
      const answer = await company.call('POST', '/api/custom-reports/preview', { body: { definition } });
      assert.equal(answer.status, 400, `${JSON.stringify(definition)}: ${answer.text}`);
      assert.ok(
        Object.keys(fieldErrorsOf(answer)).some((f) => f === field || f.startsWith(`${field}.`)),
        `${JSON.stringify(definition)} should name ${field}: ${JSON.stringify(fieldErrorsOf(answer))}`,
      );
    }
    const saved = await company.call('POST', '/api/custom-reports', { body: { name: 'Bad', definition: cases[2]![0] } });
    assert.equal(saved.status, 400);
    assert.ok(fieldError(saved, 'definition.columns.0.column'));
  });

  test("a definition reads only the acting subtree: another company's or branch's rows never appear", async () => {
    const names: ReportDefinitionInput = {
      dataset: 'clients',
      columns: [{ column: 'firstName' }, { column: 'tenant' }],
      filters: [{ column: 'lastName', operator: 'eq', value: MARK.toLowerCase() }],
      sort: [{ column: 'firstName', direction: 'ASC' }],
    };
    const tenantsSeen = async (by: Actor, tenant?: string) => {
      const answer = await preview(by, names, tenant);
      assert.equal(answer.status, 200, answer.text);
      return [...new Set(answer.body.data.rows.map((r) => r[1]))].sort();
    };
    assert.deepEqual(await tenantsSeen(company), ['Cape Town Branch', 'Johannesburg Branch']);
    assert.deepEqual(await tenantsSeen(company, tenants.cpt), ['Cape Town Branch']);
    assert.deepEqual(await tenantsSeen(branchManager), ['Johannesburg Branch']);
    assert.deepEqual(await tenantsSeen(tracking), ['Meridian Tracking']);

    const lendingReport = await company.call<CustomReport>('POST', '/api/custom-reports', {
      body: { name: `${MARK} lending names`, definition: names },
    });
    assert.equal(lendingReport.status, 201, lendingReport.text);
    const id = lendingReport.body.data.id;
    for (const [method, url, body] of [
      ['GET', `/api/custom-reports/${id}`, undefined],
      ['PUT', `/api/custom-reports/${id}`, { name: 'Taken', definition: names }],
      ['POST', '/api/custom-reports/delete', { id }],
    ] as const)
      assert.equal((await tracking.call(method, url, { body })).status, 404, `${method} ${url}`);
    const trackingList = await tracking.call<CustomReportListItem[]>('GET', `/api/custom-reports?search=${MARK}`);
    assert.deepEqual(trackingList.body.data, []);
    // Made at the company, the report lies above the branch: the branch's people do not see it.
    assert.equal((await branchManager.call('GET', `/api/custom-reports/${id}`)).status, 404);
  });

  test('instants are filtered by their day in the tenant’s zone; days and instants read as ISO text', async () => {
    // 22:30 UTC on 1 March is 00:30 on 2 March in Johannesburg (UTC+2).
    await insertClients(
      tenants.jhb,
      [{ first: 'Late night', city: 'Zone', created: '2026-03-01T22:30:00.123Z', born: '1990-12-31' }],
      'Zone',
    );
    const onDay = (day: string) =>
      preview(company, {
        dataset: 'clients',
        columns: [{ column: 'firstName' }, { column: 'dateCreated' }, { column: 'dateOfBirth' }],
        filters: [
          { column: 'city', operator: 'eq', value: 'zone' },
          { column: 'dateCreated', operator: 'eq', value: day },
        ],
      });
    const second = await onDay('2026-03-02');
    assert.equal(second.status, 200, second.text);
    assert.deepEqual(second.body.data.rows, [['Late night', '2026-03-01T22:30:00.123Z', '1990-12-31']]);
    assert.deepEqual((await onDay('2026-03-01')).body.data.rows, []);
  });

  test('custom reports are saved, read, listed (sorted, searched, paged), changed and deleted; readers may not write', async () => {
    const definition: ReportDefinitionInput = {
      dataset: 'clients',
      columns: [{ column: 'city' }, { column: 'firstName', aggregate: 'count' }],
      groupBy: ['city'],
    };
    const made: CustomReport[] = [];
    for (const name of [`${MARK} beta`, `${MARK} alpha`, `${MARK} gamma`]) {
      const answer = await company.call<CustomReport>('POST', '/api/custom-reports', {
        body: { name, description: ' By city ', definition },
      });
      assert.equal(answer.status, 201, answer.text);
      made.push(answer.body.data);
    }
    const first = made[0]!;
    assert.deepEqual(
      [first.description, first.dataset, first.datasetLabel, first.categoryId, first.ownerId, first.tenantId],
      ['By city', 'clients', 'Clients', null, company.userId, tenants.lending],
    );
    assert.deepEqual(first.definition, reportDefinitionSchema.parse(definition));

    const page = await company.call<CustomReportListItem[]>('GET', `/api/custom-reports?search=${MARK}%20a&size=1`);
    assert.deepEqual(
      page.body.data.map((r) => r.name),
      [`${MARK} alpha`],
    );
    const sorted = await company.call<CustomReportListItem[]>(
      'GET',
      `/api/custom-reports?search=${MARK}&sortField=name&sortOrder=DESC&size=2&page=2`,
    );
    // By name, descending: lending names, gamma | beta, alpha.
    assert.deepEqual(
      sorted.body.data.map((r) => r.name),
      [`${MARK} beta`, `${MARK} alpha`],
    );
    assert.equal(pagingOf(sorted).total, 4, 'the three and the earlier lending names');
    assert.equal((await company.call('GET', '/api/custom-reports?sortField=definition')).status, 400);

    const changed = await company.call<CustomReport>('PUT', `/api/custom-reports/${first.id}`, {
      body: { name: `${MARK} beta by country`, definition: { ...definition, columns: [{ column: 'country' }], groupBy: ['country'] } },
    });
    assert.equal(changed.status, 200, changed.text);
    assert.deepEqual(
      [changed.body.data.name, changed.body.data.description, changed.body.data.definition.groupBy],
      [`${MARK} beta by country`, null, ['country']],
    );

    assert.equal((await productManager.call('GET', `/api/custom-reports/${first.id}`)).status, 200, 'REPORTS reads custom reports');
    assert.equal((await productManager.call('POST', '/api/custom-reports', { body: { name: 'No', definition } })).status, 403);
    assert.equal((await productManager.call('POST', '/api/custom-reports/preview', { body: { definition } })).status, 403);
    assert.equal((await productManager.call('PUT', `/api/custom-reports/${first.id}`, { body: { name: 'No', definition } })).status, 403);
    // A dataset the caller may not read is refused even to report writers.
    const devices = await branchManager.call('POST', '/api/custom-reports/preview', {
      body: { definition: { dataset: 'devices', columns: [{ column: 'name' }] } },
    });
    assert.equal(devices.status, 403);

    const deleted = await company.call('POST', '/api/custom-reports/delete', { body: { id: first.id } });
    assert.equal(deleted.status, 200);
    assert.equal((await company.call('GET', `/api/custom-reports/${first.id}`)).status, 404);
    const empty = await company.call<CustomReportListItem[]>('GET', '/api/custom-reports?search=nothing-matches-this');
    assert.deepEqual([empty.status, empty.body.data, pagingOf(empty).total], [200, [], 0]);
  });

  test('rows are read in keyset batches that together equal the whole ordered result, ties and nulls included', async () => {
    const scope = { tenantId: tenants.jhb, path: paths[tenants.jhb]! };
    const whole = async (definition: ReportDefinitionInput) => {
      const compiled = await compileReport(s.db, scope, reportDefinitionSchema.parse(definition), tenantTimeZone);
      const all = (await readBatch(s.db, compiled, 10_000, null)).rows;
      const batched: ReportCell[][] = [];
      for await (const row of readAllRows(s.db, compiled, 2)) batched.push(row);
      return { all, batched };
    };
    const byMark = { column: 'lastName', operator: 'eq', value: MARK } as const;
    const rows = await whole({
      dataset: 'clients',
      columns: [{ column: 'city' }, { column: 'firstName' }, { column: 'dateOfBirth' }],
      filters: [byMark],
      sort: [
        { column: 'city', direction: 'DESC' },
        { column: 'firstName', direction: 'ASC' },
      ],
    });
    assert.equal(rows.all.length, 12);
    assert.deepEqual(rows.batched, rows.all);
    assert.deepEqual(
      rows.all.slice(-3).map((r) => r[0]),
      [null, null, null],
      'nulls last',
    );
    const cities = rows.all.slice(0, 9).map((r) => r[0] as string);
    assert.deepEqual(cities, [...cities].sort().reverse());

    const grouped = await whole({
      dataset: 'clients',
      columns: [{ column: 'city' }, { column: 'firstName', aggregate: 'count' }],
      filters: [byMark],
      groupBy: ['city'],
      sort: [{ column: 'firstName', aggregate: 'count', direction: 'DESC' }],
    });
    assert.deepEqual(grouped.batched, grouped.all);
    assert.deepEqual(grouped.all, [
      ['Soweto', 4],
      [null, 3],
      ['Alexandra', 2],
      ['Benoni', 2],
      ['Randburg', 1],
    ]);
  });

  test('the run engine reads a visible report through customReportSource, and is refused one it may not see', async () => {
    const made = await company.call<CustomReport>('POST', '/api/custom-reports', {
      body: {
        name: `${MARK} source`,
        definition: {
          dataset: 'clients',
          columns: [{ column: 'firstName' }, { column: 'city' }],
          filters: [{ column: 'lastName', operator: 'eq', value: MARK }],
          sort: [{ column: 'firstName', direction: 'ASC' }],
        },
      },
    });
    assert.equal(made.status, 201, made.text);
    const principal = (userId: string, permissions: string[]): Principal => ({
      userId,
      userName: 'x',
      sessionId: '',
      impersonatorId: null,
      roles: [{ name: 'company administrator' }],
      permissions,
      isGlobalAdmin: false,
      homeTenantId: tenants.lending,
      tenantPaths: [paths[tenants.lending]!],
      apiKey: null,
      passwordChangeRequired: false,
    });
    const lendingScope = { tenantId: tenants.lending, path: paths[tenants.lending]! };
    const source = await customReportSource(s.db, lendingScope, principal(company.userId, ['CLIENTS', 'REPORTS']), made.body.data.id, {});
    assert.equal(source.name, `${MARK} source`);
    assert.deepEqual(source.columns, [
      { key: 'firstName', label: 'First name', kind: 'text' },
      { key: 'city', label: 'City', kind: 'text' },
    ]);
    const rows: ReportCell[][] = [];
    for await (const row of source.rows) rows.push(row);
    assert.equal(rows.length, 13, 'twelve in Johannesburg, one in Cape Town');
    const narrowed = await customReportSource(s.db, lendingScope, principal(company.userId, ['CLIENTS']), made.body.data.id, {
      tenantId: tenants.cpt,
    });
    const cape: ReportCell[][] = [];
    for await (const row of narrowed.rows) cape.push(row);
    assert.deepEqual(cape, [['Cape person', 'Bellville']]);

    await assert.rejects(
      customReportSource(s.db, lendingScope, principal(company.userId, ['REPORTS']), made.body.data.id, {}),
      (e: { statusCode?: number }) => e.statusCode === 403,
      'without CLIENTS the clients dataset is refused',
    );
    await assert.rejects(
      customReportSource(s.db, lendingScope, principal(company.userId, ['CLIENTS']), made.body.data.id, { fromDate: '2026-01-01' }),
      (e: { statusCode?: number }) => e.statusCode === 400,
    );
    await assert.rejects(
      customReportSource(
        s.db,
        { tenantId: tenants.tracking, path: paths[tenants.tracking]! },
        principal(tracking.userId, ['CLIENTS']),
        made.body.data.id,
        {},
      ),
      (e: { statusCode?: number }) => e.statusCode === 404,
    );
  });

  test("every demo report's saved definition still fits the catalogue and previews", async () => {
    for (const by of [company, branchManager, tracking]) {
      const list = await by.call<CustomReportListItem[]>('GET', '/api/custom-reports?size=100');
      const demo = list.body.data.filter((r) => !r.name.startsWith(MARK) && !r.name.startsWith('Visibility'));
      assert.ok(demo.length >= 1, 'the demo has reports for each of them');
      for (const item of demo) {
        const saved = await by.call<CustomReport>('GET', `/api/custom-reports/${item.id}`);
        const answer = await preview(by, saved.body.data.definition);
        assert.equal(answer.status, 200, `${item.name}: ${answer.text}`);
      }
    }
  });
});
