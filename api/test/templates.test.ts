import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MERGE_FIELDS, TEMPLATE_DOCUMENT, type Template, type TemplateListItem, type MergeField } from '@meridian/shared/contract/template';
import { fileTooLargeMessage, MESSAGES, nameTakenMessage } from '@meridian/shared/messages';
import { databaseLabel, startServer, type Actor, type AnswerEnvelope, type TestServer, fieldError, pagingOf } from './support/harness';

const WORD_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

interface DocumentFile {
  bytes: Buffer;
  name: string;
  type: string;
}

const wordDocument = (name = 'Loan agreement – Thandiwe.docx', size = 300_000): DocumentFile => ({
  bytes: crypto.randomBytes(size),
  name,
  type: WORD_TYPE,
});

/** A multipart form as a browser builds it, encoded by fetch's own Request/Response machinery. */
function form(fields: Record<string, string | number>, document?: DocumentFile, fileField: string = TEMPLATE_DOCUMENT.field) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, String(value));
  if (document) data.append(fileField, new Blob([document.bytes], { type: document.type }), document.name);
  return data;
}

async function encoded(data: FormData) {
  const response = new Response(data);
  return { body: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type')! } };
}

/** The file name a Content-Disposition header gives (its exact UTF-8 form). */
const dispositionName = (header: unknown) => decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(String(header))![1]!);

async function eventually(check: () => boolean, ms = 2000) {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  return check();
}

