/**
 * Report runs over the realtime socket and the files they keep (issue 22 items 4 and 6), through a real
 * socket.io client against a listening server: each request is acknowledged, progress comes before the
 * completion, the file lies under DATA_DIR and parses as its format, and refusals (bad input, no permission,
 * another tenant, too many runs) come back in the acknowledgement. The kept files' list and download are
 * checked per subtree.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { io, type Socket } from 'socket.io-client';
import type { ReportComplete } from '@meridian/shared/contract/realtime';
import type { ReportFile, ReportProgress, ReportRunAnswer } from '@meridian/shared/contract/report-run';
import type { ParReport } from '@meridian/shared/contract/portfolio-report';
import type { SalesAgentReport, UserLoginsReport } from '@meridian/shared/contract/standard-report';
import { addDays } from '@meridian/shared/lending/schedule-dates';
import { minorToDecimalText } from '@meridian/shared/money-text';
import { databaseLabel, pagingOf, startServer, type Actor, type TestServer } from './support/harness';
import { createProcessSlots, REPORT_RUN_CONCURRENCY } from '../src/modules/report-runs/run-limits';
import { keysetOrder } from '../src/db/keyset-batches';
import { dayWindow, todayIn } from '../src/modules/agent/day-window';
import { AGENT_SORT, agentBatches } from '../src/modules/sales-agent-report/sales-agent-list';
import { USER_LOGINS_SORT, userLoginsBatches } from '../src/modules/users/user-logins-per-user';

const connect = (url: string, actor: Actor, tenantId?: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(url, {
      auth: tenantId ? { token: actor.token, tenantId } : { token: actor.token },
      transports: ['websocket'],
      reconnection: false,
      timeout: 5000,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });

/** What a socket hears of its user's runs, in order: progress and completions. */
interface Heard {
  progress: ReportProgress[];
  complete: (ReportComplete & { event: string })[];
  order: string[];
}

function listen(socket: Socket): Heard {
  const heard: Heard = { progress: [], complete: [], order: [] };
  socket.on('reportProgress', (p: ReportProgress) => {
    heard.progress.push(p);
    heard.order.push(`progress:${p.runId}`);
  });
  for (const event of ['reportComplete', 'csvReportComplete']) {
    socket.on(event, (c: ReportComplete) => {
      heard.complete.push({ ...c, event });
      heard.order.push(`${event}:${c.runId}`);
    });
  }
  return heard;
}

async function until<T>(find: () => T | undefined, what: string, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const ask = (socket: Socket, event: string, payload: unknown): Promise<ReportRunAnswer> =>
  socket.timeout(10_000).emitWithAck(event, payload);

/** A run asked for and carried to its completion message. */
async function runToEnd(socket: Socket, heard: Heard, event: string, payload: unknown) {
  const answer = await ask(socket, event, payload);
  assert.equal(answer.success, true, `the run is accepted: ${JSON.stringify(answer)}`);
  const { runId } = answer as { runId: string };
  const complete = await until(() => heard.complete.find((c) => c.runId === runId), `the completion of ${runId}`);
  return { runId, complete };
}

/** RFC 4180 records of a CSV text (quoted fields may hold commas, quotes and line breaks). */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || record.length) records.push([...record, field]);
  return records;
}

