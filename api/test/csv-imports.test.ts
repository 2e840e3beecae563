import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CsvFixResult, CsvImport, CsvRow } from '@meridian/shared/contract/csv-import';
import type { LoanDetails } from '@meridian/shared/contract/loan';
import { databaseLabel, fieldError, pagingOf, startServer, type Actor, type TestServer } from './support/harness';
import { activeLoan, applyFor, dayFromToday, makeProduct } from './support/lending';

/** A multipart body holding one file in the field 'file'. */
export async function csvForm(text: string | Buffer, fileName = 'upload.csv', type = 'text/csv') {
  const data = new FormData();
  data.append('file', new Blob([text], { type }), fileName);
  const response = new Response(data);
  return { body: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type')! } };
}

describe(`CSV imports (${databaseLabel})`, () => {
  let s: TestServer;
  let lending: Actor;
  let tracking: Actor;
  let product: string;
  let loans: LoanDetails[];

  before(async () => {
    s = await startServer();
    lending = await s.as('company administrator');
    tracking = await s.as('company admin');
    product = (await makeProduct(lending)).id;
    loans = [await activeLoan(lending, product), await activeLoan(lending, product)];
  });
  after(() => s.close());

  const upload = async (model: string, text: string | Buffer, actor: Actor = lending, fileName?: string, type?: string) =>
    actor.call<CsvImport>('POST', `/api/csv-imports/${model}`, await csvForm(text, fileName, type));
  const uploaded = async (model: string, text: string) => {
    const answer = await upload(model, text);
    assert.equal(answer.status, 201, answer.text);
    return answer.body.data;
  };
  /** Starts the import and waits (polling, with a deadline) until it has ended. */
  const imported = async (id: string, actor: Actor = lending) => {
    const started = await actor.call<CsvImport>('POST', `/api/csv-imports/${id}/import`);
    assert.equal(started.status, 202, started.text);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const now = await actor.call<CsvImport>('GET', `/api/csv-imports/${id}`);
      assert.equal(now.status, 200, now.text);
      if (now.body.data.status !== 'importing') return now.body.data;
      if (Date.now() > deadline) throw new Error(`import ${id} still running`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const paymentCount = async (loanIds: string[]) =>
    (await s.db.one<{ n: number }>(`select count(*)::int as n from loan_payments where loan_id = any($1::uuid[])`, [loanIds]))!.n;

  /** 30 payments over the two loans; rows 7 and 23 are bad (an amount that is no amount, a day that is none). */
  const paymentsFile = () => {
    const lines = ['loanId,amount,paidOn,reference'];
    for (let n = 1; n <= 30; n += 1) {
      const loan = loans[n % 2]!.id;
      const amount = n === 7 ? 'twelve rand' : `${100 + n}.50`;
      const paidOn = n === 23 ? '2024-13-45' : dayFromToday(-60 + n);
      lines.push(`${loan},${amount},${paidOn},"EFT, batch ${n}"`);
    }
    return `${lines.join('\r\n')}\r\n`;
  };

  test('a payments file is previewed with its row count, its first rows, the header mapping and each bad row by number, column and message', async () => {
    const imp = await uploaded('payments', paymentsFile());
    assert.equal(imp.status, 'checked');
    assert.equal(imp.totalRows, 30);
    assert.equal(imp.errorRows, 2);
    assert.equal(imp.previewRows.length, 20);
    assert.equal(imp.previewRows[0]!.rowNumber, 1);
    assert.equal(imp.previewRows[0]!.values.reference, 'EFT, batch 1', 'a quoted value keeps its comma');
    assert.deepEqual(
      imp.headers.map((h) => h.column),
      ['loanId', 'amount', 'paidOn', 'reference'],
    );
    const errors = await lending.call<CsvRow[]>('GET', `/api/csv-imports/${imp.id}/error-rows?page=1&size=10`);
    assert.equal(errors.status, 200, errors.text);
    assert.equal(pagingOf(errors).total, 2);
    assert.deepEqual(
      errors.body.data.map((r) => [r.rowNumber, r.errors.map((e) => e.column)]),
      [
        [7, ['amount']],
        [23, ['paidOn']],
      ],
    );
    assert.match(errors.body.data[0]!.errors[0]!.message, /amount is written/i);
    assert.equal(await paymentCount(loans.map((l) => l.id)), 0, 'nothing is written by a preview');
  });

  test('the import is refused while a row has an error; fixing the bad rows clears them and the import writes and allocates every payment', async () => {
    const imp = await uploaded('payments', paymentsFile());
    const refused = await lending.call('POST', `/api/csv-imports/${imp.id}/import`);
    assert.equal(refused.status, 409, refused.text);

    const stillBad = await lending.call<CsvFixResult>('PUT', `/api/csv-imports/${imp.id}/rows`, {
      body: { rows: [{ rowNumber: 7, values: { loanId: loans[1]!.id, amount: 'still no amount', paidOn: dayFromToday(-53) } }] },
    });
    assert.equal(stillBad.status, 200, stillBad.text);
    assert.equal(stillBad.body.data.import.errorRows, 2);
    assert.deepEqual(
      stillBad.body.data.rows[0]!.errors.map((e) => e.column),
      ['amount'],
    );

    const fixed = await lending.call<CsvFixResult>('PUT', `/api/csv-imports/${imp.id}/rows`, {
      body: {
        rows: [
          { rowNumber: 7, values: { loanId: loans[1]!.id, amount: '107.50', paidOn: dayFromToday(-53), reference: 'fixed' } },
          { rowNumber: 23, values: { loanId: loans[1]!.id, amount: '123.50', paidOn: dayFromToday(-37) } },
        ],
      },
    });
    assert.equal(fixed.status, 200, fixed.text);
    assert.equal(fixed.body.data.import.errorRows, 0);
    assert.deepEqual(
      fixed.body.data.rows.map((r) => r.errors),
      [[], []],
    );
    assert.equal(fixed.body.data.import.previewRows[6]!.values.reference, 'fixed', 'the preview shows the fix');

    const done = await imported(imp.id);
    assert.equal(done.status, 'imported', done.failure ?? '');
    assert.equal(done.doneRows, 30);
    assert.equal(await paymentCount(loans.map((l) => l.id)), 30);
    // Each loan's schedule is paid by what replayPayments allocates: the total paid is what was imported.
    const total = (n: number) => (n === 7 ? 10_750 : n === 23 ? 12_350 : (100 + n) * 100 + 50);
    for (const [index, loan] of loans.entries()) {
      const read = (await lending.call<LoanDetails>('GET', `/api/loans/${loan.id}`)).body.data;
      const expected = Array.from({ length: 30 }, (_, i) => i + 1)
        .filter((n) => (n === 7 || n === 23 ? 1 : n % 2) === index)
        .reduce((sum, n) => sum + total(n), 0);
      assert.equal(read.totals.paidMinor, expected, `loan ${index}`);
      assert.equal(read.outstandingMinor, loan.outstandingMinor - expected);
      assert.ok(read.history.some((h) => h.action === 'payment taken (CSV import)'));
    }
    const again = await lending.call('POST', `/api/csv-imports/${imp.id}/import`);
    assert.equal(again.status, 409, 'an imported file is not imported twice');
  });

  test('the preview checks rows against the database: a future date, an unknown loan and a loan not active are shown by row and column, and fixing them clears them', async () => {
    const submitted = await applyFor(lending, product);
    const paidBefore = await paymentCount(loans.map((l) => l.id));
    const unknown = '00000000-0000-4000-8000-000000000000';
    const lines = ['loanId,amount,paidOn'];
    for (let n = 1; n <= 1200; n += 1) {
      const loanId = n === 600 ? unknown : n === 1100 ? submitted.id : loans[0]!.id;
      lines.push(`${loanId},10.00,${n === 3 ? dayFromToday(5) : dayFromToday(-5)}`);
    }
    const imp = await uploaded('payments', lines.join('\n'));
    assert.equal(imp.errorRows, 3);
    assert.deepEqual(
      imp.previewRows[2]!.errors,
      [{ column: 'paidOn', message: 'A payment cannot be dated in the future.' }],
      'the preview shows it',
    );
    const errors = await lending.call<CsvRow[]>('GET', `/api/csv-imports/${imp.id}/error-rows?page=1&size=10`);
    assert.deepEqual(
      errors.body.data.map((r) => [r.rowNumber, r.errors.map((e) => e.column)]),
      [
        [3, ['paidOn']],
        [600, ['loanId']],
        [1100, ['loanId']],
      ],
    );
    assert.match(errors.body.data[1]!.errors[0]!.message, /no such loan/);
    assert.match(errors.body.data[2]!.errors[0]!.message, /A loan that is submitted takes no payments/);
    assert.equal((await lending.call('POST', `/api/csv-imports/${imp.id}/import`)).status, 409);

    const stillBad = await lending.call<CsvFixResult>('PUT', `/api/csv-imports/${imp.id}/rows`, {
      body: { rows: [{ rowNumber: 600, values: { loanId: submitted.id, amount: '10.00', paidOn: dayFromToday(-5) } }] },
    });
    assert.equal(stillBad.status, 200, stillBad.text);
    assert.deepEqual(
      stillBad.body.data.rows[0]!.errors.map((e) => e.column),
      ['loanId'],
      'a fix is checked against the database too',
    );

    const fixed = await lending.call<CsvFixResult>('PUT', `/api/csv-imports/${imp.id}/rows`, {
      body: {
        rows: [3, 600, 1100].map((rowNumber) => ({
          rowNumber,
          values: { loanId: loans[1]!.id, amount: '10.00', paidOn: dayFromToday(-5) },
        })),
      },
    });
    assert.equal(fixed.status, 200, fixed.text);
    assert.deepEqual(
      fixed.body.data.rows.map((r) => r.errors),
      [[], [], []],
    );
    assert.equal(fixed.body.data.import.errorRows, 0);
    assert.equal(await paymentCount([submitted.id, ...loans.map((l) => l.id)]), paidBefore, 'nothing is written by a preview or a fix');
  });

  test('a row that turns bad after the preview (its loan written off) fails the import, names the row, and leaves nothing written', async () => {
    const fresh = await activeLoan(lending, product);
    const later = await activeLoan(lending, product);
    const lines = ['loanId,amount,paidOn'];
    for (let n = 1; n <= 1200; n += 1) lines.push(`${n >= 1100 ? later.id : fresh.id},10.00,${dayFromToday(-5)}`);
    const imp = await uploaded('payments', lines.join('\n'));
    assert.equal(imp.errorRows, 0);
    const writtenOff = await lending.call('POST', `/api/loans/${later.id}/write-off`, { body: { note: 'gone' } });
    assert.equal(writtenOff.status, 200, writtenOff.text);
    const done = await imported(imp.id);
    assert.equal(done.status, 'failed');
    assert.match(done.failure ?? '', /Nothing was imported\. Row 1100: A loan that is written[_ -]off takes no payments/);
    assert.equal(await paymentCount([fresh.id, later.id]), 0, 'the 1,099 good rows (two batches written) were rolled back');
    const loan = (await lending.call<LoanDetails>('GET', `/api/loans/${fresh.id}`)).body.data;
    assert.equal(loan.outstandingMinor, fresh.outstandingMinor);
  });

  test('the import call answers as the import starts (status importing), before it has ended', async () => {
    const fresh = await activeLoan(lending, product);
    const lines = ['loanId,amount,paidOn'];
    for (let n = 1; n <= 2000; n += 1) lines.push(`${fresh.id},1.00,${dayFromToday(-5)}`);
    const imp = await uploaded('payments', lines.join('\n'));
    const started = await lending.call<CsvImport>('POST', `/api/csv-imports/${imp.id}/import`);
    assert.equal(started.status, 202, started.text);
    assert.equal(started.body.data.status, 'importing');
    assert.equal(started.body.data.totalRows, 2000);
    assert.equal(started.body.data.errorRows, 0);
    assert.equal(started.body.data.previewRows.length, 20);
    const deadline = Date.now() + 60_000;
    let now = started.body.data;
    while (now.status === 'importing') {
      if (Date.now() > deadline) throw new Error(`import ${imp.id} still running`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      now = (await lending.call<CsvImport>('GET', `/api/csv-imports/${imp.id}`)).body.data;
    }
    assert.equal(now.status, 'imported', now.failure ?? '');
    assert.equal(await paymentCount([fresh.id]), 2000);
  });

  test('clients with headers as people type them and quoted values are imported', async () => {
    const clients = await uploaded(
      'clients',
      'First Name,last_name,Mobile,City,Unknown column\n"Naledi","Mokoena-Dlamini",0821234567,"Cape Town, Western Cape",x\nSipho,Nkosi,,Durban,\n',
    );
    assert.equal(clients.errorRows, 0, JSON.stringify(clients.previewRows));
    assert.deepEqual(
      clients.headers.map((h) => h.column),
      ['firstName', 'lastName', 'mobile', 'city', null],
    );
    assert.equal((await imported(clients.id)).status, 'imported');
    const made = await s.db.query<{ city: string }>(`select city from clients where last_name = 'Mokoena-Dlamini'`);
    assert.deepEqual(
      made.map((c) => c.city),
      ['Cape Town, Western Cape'],
    );
  });

  test('a lead repeating a contact number of the company or of an earlier row is shown in the preview; fixing it clears it, and a race since fails the import as one', async () => {
    const existing = await uploaded('leads', 'firstName,lastName,contactNumber\nKnown,Earlier,0831119999\n');
    assert.equal((await imported(existing.id)).status, 'imported');

    const leads = await uploaded(
      'leads',
      'firstName,lastName,contactNumber,emailAddress\nThandi,Import,0831110001,\nPieter,Import,0831110002,p@example.com\n' +
        'Anna,Import,0831110001,\nKhaya,Import,0831119999,\nLerato,Import,0831110005,P@example.com\n',
    );
    assert.equal(leads.errorRows, 3);
    const errors = await lending.call<CsvRow[]>('GET', `/api/csv-imports/${leads.id}/error-rows?page=1&size=10`);
    assert.deepEqual(
      errors.body.data.map((r) => [r.rowNumber, r.errors.map((e) => e.column)]),
      [
        [3, ['contactNumber']],
        [4, ['contactNumber']],
        [5, ['emailAddress']],
      ],
    );
    assert.match(errors.body.data[0]!.errors[0]!.message, /earlier row/);

    // Row 1 takes another number: row 3 (its repeat) is no longer a duplicate, though row 3 was not touched.
    const fixed = await lending.call<CsvFixResult>('PUT', `/api/csv-imports/${leads.id}/rows`, {
      body: {
        rows: [
          { rowNumber: 1, values: { firstName: 'Thandi', lastName: 'Import', contactNumber: '0831110011' } },
          { rowNumber: 4, values: { firstName: 'Khaya', lastName: 'Import', contactNumber: '0831110004' } },
        ],
      },
    });
    assert.equal(fixed.status, 200, fixed.text);
    assert.deepEqual(
      fixed.body.data.rows.map((r) => r.errors),
      [[], []],
    );
    assert.equal(fixed.body.data.import.errorRows, 1, 'row 5 is still a repeat of row 2');
    assert.deepEqual(
      fixed.body.data.import.previewRows.map((r) => r.errors.length),
      [0, 0, 0, 0, 1],
    );
    const last = await lending.call<CsvFixResult>('PUT', `/api/csv-imports/${leads.id}/rows`, {
      body: {
        rows: [
          { rowNumber: 5, values: { firstName: 'Lerato', lastName: 'Import', contactNumber: '0831110005', emailAddress: 'l@example.com' } },
        ],
      },
    });
    assert.equal(last.body.data.import.errorRows, 0, last.text);
    assert.equal(
      (await s.db.one<{ n: number }>(`select count(*)::int as n from leads where last_name = 'Import'`))!.n,
      0,
      'nothing written yet',
    );

    // A lead with row 2's number arrives between the preview and the import.
    const race = await uploaded('leads', 'firstName,lastName,contactNumber\nQuick,Earlier,0831110002\n');
    assert.equal((await imported(race.id)).status, 'imported');
    const done = await imported(leads.id);
    assert.equal(done.status, 'failed');
    assert.match(done.failure ?? '', /Row 2:/);
    assert.equal((await s.db.one<{ n: number }>(`select count(*)::int as n from leads where last_name = 'Import'`))!.n, 0);
  });

  test('loans are applied for in bulk against a product, as submitted', async () => {
    const clientId = loans[0]!.clientId;
    const imp = await uploaded(
      'loans',
      `clientId,productId,amount,instalments\n${clientId},${product},5000.00,6\n${clientId},${product},"6 000,00",12\n`,
    );
    assert.equal(imp.errorRows, 0, JSON.stringify(imp.previewRows));
    assert.equal((await imported(imp.id)).status, 'imported');
    const rows = await s.db.query<{ principal: string; status: string }>(
      `select principal_minor::text as principal, status from loans where client_id = $1 and status = 'submitted' order by principal_minor`,
      [clientId],
    );
    assert.deepEqual(rows, [
      { principal: '500000', status: 'submitted' },
      { principal: '600000', status: 'submitted' },
    ]);
  });

  test('a file without a required column is one 400 naming the column; a file that is no CSV is a 400', async () => {
    const missing = await upload('payments', 'loanId,paidOn\nabc,2024-01-01\n');
    assert.equal(missing.status, 400, missing.text);
    assert.match(fieldError(missing, 'file')![0]!, /no amount column, required for payments/);

    const image = await upload('payments', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), lending, 'photo.png', 'image/png');
    assert.equal(image.status, 400);
    assert.match(image.body.result.message, /CSV/);

    const unterminated = await upload('payments', `loanId,amount,paidOn\n"${loans[0]!.id},1.00,2024-01-01\n`);
    assert.equal(unterminated.status, 400);
    assert.match(unterminated.body.result.message, /never closed/);

    const binary = await upload('payments', Buffer.from('loanId,amount,paidOn\n\u0000\u0001,1,2\n'));
    assert.equal(binary.status, 400);

    const headerOnly = await upload('payments', 'loanId,amount,paidOn\n');
    assert.equal(headerOnly.status, 400);
    assert.match(headerOnly.body.result.message, /no rows/);

    const unknownModel = await upload('vehicles', 'a\n1\n');
    assert.equal(unknownModel.status, 400);

    const noFile = await lending.call('POST', '/api/csv-imports/payments', { body: { file: 'loanId' } });
    assert.equal(noFile.status, 400);
  });

  test('each model needs the permission of its own single create, and another company’s import answers 404', async () => {
    const payer = await s.actorWith('csv-payments-only', ['CLIENTS/EDIT']);
    const clientsRefused = await upload('clients', 'firstName,lastName\nA,B\n', payer);
    assert.equal(clientsRefused.status, 403, clientsRefused.text);
    const reader = await s.actorWith('csv-reader-only', ['CLIENTS']);
    assert.equal((await upload('payments', paymentsFile(), reader)).status, 403);

    const imp = await uploaded('clients', 'firstName,lastName\nLindiwe,Import\n');
    assert.equal((await payer.call('GET', `/api/csv-imports/${imp.id}`)).status, 403, 'a clients import is read by client creators only');
    for (const [method, url, body] of [
      ['GET', `/api/csv-imports/${imp.id}`, undefined],
      ['GET', `/api/csv-imports/${imp.id}/error-rows`, undefined],
      ['PUT', `/api/csv-imports/${imp.id}/rows`, { rows: [{ rowNumber: 1, values: { firstName: 'X', lastName: 'Y' } }] }],
      ['POST', `/api/csv-imports/${imp.id}/import`, undefined],
    ] as const) {
      const answer = await tracking.call(method, url, body === undefined ? {} : { body });
      assert.equal(answer.status, 404, `${method} ${url}: ${answer.text}`);
    }
    assert.equal((await lending.call<CsvImport>('GET', `/api/csv-imports/${imp.id}`)).body.data.status, 'checked');
  });
});