describe(`templates (${databaseLabel})`, () => {
  let s: TestServer;
  let dataDir: string;
  let lendingAdmin: Actor;
  let trackingAdmin: Actor;
  let officer: Actor;
  let listUrl: string;
  let serverUrl: string;
  const folderOf = (templateId: string) => path.join(dataDir, 'files', 'templates', templateId);

  const upload = async (actor: Actor, method: 'POST' | 'PUT', url: string, data: FormData) =>
    actor.call<Template>(method, url, await encoded(data));
  /** Over a real socket, as a browser sends it. */
  const fetchAs = (actor: Actor, url: string, init: RequestInit = {}) =>
    fetch(`${serverUrl}${url}`, { ...init, headers: { authorization: `Bearer ${actor.token}`, 'x-tenant-id': actor.homeTenantId } });
  const download = (actor: Actor, templateId: string) =>
    s.built.app.inject({
      method: 'GET',
      url: `/api/templates/${templateId}/document`,
      headers: { authorization: `Bearer ${actor.token}`, 'x-tenant-id': actor.homeTenantId },
    });
  const html = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    type: 1,
    subject: 'Welcome',
    body: '<p>Dear {{client.firstName}}</p>',
    ...extra,
  });

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-templates-'));
    s = await startServer({ dataDir });
    lendingAdmin = await s.as('company administrator');
    trackingAdmin = await s.as('company admin');
    officer = await s.as('loan officer');
    listUrl = `/api/templates/userId/${lendingAdmin.userId}`;
    serverUrl = await s.built.listen();
  });
  after(async () => {
    await s.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('creates, reads, edits and deletes an HTML template of the acting tenant', async () => {
    const created = await lendingAdmin.call<Template>('POST', '/api/templates', { body: html('Welcome letter') });
    assert.equal(created.status, 201);
    const template = created.body.data;
    assert.equal(template.tenantId, lendingAdmin.homeTenantId);
    assert.equal(template.tenantName, 'Meridian Lending');
    assert.equal(template.createdByUserId, lendingAdmin.userId);
    assert.equal(template.createdBy, 'Carla Mokoena');
    assert.equal(template.documentName, null);
    const read = await lendingAdmin.call<Template>('GET', `/api/templates/${template.Id}`);
    assert.equal(read.body.data.body, '<p>Dear {{client.firstName}}</p>');
    const edited = await lendingAdmin.call<Template>('PUT', `/api/templates/${template.Id}`, {
      body: { name: 'Welcome SMS', type: 3, body: 'Hi {{lead.firstName}}, call {{lead.contactNumber}}.' },
    });
    assert.equal(edited.status, 200);
    assert.deepEqual([edited.body.data.name, edited.body.data.type, edited.body.data.subject], ['Welcome SMS', 3, null]);
    assert.ok(edited.body.data.dateUpdated >= template.dateUpdated);
    assert.equal((await lendingAdmin.call('DELETE', `/api/templates/${template.Id}`)).status, 200);
    assert.equal((await lendingAdmin.call<Template>('GET', `/api/templates/${template.Id}`)).status, 404);
  });

  test('a template can be created for a sub-tenant, but not for a tenant outside the acting subtree', async () => {
    const jhb = await s.tenantId('Johannesburg Branch');
    const forBranch = await lendingAdmin.call<Template>('POST', '/api/templates', { body: html('Branch letter', { tenantId: jhb }) });
    assert.equal(forBranch.status, 201);
    assert.equal(forBranch.body.data.tenantName, 'Johannesburg Branch');
    const outside = await lendingAdmin.call<Template>('POST', '/api/templates', {
      body: html('Sneaky letter', { tenantId: await s.tenantId('Durban Branch') }),
    });
    assert.equal(outside.status, 400);
    assert.deepEqual(fieldError(outside, 'tenantId')!, [MESSAGES.tenantOutsideScope]);
  });

  test('the list is paged, searchable and sortable by name, type, dateCreated and dateUpdated; another sort field is refused', async () => {
    const created: Record<string, string> = {};
    for (const [name, type] of [
      ['List Alpha', 1],
      ['List Bravo', 4],
      ['List Charlie', 3],
    ] as const) {
      const r = await lendingAdmin.call<Template>('POST', '/api/templates', { body: { name, type, body: 'Hello {{client.firstName}}' } });
      assert.equal(r.status, 201);
      created[name] = r.body.data.Id;
    }
    const first = await lendingAdmin.call<TemplateListItem[]>(
      'GET',
      `${listUrl}?search=list%20&page=1&size=2&sortField=name&sortOrder=desc`,
    );
    assert.equal(first.status, 200);
    assert.deepEqual(
      first.body.data.map((t) => t.name),
      ['List Charlie', 'List Bravo'],
    );
    assert.deepEqual(pagingOf(first), { pageNumber: 1, pageSize: 2, total: 3 });
    assert.equal('body' in first.body.data[0]!, false, 'lists leave the text out');
    const second = await lendingAdmin.call<TemplateListItem[]>(
      'GET',
      `${listUrl}?search=list%20&page=2&size=2&sortField=name&sortOrder=desc`,
    );
    assert.deepEqual(
      second.body.data.map((t) => t.name),
      ['List Alpha'],
    );
    const byType = await lendingAdmin.call<TemplateListItem[]>('GET', `${listUrl}?search=list%20&sortField=type&sortOrder=asc`);
    assert.deepEqual(
      byType.body.data.map((t) => t.type),
      [1, 3, 4],
    );
    const newest = await lendingAdmin.call<TemplateListItem[]>('GET', `${listUrl}?search=list%20&sortField=dateCreated&sortOrder=desc`);
    assert.equal(newest.body.data[0]!.name, 'List Charlie');
    assert.equal(
      (
        await lendingAdmin.call<Template>('PUT', `/api/templates/${created['List Alpha']}`, {
          body: { name: 'List Alpha', type: 1, body: 'Hello again' },
        })
      ).status,
      200,
    );
    const touched = await lendingAdmin.call<TemplateListItem[]>('GET', `${listUrl}?search=list%20&sortField=dateUpdated&sortOrder=desc`);
    assert.equal(touched.body.data[0]!.name, 'List Alpha', 'the template changed last comes first');
    const refused = await lendingAdmin.call<TemplateListItem[]>('GET', `${listUrl}?sortField=body`);
    assert.equal(refused.status, 400);
    assert.match(fieldError(refused, 'sortField')?.[0] ?? '', /name, type, dateCreated, dateUpdated/);
  });

  test("the list's user id must be the caller or a user inside the acting subtree", async () => {
    assert.equal(
      (await lendingAdmin.call<TemplateListItem[]>('GET', `/api/templates/userId/${await s.userId('loan-officer')}`)).status,
      200,
    );
    assert.equal((await lendingAdmin.call<TemplateListItem[]>('GET', `/api/templates/userId/${trackingAdmin.userId}`)).status, 404);
  });

  test('validation failures answer 400 with a message per field', async () => {
    const empty = await lendingAdmin.call<Template>('POST', '/api/templates', { body: {} });
    assert.equal(empty.status, 400);
    assert.equal(empty.body.result.code, 'VALIDATION');
    assert.deepEqual(fieldError(empty, 'name')!, ['A template name is required.']);
    assert.deepEqual(fieldError(empty, 'type')!, ['Choose a template type.']);
    const long = await lendingAdmin.call<Template>('POST', '/api/templates', { body: html('x'.repeat(101)) });
    assert.deepEqual(fieldError(long, 'name')!, ['A template name has at most 100 characters.']);
    const noText = await lendingAdmin.call<Template>('POST', '/api/templates', { body: { name: 'No text', type: 4, body: '   ' } });
    assert.deepEqual(fieldError(noText, 'body')!, [MESSAGES.templateBodyRequired]);
    const wordWithoutDocument = await lendingAdmin.call<Template>('POST', '/api/templates', { body: { name: 'Contract', type: 2 } });
    assert.equal(wordWithoutDocument.status, 400);
    assert.deepEqual(fieldError(wordWithoutDocument, 'document')!, [MESSAGES.templateDocumentRequired]);
    const multipartWithoutName = await upload(lendingAdmin, 'POST', '/api/templates', form({ type: 2 }, wordDocument()));
    assert.equal(multipartWithoutName.status, 400);
    assert.deepEqual(fieldError(multipartWithoutName, 'name')!, ['A template name is required.']);
  });

  test('names are unique within a tenant, whatever their case', async () => {
    assert.equal((await lendingAdmin.call<Template>('POST', '/api/templates', { body: html('Reminder') })).status, 201);
    const again = await lendingAdmin.call<Template>('POST', '/api/templates', { body: html('REMINDER') });
    assert.equal(again.status, 409);
    assert.deepEqual(fieldError(again, 'name')!, [nameTakenMessage('template')]);
    assert.equal(
      (await trackingAdmin.call<Template>('POST', '/api/templates', { body: html('Reminder') })).status,
      201,
      'another tenant may use it',
    );
  });

  test('a Word document uploaded as multipart over HTTP is downloaded back byte-identical, with its file name and content type', async () => {
    const document = wordDocument();
    const created = await fetchAs(lendingAdmin, '/api/templates', {
      method: 'POST',
      body: form({ name: 'Loan agreement', type: 2, subject: 'Your agreement' }, document),
    });
    assert.equal(created.status, 201);
    const template = ((await created.json()) as AnswerEnvelope<Template>).data;
    assert.deepEqual(
      [template.type, template.documentName, template.documentType, template.documentSize],
      [2, document.name, WORD_TYPE, document.bytes.length],
    );

    const downloaded = await fetchAs(lendingAdmin, `/api/templates/${template.Id}/document`);
    assert.equal(downloaded.status, 200);
    assert.equal(downloaded.headers.get('content-type'), WORD_TYPE);
    assert.match(downloaded.headers.get('content-disposition')!, /^attachment; /);
    assert.equal(dispositionName(downloaded.headers.get('content-disposition')), document.name);
    assert.ok(Buffer.from(await downloaded.arrayBuffer()).equals(document.bytes), 'the same bytes come back');

    const stored = fs.readdirSync(folderOf(template.Id));
    assert.equal(stored.length, 1);
    assert.ok(!stored[0]!.includes('Loan'), 'the file on disk is named by the server, not by the uploader');
  });

  test('a new document replaces the stored one, an edit without one keeps it, and deleting the template removes its files', async () => {
    const first = wordDocument('first.docx', 1000);
    const template = (await upload(lendingAdmin, 'POST', '/api/templates', form({ name: 'Offer letter', type: 2 }, first))).body.data;
    const kept = await lendingAdmin.call<Template>('PUT', `/api/templates/${template.Id}`, { body: { name: 'Offer letter v2', type: 2 } });
    assert.equal(kept.status, 200);
    assert.equal(kept.body.data.documentName, 'first.docx');
    assert.ok((await download(lendingAdmin, template.Id)).rawPayload.equals(first.bytes));

    const second = wordDocument('second.dotx', 2000);
    const replaced = await upload(lendingAdmin, 'PUT', `/api/templates/${template.Id}`, form({ name: 'Offer letter v3', type: 2 }, second));
    assert.equal(replaced.status, 200);
    assert.deepEqual([replaced.body.data.documentName, replaced.body.data.documentSize], ['second.dotx', 2000]);
    const answer = await download(lendingAdmin, template.Id);
    assert.ok(answer.rawPayload.equals(second.bytes));
    assert.equal(dispositionName(answer.headers['content-disposition']), 'second.dotx');
    assert.ok(await eventually(() => fs.readdirSync(folderOf(template.Id)).length === 1), 'the replaced file is removed');

    assert.equal((await lendingAdmin.call('DELETE', `/api/templates/${template.Id}`)).status, 200);
    assert.ok(await eventually(() => !fs.existsSync(folderOf(template.Id))), 'the folder goes with the template');
  });

  test('a document larger than 10 MB is refused with 413 and a clear message, and nothing is kept', async () => {
    const before = fs.existsSync(path.join(dataDir, 'files', 'templates'))
      ? fs.readdirSync(path.join(dataDir, 'files', 'templates')).length
      : 0;
    const huge = wordDocument('huge.docx', TEMPLATE_DOCUMENT.maxBytes + 1);
    const refused = await fetchAs(lendingAdmin, '/api/templates', { method: 'POST', body: form({ name: 'Huge contract', type: 2 }, huge) });
    assert.equal(refused.status, 413);
    const { result } = (await refused.json()) as AnswerEnvelope<null>;
    assert.equal(result.success, false);
    assert.equal(result.message, fileTooLargeMessage(TEMPLATE_DOCUMENT.maxBytes));
    assert.deepEqual(result.fieldErrors!.document, [fileTooLargeMessage(TEMPLATE_DOCUMENT.maxBytes)]);
    assert.equal(pagingOf(await lendingAdmin.call<TemplateListItem[]>('GET', `${listUrl}?search=huge`)).total, 0);
    const after = fs.existsSync(path.join(dataDir, 'files', 'templates'))
      ? fs.readdirSync(path.join(dataDir, 'files', 'templates')).length
      : 0;
    assert.equal(after, before);
  });

  test('a Word template refuses a file that is not a Word document, an empty one, and a file under another field name', async () => {
    const pdf = await upload(
      lendingAdmin,
      'POST',
      '/api/templates',
      form({ name: 'Not word', type: 2 }, { bytes: crypto.randomBytes(10), name: 'contract.pdf', type: 'application/pdf' }),
    );
    assert.equal(pdf.status, 400);
    assert.deepEqual(fieldError(pdf, 'document')!, [MESSAGES.templateDocumentNotWord]);
    const empty = await upload(
      lendingAdmin,
      'POST',
      '/api/templates',
      form({ name: 'Empty word', type: 2 }, { bytes: Buffer.alloc(0), name: 'empty.docx', type: WORD_TYPE }),
    );
    assert.deepEqual(fieldError(empty, 'document')!, [MESSAGES.templateDocumentEmpty]);
    const elsewhere = await upload(
      lendingAdmin,
      'POST',
      '/api/templates',
      form({ name: 'Wrong field', type: 2 }, wordDocument(), 'attachment'),
    );
    assert.equal(elsewhere.status, 400);
    assert.deepEqual(fieldError(elsewhere, 'attachment')!, [MESSAGES.templateOneDocumentOnly]);
  });

  test('a template without a document has nothing to download', async () => {
    const template = (await lendingAdmin.call<Template>('POST', '/api/templates', { body: html('Plain letter') })).body.data;
    const r = await lendingAdmin.call('GET', `/api/templates/${template.Id}/document`);
    assert.equal(r.status, 404);
    assert.equal(r.body.result.message, 'The document of this template was not found.');
  });

  test('merge fields offer client and lead fields with a label and a sample value', async () => {
    const r = await lendingAdmin.call<MergeField[]>('GET', '/api/templates/merge-fields');
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.data, MERGE_FIELDS);
    const paths = r.body.data.map((f) => f.path);
    assert.ok(paths.includes('client.firstName') && paths.includes('lead.contactNumber'));
    assert.ok(r.body.data.every((f) => f.label && f.sample));
  });

  test('a user without ADMIN/TEMPLATES is refused with 403 on every template route', async () => {
    const someTemplate = (await lendingAdmin.call<Template>('POST', '/api/templates', { body: html('Refusal target') })).body.data.Id;
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/templates/userId/${officer.userId}`],
      ['GET', '/api/templates/merge-fields'],
      ['GET', `/api/templates/${someTemplate}`],
      ['GET', `/api/templates/${someTemplate}/document`],
      ['POST', '/api/templates', html('Officer letter')],
      ['PUT', `/api/templates/${someTemplate}`, html('Officer edit')],
      ['DELETE', `/api/templates/${someTemplate}`],
    ];
    const notRefused: string[] = [];
    for (const [method, url, body] of routes) {
      const r = await officer.call(method, url, body === undefined ? {} : { body });
      if (r.status !== 403 || r.body.result.code !== 'FORBIDDEN') notRefused.push(`${method} ${url} -> ${r.status}`);
    }
    assert.deepEqual(notRefused, []);
    const multipart = await upload(officer, 'POST', '/api/templates', form({ name: 'Officer upload', type: 2 }, wordDocument()));
    assert.equal(multipart.status, 403, 'refused before the upload is read');
    assert.equal((await lendingAdmin.call<Template>('GET', `/api/templates/${someTemplate}`)).body.data.name, 'Refusal target');
  });

  test('a template of Meridian Tracking is 404 for the Lending administrator on every route and never listed', async () => {
    const theirs = (await upload(trackingAdmin, 'POST', '/api/templates', form({ name: 'Tracking contract', type: 2 }, wordDocument())))
      .body.data;
    const leaks: string[] = [];
    for (const [method, url, body] of [
      ['GET', `/api/templates/${theirs.Id}`],
      ['GET', `/api/templates/${theirs.Id}/document`],
      ['PUT', `/api/templates/${theirs.Id}`, html('Taken over')],
      ['DELETE', `/api/templates/${theirs.Id}`],
    ] as [string, string, unknown?][]) {
      const r = await lendingAdmin.call(method, url, body === undefined ? {} : { body });
      if (r.status !== 404) leaks.push(`${method} ${url} -> ${r.status}`);
    }
    assert.deepEqual(leaks, []);
    const replaced = await upload(
      lendingAdmin,
      'PUT',
      `/api/templates/${theirs.Id}`,
      form({ name: 'Taken over', type: 2 }, wordDocument()),
    );
    assert.equal(replaced.status, 404);
    const listed = await lendingAdmin.call<TemplateListItem[]>('GET', `${listUrl}?size=1000`);
    assert.ok(!listed.body.data.some((t) => t.Id === theirs.Id));
    const still = await trackingAdmin.call<Template>('GET', `/api/templates/${theirs.Id}`);
    assert.equal(still.body.data.name, 'Tracking contract', 'nothing outside was changed');
    assert.equal(fs.readdirSync(folderOf(theirs.Id)).length, 1, 'the refused upload left no file behind');
    const groupWide = await (
      await s.as('global administrator')
    ).call<TemplateListItem[]>('GET', `/api/templates/userId/${lendingAdmin.userId}?size=1000`, {
      tenant: await s.tenantId('Meridian Group'),
    });
    assert.ok(
      groupWide.body.data.some((t) => t.Id === theirs.Id),
      'the group sees both companies',
    );
  });
});