describe(`report runs over the socket and kept report files (${databaseLabel})`, () => {
  let s: TestServer;
  let url: string;
  let dataDir: string;
  const sockets: Socket[] = [];
  const tenants = { lending: '', jhb: '', cpt: '' };

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-report-runs-'));
    s = await startServer({ dataDir });
    url = await s.built.listen();
    tenants.lending = await s.tenantId('Meridian Lending');
    tenants.jhb = await s.tenantId('Johannesburg Branch');
    tenants.cpt = await s.tenantId('Cape Town Branch');
  });
  after(async () => {
    sockets.forEach((socket) => socket.close());
    await s.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const open = async (actor: Actor, tenantId?: string) => {
    const socket = await connect(url, actor, tenantId);
    sockets.push(socket);
    return { socket, heard: listen(socket) };
  };
  const keptFile = async (runId: string) => {
    const row = await s.db.one<{ stored_path: string; status: string; row_count: number; size_bytes: string }>(
      `select stored_path, status, row_count, size_bytes::text from report_files where id = $1`,
      [runId],
    );
    assert.ok(row, 'the run is recorded');
    return { ...row, absolute: path.join(dataDir, ...row.stored_path.split('/')) };
  };

  test('runReportV2 writes a PDF under DATA_DIR: acknowledged with the run id, progress, then reportComplete with its download path', async () => {
    const admin = await s.as('company administrator');
    const { socket, heard } = await open(admin);
    const { runId, complete } = await runToEnd(socket, heard, 'runReportV2', {
      reportId: 'userLoginReport',
      parameters: {},
      exportFormat: 'PDF',
    });
    assert.equal(complete.event, 'reportComplete');
    assert.equal(complete.success, true);
    assert.equal(complete.reportName, 'User login report');
    assert.equal(complete.filePath, `/api/reports/files/${runId}/download`);
    assert.ok(heard.order.indexOf(`progress:${runId}`) >= 0, 'progress was sent');
    assert.ok(heard.order.indexOf(`progress:${runId}`) < heard.order.indexOf(`reportComplete:${runId}`), 'progress comes first');

    const file = await keptFile(runId);
    assert.equal(file.status, 'done');
    assert.ok(file.stored_path.startsWith(`reports/${tenants.lending}/`), file.stored_path);
    const bytes = fs.readFileSync(file.absolute);
    assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.equal(String(bytes.length), file.size_bytes);

    const download = await admin.call('GET', complete.filePath!);
    assert.equal(download.status, 200);
    assert.equal(download.headers['content-type'], 'application/pdf');
    assert.match(String(download.headers['content-disposition']), /^attachment; filename="User login report \d{4}-\d{2}-\d{2}\.pdf"/);
    assert.equal(download.text.slice(0, 5), '%PDF-');
  });

  test('generateCSVReport writes every row of the login report, walked in batches, and ends with csvReportComplete', async () => {
    const admin = await s.as('company administrator');
    const officer = await s.userId('loan-officer');
    // 1,203 sign-ins (three batches), many at one same moment: the keyset walk must neither skip nor repeat one.
    await s.db.query(
      `insert into login_history (user_id, tenant_id, success, reason, ip, user_agent, date_created)
       select $1, u.tenant_id, g % 3 <> 0, case when g % 3 = 0 then 'Wrong password, "twice"' end, '10.0.0.' || (g % 250),
         'Agent, with a comma', now() - interval '1 hour' + (g / 400) * interval '1 microsecond'
       from users u, generate_series(1, 1203) g where u.id = $1`,
      [officer],
    );
    const parameters = { search: 'loan-officer', startDate: new Date(Date.now() - 2 * 3_600_000).toISOString() };
    const expected = pagingOf(await admin.call('GET', `/api/users/loginreport?${new URLSearchParams({ ...parameters, size: '1' })}`)).total;
    assert.ok(expected >= 1203, `the GET route counts ${expected}`);

    const { socket, heard } = await open(admin);
    const { runId, complete } = await runToEnd(socket, heard, 'generateCSVReport', { reportId: 'userLoginReport', parameters });
    assert.equal(complete.event, 'csvReportComplete');
    assert.equal(complete.success, true);
    const last = heard.progress.filter((p) => p.runId === runId).at(-1);
    assert.equal(last?.rowsDone, expected, 'the last progress counts every row');

    const file = await keptFile(runId);
    assert.equal(file.row_count, expected);
    const text = fs.readFileSync(file.absolute, 'utf8');
    assert.equal(text.charCodeAt(0), 0xfeff, 'a byte-order mark leads');
    const [header, ...rows] = csvRecords(text.slice(1));
    assert.deepEqual(header, ['When', 'User name', 'First name', 'Last name', 'Tenant', 'Succeeded', 'Reason', 'Address', 'Browser']);
    assert.equal(rows.length, expected);
    assert.ok(
      rows.some((r) => r[6] === 'Wrong password, "twice"' && r[8] === 'Agent, with a comma'),
      'quoted fields come back whole',
    );
    assert.ok(
      rows.every((r) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(r[0]!)),
      'instants are written in the tenant zone, as text',
    );
    const whens = rows.map((r) => r[0]!);
    assert.deepEqual([...whens].sort().reverse(), whens, 'newest first');
  });

  test('generateReport writes the PAR report as XLSX that exceljs reads back: the groups and totals of GET par-over-thirty, money as decimal text', async () => {
    const admin = await s.as('company administrator');
    const par = await admin.call<ParReport>('GET', '/api/reports/standard/par-over-thirty?groupBy=branch&size=1000');
    assert.equal(par.status, 200);
    const { socket, heard } = await open(admin);
    const { runId, complete } = await runToEnd(socket, heard, 'generateReport', {
      reportId: 'parVarThirtyReport',
      // As the PAR screen sends it: its trend's window rides along, unused by the groups.
      parameters: { groupBy: 'branch', fromDate: '2025-01-01', toDate: '2025-06-30' },
      exportFormat: 'XLSX',
    });
    assert.equal(complete.event, 'reportComplete');
    assert.equal(complete.success, true);
    const file = await keptFile(runId);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file.absolute);
    const sheet = workbook.worksheets[0]!;
    assert.equal(sheet.name, 'PAR > 30 report');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    assert.deepEqual(values(1), ['Branch', 'Currency', 'Loans', 'Loans at risk', 'Outstanding principal', 'Principal at risk', 'PAR30 %']);
    const expectedRows = par.body.data.groups.length + par.body.data.totals.length;
    assert.equal(sheet.actualRowCount - 1, expectedRows);
    assert.equal(file.row_count, expectedRows);
    const total = par.body.data.totals[0];
    assert.ok(total, 'the demo book has loans');
    const totalRow = values(1 + par.body.data.groups.length + 1);
    assert.equal(totalRow[0], 'Total');
    assert.equal(totalRow[2], total.loans, 'counts are numbers');
    assert.equal(totalRow[4], minorToDecimalText(total.outstandingPrincipalMinor), 'money is the exact decimal text of its minor units');
  });

  test('the PAR trend, the collections summary and the tenant loans report each run to a file', async () => {
    const admin = await s.as('company administrator');
    const { socket, heard } = await open(admin);
    for (const [reportId, parameters, format] of [
      ['parVarThirtyReport', { view: 'trend' }, 'CSV'],
      ['collectionsSummaryReport', { period: 'week' }, 'PDF'],
      ['tenantLoansReport', {}, 'XLSX'],
    ] as const) {
      const { runId, complete } = await runToEnd(socket, heard, 'runReportV2', { reportId, parameters, exportFormat: format });
      assert.equal(complete.success, true, `${reportId}: ${complete.body}`);
      const file = await keptFile(runId);
      assert.equal(file.status, 'done');
      assert.ok(fs.statSync(file.absolute).size > 0, `${reportId} wrote its file`);
    }
  });

  test("a custom report runs to a CSV with its own columns and every row its preview shows; one outside the caller's reach is refused", async () => {
    const admin = await s.as('company administrator');
    const listed = await admin.call<{ id: string }[]>('GET', '/api/custom-reports?size=100');
    assert.equal(listed.status, 200, listed.text);
    assert.ok(listed.body.data[0], 'the demo has a custom report');
    const report = (
      await admin.call<{ id: string; name: string; definition: unknown }>('GET', `/api/custom-reports/${listed.body.data[0]!.id}`)
    ).body.data;
    const preview = await admin.call<{ columns: { label: string }[]; rows: unknown[][] }>('POST', '/api/custom-reports/preview', {
      body: { definition: report.definition },
    });
    assert.equal(preview.status, 200, preview.text);
    const { socket, heard } = await open(admin);
    const { runId, complete } = await runToEnd(socket, heard, 'generateCSVReport', { reportId: report.id, parameters: {} });
    assert.equal(complete.success, true, complete.body);
    assert.equal(complete.reportName, report.name);
    // The file opens with a byte-order mark, for spreadsheet programs to read it as UTF-8.
    const text = fs.readFileSync((await keptFile(runId)).absolute, 'utf8').replace(/^\uFEFF/, '');
    const records = csvRecords(text).filter((r) => r.some((cell) => cell !== ''));
    const header = records.findIndex((r) => r.join('|') === preview.body.data.columns.map((c) => c.label).join('|'));
    assert.ok(header >= 0, `the file has the report's column labels: ${JSON.stringify(records.slice(0, 3))}`);
    const rows = records.slice(header + 1);
    if (preview.body.data.rows.length < 20) assert.equal(rows.length, preview.body.data.rows.length);
    else assert.ok(rows.length >= 20);

    const tracking = await s.as('company admin');
    const theirs = await open(tracking);
    const refused = await ask(theirs.socket, 'runReportV2', { reportId: report.id, parameters: {}, exportFormat: 'CSV' });
    assert.deepEqual([refused.success, (refused as { code?: string }).code], [false, 'NOT_FOUND']);
  });

  test('bad input is refused in the acknowledgement, naming the field, and nothing is recorded', async () => {
    const admin = await s.as('company administrator');
    const { socket } = await open(admin);
    const before = (await s.db.one<{ n: number }>(`select count(*)::int as n from report_files`))!.n;
    const refusals: [unknown, string, RegExp][] = [
      [{ reportId: 'userLoginReport', parameters: {} }, 'VALIDATION', /^exportFormat: Choose PDF, XLSX or CSV\./],
      [{ reportId: 'userLoginReport', exportFormat: 'DOCX' }, 'VALIDATION', /^exportFormat/],
      [{ reportId: 'nonsense', exportFormat: 'PDF' }, 'VALIDATION', /^reportId: /],
      [{ reportId: 'parVarThirtyReport', parameters: { groupBy: 'planet' }, exportFormat: 'PDF' }, 'VALIDATION', /^parameters\.groupBy: /],
      [{ reportId: 'parVarThirtyReport', parameters: { groupby: 'branch' }, exportFormat: 'PDF' }, 'VALIDATION', /^parameters\.groupby: /],
      [
        { reportId: 'userLoginReport', parameters: { startDate: 'yesterday' }, exportFormat: 'CSV' },
        'VALIDATION',
        /^parameters\.startDate/,
      ],
      [{ reportId: 'userLoginReport', parameters: { page: 7 }, exportFormat: 'CSV' }, 'VALIDATION', /^parameters\.page/],
      [{ reportId: 'userLoginReport', exportFormat: 'CSV', extra: true }, 'VALIDATION', /./],
      ['not an object', 'VALIDATION', /./],
      [{ reportId: 'salesAgentReport', parameters: { sortField: 'leads' }, exportFormat: 'PDF' }, 'VALIDATION', /^parameters\.sortField: /],
      [
        { reportId: 'userLoginsPerUserReport', parameters: { fromDate: 'soon' }, exportFormat: 'CSV' },
        'VALIDATION',
        /^parameters\.fromDate/,
      ],
      [{ reportId: '6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b', exportFormat: 'PDF' }, 'NOT_FOUND', /does not exist/],
    ];
    for (const [payload, code, message] of refusals) {
      const answer = await ask(socket, 'runReportV2', payload);
      assert.equal(answer.success, false, JSON.stringify(payload));
      const refusal = answer as { code: string; message: string };
      assert.equal(refusal.code, code, `${JSON.stringify(payload)}: ${refusal.message}`);
      assert.match(refusal.message, message, JSON.stringify(payload));
    }
    assert.equal((await s.db.one<{ n: number }>(`select count(*)::int as n from report_files`))!.n, before);
    assert.ok(socket.connected, 'the socket survives every bad request');
  });

  test("a user without the report's permission is refused; so is a tenant outside the caller's subtree", async () => {
    const officer = await s.as('loan officer');
    const { socket } = await open(officer);
    const refused = await ask(socket, 'runReportV2', { reportId: 'userLoginReport', exportFormat: 'CSV' });
    assert.deepEqual(refused.success, false);
    assert.equal((refused as { code: string }).code, 'FORBIDDEN');

    const manager = await s.as('branch manager');
    const { socket: managerSocket } = await open(manager);
    const otherBranch = await ask(managerSocket, 'runReportV2', {
      reportId: 'tenantLoansReport',
      parameters: { tenantId: tenants.cpt },
      exportFormat: 'CSV',
    });
    assert.equal(otherBranch.success, false);
    assert.equal((otherBranch as { code: string }).code, 'NOT_FOUND', 'another branch is answered as if it did not exist');
  });

  /** A CSV run of `reportId` by `actor`, carried to its end: the header and the rows of its kept file. */
  async function csvExport(actor: Actor, reportId: string, parameters: Record<string, string> = {}) {
    const { socket, heard } = await open(actor);
    const { runId, complete } = await runToEnd(socket, heard, 'generateCSVReport', { reportId, parameters });
    assert.equal(complete.success, true, `${reportId}: ${complete.body}`);
    const file = await keptFile(runId);
    const [header, ...rows] = csvRecords(fs.readFileSync(file.absolute, 'utf8').replace(/^\uFEFF/, ''));
    assert.equal(file.row_count, rows.length);
    return { header: header!, rows };
  }

  test("the sales agent report exports to CSV the GET route's agents of the caller's subtree, with their figures, in its order", async () => {
    const window = { fromDate: '2020-01-01', toDate: '2020-01-01' };
    // As the screen sends its filters; the default window (a day back, 30 days ahead) when it sends none.
    for (const [role, parameters, inside, outside] of [
      ['team leader', {}, ['loan-officer', 'team-leader'], ['credit-officer']],
      ['branch manager', {}, ['loan-officer', 'team-leader', 'credit-officer'], []],
      ['branch manager', { ...window, tenantId: tenants.jhb }, ['credit-officer'], []],
    ] as const) {
      const actor = await s.as(role);
      const query = new URLSearchParams({ ...parameters, size: '1000' });
      const page = await actor.call<SalesAgentReport>('GET', `/api/reports/standard/sales-agents?${query}`);
      assert.equal(page.status, 200, page.text);
      const { header, rows } = await csvExport(actor, 'salesAgentReport', parameters);
      assert.deepEqual(header, [
        'Agent',
        'User name',
        'Tenant',
        'Activities',
        'By status',
        'Leads',
        'Conversions',
        'Distance (m)',
        'Time in the field (min)',
      ]);
      assert.deepEqual(
        rows,
        page.body.data.agents.map((a) => [
          a.agentName,
          a.userName,
          a.tenantName,
          String(a.activities),
          a.activitiesByStatus.map((b) => `${b.status} ${b.count}`).join(', '),
          String(a.leads),
          String(a.conversions),
          String(a.distanceMeters),
          String(a.fieldMinutes),
        ]),
        `${role}: the export is the GET route's rows`,
      );
      const userNames = rows.map((r) => r[1]);
      for (const userName of inside) assert.ok(userNames.includes(userName), `${role} exports ${userName}`);
      for (const userName of outside) assert.ok(!userNames.includes(userName), `${role} does not export ${userName}, outside the subtree`);
    }
    assert.ok(
      (await csvExport(await s.as('branch manager'), 'salesAgentReport')).rows.some((r) => Number(r[3]) > 0),
      'the demo agents have activities in the default window',
    );
  });

  test("the sign-ins per user export to CSV the GET route's users of the caller's subtree with their counts; the attempts of others stay out", async () => {
    const [officer, credit, manager] = await Promise.all(['loan-officer', 'credit-officer', 'branch-manager'].map((u) => s.userId(u)));
    // A sign-in of Soweto's loan officer, a failure of Johannesburg's credit officer; the branch manager's own.
    await s.db.query(
      `insert into login_history (user_id, tenant_id, success, reason, ip, user_agent, date_created)
       select u.id, u.tenant_id, u.id = $1, case when u.id = $1 then null else 'bad credentials' end, '10.0.0.9', 'Test', now() - interval '2 hours'
       from users u where u.id = any($2::uuid[])`,
      [officer, [officer, credit, manager]],
    );
    for (const [role, inside, outside] of [
      ['team leader', ['loan-officer'], ['credit-officer', 'branch-manager']],
      ['branch manager', ['loan-officer', 'credit-officer', 'branch-manager'], []],
    ] as const) {
      const actor = await s.as(role);
      const page = await actor.call<UserLoginsReport>('GET', '/api/users/loginreport/per-user?size=1000');
      assert.equal(page.status, 200, page.text);
      const { header, rows } = await csvExport(actor, 'userLoginsPerUserReport');
      assert.deepEqual(header, ['User', 'User name', 'Tenant', 'Sign-ins', 'Failures', 'Lock-outs', 'Last sign-in', 'Last failure']);
      assert.deepEqual(
        rows.map((r) => r.slice(0, 6)),
        page.body.data.users.map((u) => [
          `${u.firstName} ${u.lastName}`.trim(),
          u.userName,
          u.tenantName,
          String(u.signIns),
          String(u.failures),
          String(u.lockOuts),
        ]),
        `${role}: the export is the GET route's rows`,
      );
      rows.forEach((r, i) => {
        const user = page.body.data.users[i]!;
        assert.equal(r[6] === '', user.lastSignInAt === null, `${user.userName}: the last sign-in`);
        assert.equal(r[7] === '', user.lastFailureAt === null, `${user.userName}: the last failure`);
        for (const at of r.slice(6).filter(Boolean)) assert.match(at, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      });
      const userNames = rows.map((r) => r[1]);
      for (const userName of inside) assert.ok(userNames.includes(userName), `${role} exports ${userName}`);
      for (const userName of outside) assert.ok(!userNames.includes(userName), `${role} does not export ${userName}, outside the subtree`);
    }
  });

  test('both exports walk their rows in keyset batches that give every sort of the GET route in its order, ties and all', async () => {
    const admin = await s.as('company administrator');
    const lending = (await s.db.one<{ path: string }>(`select path from tenants where id = $1`, [tenants.lending]))!.path;
    const today = todayIn('Africa/Johannesburg');
    const window = { fromDate: addDays(today, -1), toDate: addDays(today, 7) };
    const read = async <T>(batches: AsyncIterable<T[]>) => {
      const rows: T[] = [];
      for await (const batch of batches) {
        assert.ok(batch.length <= 2, 'one batch at a time');
        rows.push(...batch);
      }
      return rows;
    };
    const loginWindow = await dayWindow(s.db, window.fromDate, window.toDate, 'Africa/Johannesburg');
    for (const sortField of Object.keys(USER_LOGINS_SORT.fields)) {
      for (const sortOrder of ['ASC', 'DESC']) {
        const query = new URLSearchParams({ ...window, sortField, sortOrder, size: '1000' });
        const page = await admin.call<UserLoginsReport>('GET', `/api/users/loginreport/per-user?${query}`);
        const walked = await read(
          userLoginsBatches(s.db, lending, loginWindow, { search: '' }, keysetOrder(USER_LOGINS_SORT, { sortField, sortOrder }), 2),
        );
        assert.ok(walked.length > 2, 'more than one batch');
        assert.deepEqual(
          walked.map((u) => u.userId),
          page.body.data.users.map((u) => u.userId),
          `sign-ins by ${sortField} ${sortOrder}`,
        );
      }
    }
    for (const sortField of Object.keys(AGENT_SORT.fields)) {
      for (const sortOrder of ['ASC', 'DESC']) {
        const query = new URLSearchParams({ sortField, sortOrder, size: '1000' });
        const page = await admin.call<SalesAgentReport>('GET', `/api/reports/standard/sales-agents?${query}`);
        const walked = await read(agentBatches(s.db, lending, { search: '' }, keysetOrder(AGENT_SORT, { sortField, sortOrder }), 2));
        assert.ok(walked.length > 2, 'more than one batch');
        assert.deepEqual(
          walked.map((a) => a.userId),
          page.body.data.agents.map((a) => a.userId),
          `agents by ${sortField} ${sortOrder}`,
        );
      }
    }
  });

  test('the sales agent and sign-ins per user exports are refused to a caller who may not read them on screen', async () => {
    const officer = await s.as('loan officer');
    const { socket } = await open(officer);
    for (const reportId of ['salesAgentReport', 'userLoginsPerUserReport']) {
      const refused = await ask(socket, 'generateCSVReport', { reportId });
      assert.deepEqual([refused.success, (refused as { code?: string }).code], [false, 'FORBIDDEN'], reportId);
    }
    // The login report's readers without the standard reports' grant read the GET route, but not the screen.
    const usersAdmin = await s.actorWith(`usersonly${Date.now()}`, ['ADMIN/USERS']);
    assert.equal((await usersAdmin.call('GET', '/api/users/loginreport/per-user')).status, 200);
    const theirs = await open(usersAdmin);
    const refused = await ask(theirs.socket, 'generateCSVReport', { reportId: 'userLoginsPerUserReport' });
    assert.deepEqual([refused.success, (refused as { code?: string }).code], [false, 'FORBIDDEN']);
  });

  test('a permission taken away after the socket opened counts at the next request', async () => {
    const reader = await s.actorWith(`reportreader${Date.now()}`, ['CRM/REPORTS']);
    const { socket } = await open(reader);
    assert.equal((await ask(socket, 'generateCSVReport', { reportId: 'tenantLoansReport' })).success, true);
    await s.db.query(`delete from user_roles where user_id = $1`, [reader.userId]);
    const refused = await ask(socket, 'generateCSVReport', { reportId: 'tenantLoansReport' });
    assert.equal((refused as { code: string }).code, 'FORBIDDEN');
  });

  test('a user with two runs still writing is refused a third, saying so', async () => {
    const manager = await s.as('branch manager');
    // Two runs of this user still writing (on this or another API process) are what the limit counts.
    for (let i = 0; i < 2; i += 1) {
      await s.db.query(
        `insert into report_files (tenant_id, report_id, report_kind, report_name, format, file_name, stored_path, created_by)
         values ($1, 'userLoginReport', 'standard', 'User login report', 'CSV', 'x.csv', 'reports/x.csv', $2)`,
        [manager.homeTenantId, manager.userId],
      );
    }
    const { socket } = await open(manager);
    const refused = await ask(socket, 'generateCSVReport', { reportId: 'userLoginReport' });
    assert.equal(refused.success, false);
    assert.equal((refused as { code: string }).code, 'REPORT_RUNS_BUSY');
    assert.match((refused as { message: string }).message, /already have 2 reports being generated/);
    await s.db.query(`update report_files set status = 'failed', failure = 'test' where created_by = $1 and status = 'running'`, [
      manager.userId,
    ]);
    assert.equal((await ask(socket, 'generateCSVReport', { reportId: 'userLoginReport' })).success, true, 'a place freed is taken again');
  });

  test('the kept files are listed newest first in the caller subtree, and another branch can neither list nor download them', async () => {
    const admin = await s.as('company administrator');
    const manager = await s.as('branch manager');
    // A file of Cape Town (the administrator acting there), and one of Johannesburg (its manager's).
    const cape = await open(admin, tenants.cpt);
    const capeRun = await runToEnd(cape.socket, cape.heard, 'generateCSVReport', { reportId: 'tenantLoansReport' });
    const jhb = await open(manager);
    const jhbRun = await runToEnd(jhb.socket, jhb.heard, 'generateCSVReport', { reportId: 'tenantLoansReport' });

    const listOf = async (actor: Actor, query = '') => {
      const answer = await actor.call<ReportFile[]>('GET', `/api/reports/files?size=1000${query}`);
      assert.equal(answer.status, 200);
      return answer.body.data;
    };
    const adminFiles = await listOf(admin);
    const ids = adminFiles.map((f) => f.id);
    assert.ok(ids.includes(capeRun.runId) && ids.includes(jhbRun.runId), 'the company sees both branches');
    assert.ok(ids.indexOf(jhbRun.runId) < ids.indexOf(capeRun.runId), 'newest first');
    const listed = adminFiles.find((f) => f.id === capeRun.runId)!;
    assert.equal(listed.tenantId, tenants.cpt);
    assert.equal(listed.status, 'done');
    assert.equal(listed.downloadPath, capeRun.complete.filePath);
    assert.equal(listed.format, 'CSV');
    assert.ok(listed.rows >= 0 && listed.sizeBytes > 0);

    const managerIds = (await listOf(manager)).map((f) => f.id);
    assert.ok(managerIds.includes(jhbRun.runId));
    assert.ok(!managerIds.includes(capeRun.runId), 'Johannesburg does not list Cape Town’s file');
    const foreign = await manager.call('GET', capeRun.complete.filePath!);
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body.result.code, 'NOT_FOUND');
    assert.equal((await manager.call('GET', jhbRun.complete.filePath!)).status, 200);

    const searched = await listOf(admin, '&search=tenant%20loans');
    assert.ok(searched.length > 0 && searched.every((f) => f.reportName === 'Tenant loans report'));
    assert.equal((await listOf(admin, '&search=no%20such%20report')).length, 0);

    const officer = await s.as('loan officer');
    assert.equal((await officer.call('GET', '/api/reports/files')).status, 403, 'no report grant, no list');
    assert.equal((await officer.call('GET', jhbRun.complete.filePath!)).status, 403);
  });

  test('a file whose run is still writing answers 409, and a bad id 400', async () => {
    const admin = await s.as('company administrator');
    const row = (await s.db.one<{ id: string }>(
      `insert into report_files (tenant_id, report_id, report_kind, report_name, format, file_name, stored_path, created_by)
       values ($1, 'userLoginReport', 'standard', 'User login report', 'PDF', 'x.pdf', 'reports/x.pdf', $2) returning id`,
      [admin.homeTenantId, admin.userId],
    ))!;
    const running = await admin.call('GET', `/api/reports/files/${row.id}/download`);
    assert.equal(running.status, 409);
    const listed = (await admin.call<ReportFile[]>('GET', '/api/reports/files?size=5')).body.data.find((f) => f.id === row.id);
    assert.equal(listed?.status, 'running');
    assert.equal(listed?.downloadPath, null);
    const bad = await admin.call('GET', '/api/reports/files/not-an-id/download');
    assert.equal(bad.status, 400);
  });
});

describe('the per-process limit of report runs', () => {
  test('a process gives out as many places as its limit, and a place given back is given again (once)', () => {
    const slots = createProcessSlots();
    const taken = Array.from({ length: REPORT_RUN_CONCURRENCY.perProcess }, () => slots.take());
    assert.ok(taken.every((release) => release !== null));
    assert.equal(slots.take(), null, 'no place beyond the limit');
    taken[0]!();
    taken[0]!();
    assert.equal(slots.running, REPORT_RUN_CONCURRENCY.perProcess - 1, 'releasing twice frees one place');
    assert.notEqual(slots.take(), null);
    assert.equal(slots.take(), null);
  });
});
