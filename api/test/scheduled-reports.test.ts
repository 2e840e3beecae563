/**
 * Scheduled reports' calls (issue 22 item 5): saving and validating schedules, who may read and change
 * them, tenancy, pause and resume, the run history, and runs made by the queue with the product's own
 * report file maker (the report runs' engine, as the schedule's user) that keep their file and mail it;
 * and a run refused because its user lost the right to it.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type net from 'node:net';
import { SMTPServer } from 'smtp-server';
import ExcelJS from 'exceljs';
import type { ParReport } from '@meridian/shared/contract/portfolio-report';
import type { ReportFile } from '@meridian/shared/contract/report-run';
import type { ScheduledReport, ScheduledReportRun, ScheduledReportSave } from '@meridian/shared/contract/scheduled-report';
import { nextRunTimes } from '@meridian/shared/reports/report-schedule';
import { databaseLabel, fieldError, pagingOf, startServer, type Actor, type TestServer } from './support/harness';
import { RUN_REFUSALS } from '../src/modules/report-runs/scheduled-run-maker';

interface KeptFile {
  tenantId: string;
  reportId: string;
  format: string;
  fileName: string;
  storedPath: string;
  rows: number;
  status: string;
  createdBy: string;
}

const dailyAtSeven = (extra: Partial<ScheduledReportSave> = {}): ScheduledReportSave => ({
  name: 'PAR every morning',
  reportId: 'parVarThirtyReport',
  parameters: { groupBy: 'branch' },
  format: 'CSV',
  scheduleKind: 'daily',
  time: '07:00',
  recipients: ['board@example.com', 'Risk@Example.com'],
  ...extra,
});

describe(`scheduled reports (${databaseLabel})`, () => {
  let s: TestServer;
  let dataDir: string;
  let admin: Actor;
  let branchManager: Actor;
  let teamLeader: Actor;
  let tracking: Actor;

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-schedules-'));
    s = await startServer({ dataDir });
    admin = await s.as('company administrator');
    branchManager = await s.as('branch manager');
    teamLeader = await s.as('team leader');
    tracking = await s.as('company admin');
  });
  after(async () => {
    await s?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const create = async (actor: Actor, body: ScheduledReportSave) => {
    const answer = await actor.call<ScheduledReport>('POST', '/api/scheduled-reports', { body });
    assert.equal(answer.status, 201, answer.text);
    return answer.body.data;
  };

  test('the demo data holds three Lending schedules, one paused, with a history of past runs', async () => {
    const list = await admin.call<ScheduledReport[]>('GET', '/api/scheduled-reports?size=100&search=demo');
    assert.equal(list.status, 200, list.text);
    const demo = (await admin.call<ScheduledReport[]>('GET', '/api/scheduled-reports?size=100')).body.data.filter((r) =>
      ['PAR over 30 days, Monday mornings', 'Month-end collections summary', 'Tenant loans on weekdays (cron)'].includes(r.name),
    );
    assert.equal(demo.length, 3);
    assert.deepEqual(
      demo.filter((r) => !r.active).map((r) => [r.name, r.nextRunAt]),
      [['Tenant loans on weekdays (cron)', null]],
    );
    const weekly = demo.find((r) => r.scheduleKind === 'weekly')!;
    const runs = await admin.call<ScheduledReportRun[]>('GET', `/api/scheduled-reports/${weekly.id}/runs`);
    assert.equal(pagingOf(runs).total, 3);
    assert.ok(runs.body.data.every((r) => r.status === 'done' && r.fileName && new Date(r.occurrenceAt!).getTime() < Date.now()));
  });

  test('a saved daily schedule runs next at its time in the tenant zone, recipients kept in lower case', async () => {
    const saved = await create(admin, dailyAtSeven());
    assert.equal(saved.cronExpression, '0 7 * * *');
    assert.equal(saved.timeZone, 'Africa/Johannesburg');
    assert.deepEqual(saved.recipients, ['board@example.com', 'risk@example.com']);
    assert.equal(saved.active, true);
    assert.equal(saved.runAsUserId, admin.userId);
    const expected = nextRunTimes('0 7 * * *', 'Africa/Johannesburg', 1)[0]!;
    assert.equal(new Date(saved.nextRunAt!).toISOString(), expected.toISOString());
    // 07:00 in Johannesburg (UTC+2, no DST) is 05:00 UTC.
    assert.equal(new Date(saved.nextRunAt!).getUTCHours(), 5);
  });

  test('weekly, monthly and cron schedules become their cron expressions; fields of other kinds are dropped', async () => {
    const weekly = await create(admin, dailyAtSeven({ name: 'Weekly', scheduleKind: 'weekly', dayOfWeek: 1, dayOfMonth: 9 }));
    assert.equal(weekly.cronExpression, '0 7 * * 1');
    assert.equal(weekly.dayOfMonth, null);
    const monthly = await create(admin, dailyAtSeven({ name: 'Monthly', scheduleKind: 'monthly', time: '18:30', dayOfMonth: 28 }));
    assert.equal(monthly.cronExpression, '30 18 28 * *');
    const cron = await create(admin, dailyAtSeven({ name: 'Cron', scheduleKind: 'cron', time: '09:00', cron: ' 15  6 * *  1-5 ' }));
    assert.equal(cron.cronExpression, '15 6 * * 1-5');
    assert.equal(cron.time, null);
    assert.equal(new Date(cron.nextRunAt!).getUTCMinutes(), 15);
  });

  test('a bad cron expression is a 400 naming the cron field', async () => {
    for (const expression of ['61 * * * *', '* * * *', 'every day', '* * * * *']) {
      const answer = await admin.call('POST', '/api/scheduled-reports', { body: dailyAtSeven({ scheduleKind: 'cron', cron: expression }) });
      assert.equal(answer.status, 400, expression);
      assert.ok(fieldError(answer, 'cron')?.length, `${expression}: ${answer.text}`);
    }
  });

  test('bad fields are 400s naming the field: recipient, time, day, report, format', async () => {
    const cases: [Partial<ScheduledReportSave>, string][] = [
      [{ recipients: ['board@example.com', 'not-an-address'] }, 'recipients.1'],
      [{ recipients: [] }, 'recipients'],
      [{ time: '25:00' }, 'time'],
      [{ time: null }, 'time'],
      [{ scheduleKind: 'weekly', dayOfWeek: null }, 'dayOfWeek'],
      [{ scheduleKind: 'monthly', dayOfMonth: 31 }, 'dayOfMonth'],
      [{ reportId: 'noSuchReport' }, 'reportId'],
      [{ format: 'DOCX' as 'CSV' }, 'format'],
      [{ name: '  ' }, 'name'],
    ];
    for (const [change, field] of cases) {
      const answer = await admin.call('POST', '/api/scheduled-reports', { body: dailyAtSeven(change) });
      assert.equal(answer.status, 400, `${field}: ${answer.text}`);
      assert.ok(fieldError(answer, field)?.length, `${field}: ${answer.text}`);
    }
  });

  test('the list is paged, searched and sorted on the server', async () => {
    await create(admin, dailyAtSeven({ name: 'Zeta quarterly', reportId: 'collectionsSummaryReport' }));
    await create(admin, dailyAtSeven({ name: 'Alpha quarterly', reportId: 'collectionsSummaryReport' }));
    const found = await admin.call<ScheduledReport[]>(
      'GET',
      '/api/scheduled-reports?search=quarterly&sortField=name&sortOrder=DESC&size=1',
    );
    assert.equal(found.status, 200, found.text);
    assert.equal(pagingOf(found).total, 2);
    assert.deepEqual(
      found.body.data.map((r) => r.name),
      ['Zeta quarterly'],
    );
    const second = await admin.call<ScheduledReport[]>(
      'GET',
      '/api/scheduled-reports?search=quarterly&sortField=name&sortOrder=DESC&size=1&page=2',
    );
    assert.deepEqual(
      second.body.data.map((r) => r.name),
      ['Alpha quarterly'],
    );
    const badSort = await admin.call('GET', '/api/scheduled-reports?sortField=password');
    assert.equal(badSort.status, 400);
    assert.ok(fieldError(badSort, 'sortField'));
  });

  test('a reader (CRM/REPORTS) sees schedules but cannot create, edit, run or delete them', async () => {
    const team = teamLeader.homeTenantId;
    const made = await admin.call<ScheduledReport>('POST', '/api/scheduled-reports', {
      tenant: team,
      body: dailyAtSeven({ name: 'Team PAR' }),
    });
    assert.equal(made.status, 201, made.text);
    const saved = made.body.data;
    const list = await teamLeader.call<ScheduledReport[]>('GET', '/api/scheduled-reports?size=100');
    assert.equal(list.status, 200, list.text);
    assert.ok(list.body.data.some((r) => r.id === saved.id));
    assert.equal((await teamLeader.call('GET', `/api/scheduled-reports/${saved.id}/runs`)).status, 200);
    assert.equal((await teamLeader.call('POST', '/api/scheduled-reports', { body: dailyAtSeven() })).status, 403);
    for (const [method, url] of [
      ['PUT', `/api/scheduled-reports/${saved.id}`],
      ['POST', `/api/scheduled-reports/${saved.id}/run`],
      ['POST', `/api/scheduled-reports/${saved.id}/pause`],
      ['DELETE', `/api/scheduled-reports/${saved.id}`],
    ] as const) {
      const answer = await teamLeader.call(method, url, { body: method === 'PUT' ? dailyAtSeven() : undefined });
      assert.equal(answer.status, 403, `${method} ${url}: ${answer.text}`);
    }
    const officer = await s.as('loan officer');
    assert.equal((await officer.call('GET', '/api/scheduled-reports')).status, 403);
  });

  test("another company's user cannot see, change or run a Lending schedule (404)", async () => {
    const saved = await create(admin, dailyAtSeven({ name: 'Lending only' }));
    for (const [method, url] of [
      ['GET', `/api/scheduled-reports/${saved.id}`],
      ['GET', `/api/scheduled-reports/${saved.id}/runs`],
      ['PUT', `/api/scheduled-reports/${saved.id}`],
      ['POST', `/api/scheduled-reports/${saved.id}/run`],
      ['POST', `/api/scheduled-reports/${saved.id}/resume`],
      ['DELETE', `/api/scheduled-reports/${saved.id}`],
    ] as const) {
      const answer = await tracking.call(method, url, { body: method === 'PUT' ? dailyAtSeven() : undefined });
      assert.equal(answer.status, 404, `${method} ${url}: ${answer.text}`);
    }
    const list = await tracking.call<ScheduledReport[]>('GET', '/api/scheduled-reports?size=1000');
    assert.ok(!list.body.data.some((r) => r.id === saved.id));
    // Acting for Lending is refused to them outright.
    const acting = await tracking.call('GET', '/api/scheduled-reports', { tenant: admin.homeTenantId });
    assert.ok([403, 404].includes(acting.status), acting.text);
    // A branch does not see its company's schedules (they are above its subtree); the company sees the branch's.
    const fromBranch = await branchManager.call('GET', `/api/scheduled-reports/${saved.id}`);
    assert.equal(fromBranch.status, 404);
    const branchOwn = await create(branchManager, dailyAtSeven({ name: 'Branch PAR' }));
    assert.equal((await admin.call('GET', `/api/scheduled-reports/${branchOwn.id}`)).status, 200);
  });

  test('pausing clears the next run; resuming sets it again; editing runs as the editor', async () => {
    const saved = await create(admin, dailyAtSeven({ name: 'Pausable' }));
    const paused = await admin.call<ScheduledReport>('POST', `/api/scheduled-reports/${saved.id}/pause`);
    assert.equal(paused.status, 200, paused.text);
    assert.equal(paused.body.data.active, false);
    assert.equal(paused.body.data.nextRunAt, null);
    const resumed = await admin.call<ScheduledReport>('POST', `/api/scheduled-reports/${saved.id}/resume`);
    assert.equal(resumed.body.data.active, true);
    assert.ok(resumed.body.data.nextRunAt);
    const otherAdmin = await s.as('administrator');
    const edited = await otherAdmin.call<ScheduledReport>('PUT', `/api/scheduled-reports/${saved.id}`, {
      tenant: admin.homeTenantId,
      body: dailyAtSeven({ name: 'Pausable, edited', scheduleKind: 'cron', cron: '0 */6 * * *', format: 'XLSX' }),
    });
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.body.data.name, 'Pausable, edited');
    assert.equal(edited.body.data.format, 'XLSX');
    assert.equal(edited.body.data.runAsUserId, otherAdmin.userId);
    assert.equal(edited.body.data.cronExpression, '0 */6 * * *');
  });

  /** The kept file of a run, as the report files' table records it, and its bytes. */
  const keptFileOf = async (fileId: string) => {
    const row = (await s.db.one<KeptFile>(
      `select tenant_id as "tenantId", report_id as "reportId", format, file_name as "fileName", stored_path as "storedPath",
         row_count as rows, status, created_by as "createdBy" from report_files where id = $1`,
      [fileId],
    ))!;
    assert.ok(row, 'the run keeps a report file');
    return { ...row, bytes: fs.readFileSync(path.join(dataDir, ...row.storedPath.split('/'))) };
  };
  /** The scheduled-report mails of a subject: recipient, status and the attachment's name, type and path. */
  const mailsOf = (subject: string) =>
    s.db.query<{ to_address: string; status: string; file_name: string; content_type: string; file_path: string }>(
      `select m.to_address, m.status, a.file_name, a.content_type, a.file_path from outbox_emails m
       join outbox_email_attachments a on a.email_id = m.id where m.kind = 'scheduled-report' and m.subject = $1 order by m.to_address`,
      [`Scheduled report: ${subject}`],
    );
  const runsOf = async (scheduleId: string) => {
    const runs = await admin.call<ScheduledReportRun[]>('GET', `/api/scheduled-reports/${scheduleId}/runs`);
    assert.equal(runs.status, 200, runs.text);
    return runs.body.data;
  };

  test('run now: the queue makes the file as the schedule user with the report runs engine and mails it, attached, to each recipient', async () => {
    const saved = await create(admin, dailyAtSeven({ name: 'Run me now' }));
    const queued = await admin.call<ScheduledReportRun>('POST', `/api/scheduled-reports/${saved.id}/run`);
    assert.equal(queued.status, 202, queued.text);
    assert.equal(queued.body.data.status, 'queued');
    assert.equal(queued.body.data.trigger, 'manual');

    assert.ok((await s.built.ctx.jobs.runPass()) >= 1);
    const run = (await runsOf(saved.id)).find((r) => r.id === queued.body.data.id)!;
    assert.equal(run.status, 'done', run.error ?? '');
    assert.equal(run.attempt, 1);
    assert.ok(run.startedAt && run.finishedAt);
    assert.match(run.fileName!, /^PAR 30 report \d{4}-\d{2}-\d{2}\.csv$/);
    assert.equal(run.downloadPath, `/api/reports/files/${run.fileId}/download`);

    // A kept file like a socket run's: of the schedule's tenant, made by its user, under DATA_DIR/reports/<tenant>.
    const kept = await keptFileOf(run.fileId!);
    assert.deepEqual(
      [kept.tenantId, kept.createdBy, kept.reportId, kept.format, kept.status, kept.fileName, kept.rows],
      [admin.homeTenantId, admin.userId, 'parVarThirtyReport', 'CSV', 'done', run.fileName, run.rows],
    );
    assert.ok(kept.storedPath.startsWith(`reports/${admin.homeTenantId}/`), kept.storedPath);
    // The PAR groups by branch as the GET route answers them, then the totals per currency.
    const par = await admin.call<ParReport>('GET', '/api/reports/standard/par-over-thirty?groupBy=branch&size=1000');
    const lines = kept.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    assert.equal(lines[0], 'Branch,Currency,Loans,Loans at risk,Outstanding principal,Principal at risk,PAR30 %');
    assert.equal(lines.length - 1, par.body.data.groups.length + par.body.data.totals.length);
    assert.equal(run.rows, lines.length - 1);

    const mails = await mailsOf('Run me now');
    assert.deepEqual(
      mails.map((m) => [m.to_address, m.status, m.file_name, m.content_type, m.file_path]),
      ['board@example.com', 'risk@example.com'].map((to) => [to, 'kept', run.fileName, 'text/csv; charset=utf-8', kept.storedPath]),
    );
    const listed = await admin.call<ScheduledReport>('GET', `/api/scheduled-reports/${saved.id}`);
    assert.equal(listed.body.data.lastRunStatus, 'done');

    // Listed with the owner's report files, and downloaded byte for byte.
    const files = await admin.call<ReportFile[]>('GET', '/api/reports/files?size=1000');
    assert.equal(files.body.data.find((f) => f.id === run.fileId)?.downloadPath, run.downloadPath);
    const download = await s.built.app.inject({
      method: 'GET',
      url: run.downloadPath!,
      headers: { authorization: `Bearer ${admin.token}`, 'x-tenant-id': admin.homeTenantId },
    });
    assert.equal(download.statusCode, 200);
    assert.ok(download.rawPayload.equals(kept.bytes), 'the download is the kept file');
  });

  test('due schedules in XLSX, CSV and PDF each make their file with the product writer, and the mail attaches those very bytes', async () => {
    const due = new Date(Date.now() - 60_000);
    const formats = [
      ['XLSX', 'tenantLoansReport', (bytes: Buffer) => bytes.subarray(0, 2).toString('latin1') === 'PK'],
      [
        'CSV',
        'tenantLoansReport',
        (bytes: Buffer) =>
          bytes
            .toString('utf8')
            .replace(/^\uFEFF/, '')
            .startsWith('Tenant,Currency,Loans disbursed,Disbursed,'),
      ],
      ['PDF', 'parVarThirtyReport', (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-'],
    ] as const;
    const keptPaths: Record<string, string> = {};
    for (const [format, reportId, looksRight] of formats) {
      const name = `Due ${format}`;
      const saved = await create(
        admin,
        dailyAtSeven({ name, reportId, parameters: {}, format, recipients: [`due-${format.toLowerCase()}@example.com`] }),
      );
      await s.db.query(`update scheduled_reports set next_run_at = $2 where id = $1`, [saved.id, due]);
      await s.built.ctx.jobs.runPass();
      const [run] = await runsOf(saved.id);
      assert.equal(run?.status, 'done', `${format}: ${run?.error}`);
      assert.equal(run.trigger, 'schedule');
      const kept = await keptFileOf(run.fileId!);
      assert.equal(kept.format, format);
      assert.ok(looksRight(kept.bytes), `${format}: the file is not what the writer makes`);
      const [mail] = await mailsOf(name);
      assert.equal(mail?.file_path, kept.storedPath);
      // The bytes the mailer attaches: the file at the attachment's path under DATA_DIR.
      assert.ok(fs.readFileSync(path.join(dataDir, mail.file_path)).equals(kept.bytes), `${format}: the attachment is the kept file`);
      keptPaths[format] = path.join(dataDir, kept.storedPath);
    }
    // The workbook opens: exceljs reads back the sheet the streaming writer made.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(keptPaths.XLSX!);
    assert.equal(workbook.worksheets[0]!.name, 'Tenant loans report');
    assert.equal(workbook.worksheets[0]!.getRow(1).getCell(1).value, 'Tenant');
  });

  test('a schedule whose user lost the permission, or was deleted, fails at once saying why: no file, no mail', async () => {
    const owners = {
      unpermitted: await s.actorWith(`scheduler${Date.now()}`, ['CRM/REPORTS', 'REPORTS']),
      deleted: await s.actorWith(`gone${Date.now()}`, ['CRM/REPORTS', 'REPORTS']),
    };
    const schedules = {
      unpermitted: await create(owners.unpermitted, dailyAtSeven({ name: 'Owner lost the permission', recipients: ['lost@example.com'] })),
      deleted: await create(owners.deleted, dailyAtSeven({ name: 'Owner deleted', recipients: ['deleted-owner@example.com'] })),
    };
    await s.db.query(`delete from user_roles where user_id = $1`, [owners.unpermitted.userId]);
    await s.db.query(`update users set deleted_at = now() where id = $1`, [owners.deleted.userId]);
    for (const schedule of Object.values(schedules)) {
      assert.equal((await admin.call('POST', `/api/scheduled-reports/${schedule.id}/run`)).status, 202);
    }
    await s.built.ctx.jobs.runPass();

    for (const [who, reason] of [
      ['unpermitted', RUN_REFUSALS.mayNotRead],
      ['deleted', RUN_REFUSALS.userDeleted],
    ] as const) {
      const [run] = await runsOf(schedules[who].id);
      // Failed for good on its first attempt: trying again would not give the permission back.
      assert.deepEqual([run?.status, run?.attempt, run?.error, run?.fileId], ['failed', 1, reason, null], who);
      const job = await s.db.one<{ status: string }>(
        `select j.status from jobs j join scheduled_report_runs r on r.job_id = j.id where r.id = $1`,
        [run!.id],
      );
      assert.equal(job?.status, 'failed', who);
      const files = await s.db.query(`select 1 from report_files where created_by = $1`, [owners[who].userId]);
      assert.equal(files.length, 0, `${who}: no file is kept`);
    }
    const mails = await s.db.query(`select 1 from outbox_emails where to_address in ('lost@example.com', 'deleted-owner@example.com')`);
    assert.equal(mails.length, 0, 'nobody is mailed');
  });

  test('a due occurrence is enqueued once and the schedule moves on to the next one', async () => {
    const saved = await create(admin, dailyAtSeven({ name: 'Due now' }));
    const due = new Date(Date.now() - 60_000);
    await s.db.query(`update scheduled_reports set next_run_at = $2 where id = $1`, [saved.id, due]);
    await s.built.ctx.jobs.runPass();
    await s.built.ctx.jobs.runPass();
    const runs = await admin.call<ScheduledReportRun[]>('GET', `/api/scheduled-reports/${saved.id}/runs`);
    assert.equal(pagingOf(runs).total, 1);
    assert.equal(runs.body.data[0]!.trigger, 'schedule');
    assert.equal(new Date(runs.body.data[0]!.occurrenceAt!).toISOString(), due.toISOString());
    assert.equal(runs.body.data[0]!.status, 'done');
    const after = (await admin.call<ScheduledReport>('GET', `/api/scheduled-reports/${saved.id}`)).body.data;
    assert.ok(new Date(after.nextRunAt!).getTime() > Date.now());
  });

  test('deleting a schedule removes it and its history; a job still queued for it does nothing', async () => {
    const saved = await create(admin, dailyAtSeven({ name: 'Delete me', recipients: ['deleted-schedule@example.com'] }));
    assert.equal((await admin.call('POST', `/api/scheduled-reports/${saved.id}/run`)).status, 202);
    const deleted = await admin.call('DELETE', `/api/scheduled-reports/${saved.id}`);
    assert.equal(deleted.status, 200, deleted.text);
    assert.equal((await admin.call('GET', `/api/scheduled-reports/${saved.id}`)).status, 404);
    await s.built.ctx.jobs.runPass();
    const mails = await s.db.query(`select 1 from outbox_emails where to_address = 'deleted-schedule@example.com'`);
    assert.equal(mails.length, 0);
  });
});

