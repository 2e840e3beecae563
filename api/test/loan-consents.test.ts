import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import sharp from 'sharp';
import type { LoanDetails } from '@meridian/shared/contract/loan';
import type { LoanConsent } from '@meridian/shared/contract/loan-consent';
import { CONSENT_LIMITS } from '@meridian/shared/contract/loan-consent';
import { databaseLabel, fieldError, pagingOf, startServer, type Actor, type TestServer } from './support/harness';
import { seedDemoConsents } from '../src/seed/demo-consents';
import { activeLoan, applyFor, approve, dayFromToday, makeProduct } from './support/lending';

/** The text a PDF draws, read from its uncompressed content streams (hex strings of Tj/TJ). */
function pdfText(pdf: Buffer) {
  const content = pdf.toString('latin1');
  const lines: string[] = [];
  for (const [, ops] of content.matchAll(/BT([\s\S]*?)ET/g)) {
    const hex = [...ops!.matchAll(/<([0-9a-fA-F]+)>/g)].map(([, h]) => Buffer.from(h!, 'hex').toString('latin1'));
    lines.push(hex.join(''));
  }
  return lines.join('\n');
}

/** A signature as a canvas exports it: a transparent PNG with a dark stroke across it. */
async function signaturePng(width = 300, height = 100) {
  const pixels = Buffer.alloc(width * height * 4);
  for (let x = 20; x < width - 20; x += 1) {
    const y = Math.round(height / 2 + Math.sin(x / 15) * (height / 4));
    // An opaque black pixel: RGB stay 0, alpha 255.
    for (let dy = -1; dy <= 1; dy += 1) pixels[((y + dy) * width + x) * 4 + 3] = 255;
  }
  const png = await sharp(pixels, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

describe(`loan consent forms (${databaseLabel})`, () => {
  let s: TestServer;
  let lending: Actor;
  let tracking: Actor;
  let officer: Actor;
  let reader: Actor;
  let product: string;
  let signature: string;
  let dataDir: string;
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-consents-'));
    s = await startServer({ dataDir }, { logStream });
    lending = await s.as('company administrator');
    tracking = await s.as('company admin');
    officer = await s.as('loan officer');
    // Reads loans (CLIENTS) but applies for none.
    reader = await s.as('product manager');
    product = (await makeProduct(lending)).id;
    signature = await signaturePng();
  });
  after(async () => {
    await s.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const spouse = (loanId: string, extra: Record<string, unknown> = {}) => ({
    kind: 'spousal',
    loanId,
    signerName: 'Nomsa Precious Khumalo',
    idNumber: '8801015800089',
    phone: '0821234567',
    marriageRegime: 'in-community',
    signedPlace: 'Soweto branch',
    signaturePng: signature,
    ...extra,
  });
  const guarantor = (loanId: string, extra: Record<string, unknown> = {}) => ({
    kind: 'guarantor',
    loanId,
    signerName: 'Themba Guarantor Mokoena',
    idNumber: '7505055800081',
    phone: '0731112222',
    address: '12 Vilakazi Street, Orlando West, Soweto',
    relationship: 'Brother',
    monthlyIncomeMinor: 2_450_050,
    guaranteedMinor: 600_000,
    signedPlace: 'Client’s home, Orlando',
    signaturePng: signature,
    ...extra,
  });
  const capture = (actor: Actor, body: unknown) => actor.call<LoanConsent>('POST', '/api/loan-consents', { body });
  const captured = async (actor: Actor, body: unknown) => {
    const answer = await capture(actor, body);
    assert.equal(answer.status, 201, answer.text);
    return answer.body.data;
  };
  const pdfOf = (actor: Actor, id: string) =>
    s.built.app.inject({
      method: 'GET',
      url: `/api/loan-consents/${id}/pdf`,
      headers: { authorization: `Bearer ${actor.token}`, 'x-tenant-id': actor.homeTenantId },
    });
  const submitted = async (actor: Actor = lending) => (await applyFor(actor, product, { submittedOn: dayFromToday(-210) })).id;

  test('a spousal consent is captured against a submitted application, with the signer, place, UTC time and who captured it', async () => {
    const loanId = await submitted();
    const before = Date.now();
    const consent = await captured(lending, spouse(loanId));
    assert.equal(consent.kind, 'spousal');
    assert.equal(consent.loanId, loanId);
    assert.equal(consent.loanStatus, 'submitted');
    assert.equal(consent.signerName, 'Nomsa Precious Khumalo');
    assert.equal(consent.idNumber, '8801015800089');
    assert.equal(consent.marriageRegime, 'in-community');
    assert.equal(consent.signedPlace, 'Soweto branch');
    assert.equal(consent.capturedUserId, lending.userId);
    assert.match(consent.signedAt, /Z$/, 'stored and answered in UTC');
    assert.ok(Date.parse(consent.signedAt) >= before - 1_000 && Date.parse(consent.signedAt) <= Date.now() + 1_000);
    assert.equal(consent.guaranteedMinor, null);
    assert.equal(consent.voided, false);

    const read = await lending.call<LoanConsent>('GET', `/api/loan-consents/${consent.id}`);
    assert.equal(read.status, 200, read.text);
    assert.deepEqual(read.body.data, consent);
    const stored = fs.readFileSync(path.join(dataDir, 'files', 'consents', `${consent.id}.png`));
    assert.equal(stored.subarray(1, 4).toString('latin1'), 'PNG', 'the signature is kept as a PNG under DATA_DIR');

    const loan = await lending.call<LoanDetails>('GET', `/api/loans/${loanId}`);
    const entry = loan.body.data.history.find((h) => h.action === 'spousal consent captured');
    assert.deepEqual(entry?.changes, { consentFormId: [null, consent.id] }, "the loan's history names the form, not the signer");
  });

  test('a guarantor form is captured against an approved application, its money kept as whole minor units', async () => {
    const loanId = await submitted();
    await approve(lending, loanId);
    const form = await captured(lending, guarantor(loanId));
    assert.equal(form.kind, 'guarantor');
    assert.equal(form.loanStatus, 'approved');
    assert.equal(form.monthlyIncomeMinor, 2_450_050);
    assert.equal(form.guaranteedMinor, 600_000);
    assert.equal(form.address, '12 Vilakazi Street, Orlando West, Soweto');
    assert.equal(form.relationship, 'Brother');
    assert.equal(form.marriageRegime, null);
    const row = await s.db.one<{ income: string; guaranteed: string }>(
      `select monthly_income_minor::text as income, guaranteed_minor::text as guaranteed from loan_consents where id = $1`,
      [form.id],
    );
    assert.deepEqual(row, { income: '2450050', guaranteed: '600000' });

    for (const [field, value] of [
      ['monthlyIncomeMinor', 2_450_050.5],
      ['guaranteedMinor', '600000'],
      ['guaranteedMinor', 0],
    ] as const) {
      const refused = await capture(lending, guarantor(loanId, { [field]: value }));
      assert.equal(refused.status, 400, `${field} ${value}`);
      assert.ok(fieldError(refused, field), refused.text);
    }
    const noAddress = await capture(lending, guarantor(loanId, { address: '  ' }));
    assert.equal(noAddress.status, 400);
    assert.ok(fieldError(noAddress, 'address'));
  });

  test('the PDF copy is a real PDF, streamed as application/pdf, naming the lender, the loan, the signer and the consent', async () => {
    const loanId = await submitted();
    const consent = await captured(lending, spouse(loanId, { signerName: 'Zanele Pdf Ndlovu' }));
    const answer = await pdfOf(lending, consent.id);
    assert.equal(answer.statusCode, 200, answer.body);
    assert.equal(answer.headers['content-type'], 'application/pdf');
    assert.equal(answer.headers['content-length'], undefined, 'streamed, not buffered whole');
    assert.match(String(answer.headers['content-disposition']), /^attachment; filename="spousal-consent-Zanele-Pdf-Ndlovu\.pdf"/);
    const pdf = answer.rawPayload;
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.match(pdf.subarray(-8).toString('latin1'), /%%EOF/);
    assert.match(pdf.toString('latin1'), /\/Subtype \/Image/, 'the signature is drawn in');
    const text = pdfText(pdf);
    for (const expected of [
      'Meridian Lending',
      'Spousal consent',
      'Zanele Pdf Ndlovu',
      '8801015800089',
      'In community of property',
      loanId,
    ])
      assert.ok(text.includes(expected), `the PDF shows ${expected}`);
    assert.ok(text.includes(`I, Zanele Pdf Ndlovu, the spouse of ${consent.clientName}, consent to the loan`));
    assert.ok(text.includes('Soweto branch'));

    const guarantee = await captured(lending, guarantor(loanId));
    const guaranteeText = pdfText((await pdfOf(lending, guarantee.id)).rawPayload);
    assert.ok(guaranteeText.includes('Themba Guarantor Mokoena'));
    assert.ok(guaranteeText.includes('R 6 000,00'), 'the amount guaranteed in rand, from minor units');
    assert.ok(guaranteeText.includes('R 24 500,50'));

    assert.equal((await pdfOf(lending, randomUUID())).statusCode, 404);
  });

  test('a signature that is no PNG, is blank, or is too big is refused with 400 and nothing is stored', async () => {
    const loanId = await submitted();
    const count = async () =>
      (await s.db.one<{ n: number }>(`select count(*)::int as n from loan_consents where loan_id = $1`, [loanId]))!.n;
    const jpegBytes = await sharp({ create: { width: 60, height: 30, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const brokenPng = Buffer.from(signature.split(',')[1]!, 'base64').subarray(0, 60);
    const blank = await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const noise = await sharp(randomBytes(300 * 300 * 4), {
      raw: { width: 300, height: 300, channels: 4 },
    })
      .png()
      .toBuffer();
    assert.ok(noise.length > CONSENT_LIMITS.signatureMaxBytes, 'the noise makes a PNG over the limit');
    const cases: [string, unknown, RegExp][] = [
      ['a JPEG under a PNG label', `data:image/png;base64,${jpegBytes.toString('base64')}`, /PNG image/],
      ['a cut-off PNG', `data:image/png;base64,${brokenPng.toString('base64')}`, /PNG image/],
      ['a JPEG data URL', `data:image/jpeg;base64,${jpegBytes.toString('base64')}`, /PNG image/],
      ['text', 'my signature', /PNG image/],
      ['nothing', '', /signs on the pad/],
      ['a blank pad', `data:image/png;base64,${blank.toString('base64')}`, /blank/],
      ['a PNG over the limit', `data:image/png;base64,${noise.toString('base64')}`, /at most 200 KB/],
    ];
    for (const [what, signaturePng, message] of cases) {
      const answer = await capture(lending, spouse(loanId, { signaturePng }));
      assert.equal(answer.status, 400, `${what}: ${answer.text.slice(0, 200)}`);
      assert.match(fieldError(answer, 'signaturePng')?.join(' ') ?? '', message, what);
    }
    const missing = await capture(lending, { ...spouse(loanId), signaturePng: undefined });
    assert.equal(missing.status, 400);
    assert.equal(await count(), 0);
  });

  test('a loan that is active, closed or rejected takes no consent form (409), and its signature file is not kept', async () => {
    const files = () =>
      fs.existsSync(path.join(dataDir, 'files', 'consents')) ? fs.readdirSync(path.join(dataDir, 'files', 'consents')).length : 0;
    const active = await activeLoan(lending, product);
    const rejectedId = await submitted();
    const rejected = await lending.call('POST', `/api/loans/${rejectedId}/reject`, { body: { note: 'No' } });
    assert.equal(rejected.status, 200, rejected.text);
    const closing = await activeLoan(lending, product);
    const paid = await lending.call('POST', '/api/clients/payments', {
      body: { loanId: closing.id, amountMinor: closing.outstandingMinor, paidOn: dayFromToday(-1) },
    });
    assert.equal(paid.status, 201, paid.text);
    const before = files();
    for (const [loanId, state] of [
      [active.id, 'active'],
      [closing.id, 'closed'],
      [rejectedId, 'rejected'],
    ] as const) {
      const answer = await capture(lending, guarantor(loanId));
      assert.equal(answer.status, 409, `${state}: ${answer.text}`);
      assert.match(
        answer.body.result.message,
        new RegExp(`A loan that is ${state} takes no consent forms; only a submitted or approved application`),
      );
    }
    assert.equal(files(), before);
  });

  test('forms are listed per loan and paged for the tenant, newest first, searchable by signer and client', async () => {
    const loanId = await submitted();
    const first = await captured(lending, spouse(loanId, { signerName: 'Listed Spouse Dlamini' }));
    const second = await captured(lending, guarantor(loanId, { signerName: 'Listed Guarantor Sithole' }));
    const other = await captured(lending, spouse(await submitted()));

    const ofLoan = await lending.call<LoanConsent[]>('GET', `/api/loan-consents?loanId=${loanId}`);
    assert.equal(ofLoan.status, 200, ofLoan.text);
    assert.deepEqual(
      ofLoan.body.data.map((c) => c.id),
      [second.id, first.id],
    );
    const guarantors = await lending.call<LoanConsent[]>('GET', `/api/loan-consents?loanId=${loanId}&kind=guarantor`);
    assert.deepEqual(
      guarantors.body.data.map((c) => c.id),
      [second.id],
    );
    const searched = await lending.call<LoanConsent[]>('GET', '/api/loan-consents?search=listed%20spouse');
    assert.deepEqual(
      searched.body.data.map((c) => c.id),
      [first.id],
    );
    const page = await lending.call<LoanConsent[]>('GET', '/api/loan-consents?size=2&page=1');
    assert.equal(page.body.data.length, 2);
    assert.ok(pagingOf(page).total >= 3);
    assert.equal(page.body.data[0]!.id, other.id, 'the newest form of the tenant first');
    assert.equal((await lending.call('GET', '/api/loan-consents?sortField=idNumber')).status, 400);
  });

  test('credit staff void a form: it stays listed, marked with who and why, its PDF says VOID; it cannot be voided twice', async () => {
    const loanId = await submitted();
    const consent = await captured(lending, spouse(loanId));
    assert.equal((await officer.call('POST', `/api/loan-consents/${consent.id}/void`, { body: { reason: 'x' } })).status, 403);
    const noReason = await lending.call('POST', `/api/loan-consents/${consent.id}/void`, { body: { reason: ' ' } });
    assert.equal(noReason.status, 400);
    const voided = await lending.call<LoanConsent>('POST', `/api/loan-consents/${consent.id}/void`, {
      body: { reason: 'Wrong ID number' },
    });
    assert.equal(voided.status, 200, voided.text);
    assert.equal(voided.body.data.voided, true);
    assert.equal(voided.body.data.voidReason, 'Wrong ID number');
    assert.ok(voided.body.data.voidedAt);
    const again = await lending.call('POST', `/api/loan-consents/${consent.id}/void`, { body: { reason: 'Again' } });
    assert.equal(again.status, 409);
    const live = await lending.call<LoanConsent[]>('GET', `/api/loan-consents?loanId=${loanId}&voided=false`);
    assert.deepEqual(live.body.data, []);
    const all = await lending.call<LoanConsent[]>('GET', `/api/loan-consents?loanId=${loanId}`);
    assert.deepEqual(
      all.body.data.map((c) => [c.id, c.voided]),
      [[consent.id, true]],
    );
    assert.ok(pdfText((await pdfOf(lending, consent.id)).rawPayload).includes('VOID since'));
  });

  test('capturing needs the right to apply for loans, reading the right to read them; a loan officer captures in their own branch', async () => {
    const loanId = await submitted();
    const consent = await captured(lending, spouse(loanId));

    // Reads loans, applies for none.
    assert.equal((await capture(reader, spouse(loanId))).status, 403);
    assert.equal((await reader.call('GET', `/api/loan-consents/${consent.id}`)).status, 200);
    assert.equal((await pdfOf(reader, consent.id)).statusCode, 200);

    const outsider = await s.actorWith('consent-outsider', ['SALES/LEADS']);
    assert.equal((await outsider.call('GET', '/api/loan-consents')).status, 403);
    assert.equal((await outsider.call('GET', `/api/loan-consents/${consent.id}`)).status, 403);
    assert.equal((await pdfOf(outsider, consent.id)).statusCode, 403);
    assert.equal((await capture(outsider, spouse(loanId))).status, 403);

    const officersLoan = await submitted(officer);
    const theirs = await captured(officer, spouse(officersLoan));
    assert.equal(theirs.capturedUserId, officer.userId);
    // The company's loan lies above the officer's branch.
    const above = await capture(officer, spouse(loanId));
    assert.equal(above.status, 400);
    assert.deepEqual(fieldError(above, 'loanId'), ['There is no such loan.']);
    assert.equal((await officer.call('GET', `/api/loan-consents/${consent.id}`)).status, 404);
  });

  test("another company's forms are not found, not listed, not printed and not voided; its loans take none of ours", async () => {
    const loanId = await submitted();
    const consent = await captured(lending, spouse(loanId));
    assert.equal((await tracking.call('GET', `/api/loan-consents/${consent.id}`)).status, 404);
    assert.equal((await pdfOf(tracking, consent.id)).statusCode, 404);
    assert.equal((await tracking.call('POST', `/api/loan-consents/${consent.id}/void`, { body: { reason: 'Mine' } })).status, 404);
    const listed = await tracking.call<LoanConsent[]>('GET', `/api/loan-consents?loanId=${loanId}`);
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.body.data, []);
    const theirs = await capture(tracking, spouse(loanId));
    assert.equal(theirs.status, 400);
    assert.deepEqual(fieldError(theirs, 'loanId'), ['There is no such loan.']);
  });

  test('the log never holds a signer’s name or ID number, whether the form is stored or refused', async () => {
    const loanId = await submitted();
    await captured(lending, spouse(loanId, { signerName: 'Secretive Logname Person', idNumber: '9912315800777' }));
    await capture(lending, spouse(loanId, { signerName: 'Secretive Logname Person', idNumber: '9912315800777', signaturePng: 'nope' }));
    await capture(lending, spouse(randomUUID(), { signerName: 'Secretive Logname Person', idNumber: '9912315800777' }));
    const log = logLines.join('');
    assert.ok(log.includes('/api/loan-consents'), 'the requests were logged');
    assert.ok(!log.includes('Secretive') && !log.includes('Logname'), 'no name in the log');
    assert.ok(!log.includes('9912315800777'), 'no ID number in the log');
  });

  test("the demo's forms lie on Lending's open applications, with their signatures kept, and print", async () => {
    await seedDemoConsents(s.db, dataDir);
    await seedDemoConsents(s.db, dataDir);
    const rows = await s.db.query<{ id: string; status: string }>(
      `select lc.id, l.status from loan_consents lc join loans l on l.id = lc.loan_id where lc.signed_place = 'Branch office'`,
    );
    assert.ok(rows.length > 0 && rows.length <= 5, `seeded once: ${rows.length}`);
    assert.ok(rows.every((r) => r.status === 'submitted' || r.status === 'approved'));
    for (const row of rows) {
      assert.ok(fs.existsSync(path.join(dataDir, 'files', 'consents', `${row.id}.png`)));
      const answer = await pdfOf(lending, row.id);
      assert.equal(answer.statusCode, 200);
      assert.match(answer.rawPayload.toString('latin1'), /\/Subtype \/Image/);
    }
  });
});