describe(`scheduled reports mailed through SMTP_URL (${databaseLabel})`, () => {
  let s: TestServer;
  let smtp: SMTPServer;
  let dataDir: string;
  const received: { to: string; body: string }[] = [];

  before(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, done) {
        let body = '';
        stream.on('data', (chunk) => (body += chunk));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as net.AddressInfo;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-schedules-smtp-'));
    s = await startServer({ dataDir, smtpUrl: `smtp://127.0.0.1:${port}` });
  });
  after(async () => {
    await s?.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('the report file goes out attached to each recipient, and the outbox row is marked sent', async () => {
    const admin = await s.as('company administrator');
    const saved = await admin.call<ScheduledReport>('POST', '/api/scheduled-reports', {
      body: dailyAtSeven({ name: 'Sent by SMTP', recipients: ['smtp-recipient@example.com'] }),
    });
    assert.equal(saved.status, 201, saved.text);
    assert.equal((await admin.call('POST', `/api/scheduled-reports/${saved.body.data.id}/run`)).status, 202);
    assert.equal(await s.built.ctx.jobs.runPass(), 1);
    const deadline = Date.now() + 10_000;
    while (!received.some((m) => m.to === 'smtp-recipient@example.com') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const mail = received.find((m) => m.to === 'smtp-recipient@example.com');
    assert.ok(mail, 'no mail reached the SMTP server');
    assert.match(mail.body, /Subject: Scheduled report: Sent by SMTP/);
    assert.match(
      mail.body.replace(/\r?\n[ \t]+/g, ' '),
      /Content-Disposition: attachment; filename="PAR 30 report \d{4}-\d{2}-\d{2}\.csv"/,
    );
    // The attached file is the kept one, byte for byte (nodemailer sends it base64, in lines of 76).
    const run = (await s.db.one<{ storedPath: string }>(
      `select rf.stored_path as "storedPath" from scheduled_report_runs r join report_files rf on rf.id = r.file_id where r.schedule_id = $1`,
      [saved.body.data.id],
    ))!;
    const kept = fs.readFileSync(path.join(dataDir, run.storedPath));
    assert.ok(mail.body.replace(/\r?\n/g, '').includes(kept.toString('base64')), 'the attachment is not the kept file');
    let status = '';
    while (status !== 'sent' && Date.now() < deadline) {
      status = (await s.db.one<{ status: string }>(`select status from outbox_emails where to_address = 'smtp-recipient@example.com'`))!
        .status;
      if (status !== 'sent') await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(status, 'sent');
  });
});
