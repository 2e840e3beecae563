import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { z } from 'zod';
import { healthSchema } from '@meridian/shared/contract/health';
import { CONTRACT_VIOLATION_HEADER, installResponseCheck } from '../src/http/response-check';
import { answers, binaryAnswer, pagedAnswers, pagedOrFileAnswers } from '../src/http/route-answers';
import { installErrorHandler } from '../src/http/error-handler';
import { ok, paged } from '../src/http/envelope';
import { notFound } from '../src/http/errors';
import { databaseLabel, startServer, type TestServer } from './support/harness';

/** A bare app with the check on, and routes that answer right and wrong. */
async function checkedApp() {
  const app = Fastify({ logger: false });
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  installErrorHandler(app);
  installResponseCheck(app);
  const health = { status: 'ok', database: 'pglite', realtime: 'local', version: '1', buildId: 'dev', uptimeSeconds: 1 };
  app.get('/right', { schema: { response: answers(healthSchema) } }, async () => ok(health));
  app.get('/wrong-field', { schema: { response: answers(healthSchema) } }, async () => ok({ ...health, uptimeSeconds: 'long' }));
  app.get('/extra-field', { schema: { response: answers(healthSchema) } }, async () => ok({ ...health, secret: 'x' }));
  app.get('/undeclared-status', { schema: { response: answers(healthSchema) } }, async (_request, reply) =>
    reply.status(201).send(ok(health)),
  );
  app.get('/not-found', { schema: { response: answers(healthSchema) } }, async () => {
    throw notFound('Thing');
  });
  app.get('/page', { schema: { response: pagedAnswers(z.strictObject({ n: z.number() })) } }, async () =>
    paged([{ n: 1 }], { pageNumber: 1, pageSize: 1, total: 1 }),
  );
  app.get('/pdf', { schema: { response: binaryAnswer(['application/pdf']) } }, async (_request, reply) =>
    reply.type('application/pdf').send(Buffer.from('%PDF-')),
  );
  app.get('/pdf-as-text', { schema: { response: binaryAnswer(['application/pdf']) } }, async (_request, reply) =>
    reply.type('text/plain').send('no'),
  );
  const pageOrCsv = { schema: { response: pagedOrFileAnswers(z.strictObject({ n: z.number() }), ['text/csv']) } };
  app.get('/page-or-csv', pageOrCsv, async () => paged([{ n: 1 }], { pageNumber: 1, pageSize: 1, total: 1 }));
  app.get('/page-or-csv/wrong', pageOrCsv, async () => paged([{ n: 'one' }], { pageNumber: 1, pageSize: 1, total: 1 }));
  app.get('/page-or-csv/file', pageOrCsv, async (_request, reply) => reply.type('text/csv').send('n\n1\n'));
  await app.ready();
  return app;
}

describe('declared answers are checked (response-check.ts)', () => {
  test('an answer that matches its schema carries no violation; one that does not is marked, not refused', async () => {
    const app = await checkedApp();
    const violation = async (url: string) => {
      const answer = await app.inject({ method: 'GET', url });
      return { status: answer.statusCode, violation: answer.headers[CONTRACT_VIOLATION_HEADER] };
    };
    assert.deepEqual(await violation('/right'), { status: 200, violation: undefined });
    assert.deepEqual(await violation('/not-found'), { status: 404, violation: undefined });
    assert.deepEqual(await violation('/page'), { status: 200, violation: undefined });
    assert.deepEqual(await violation('/pdf'), { status: 200, violation: undefined });
    const wrong = await violation('/wrong-field');
    assert.equal(wrong.status, 200, 'the answer still goes out');
    assert.match(String(wrong.violation), /^200 data\.uptimeSeconds: /);
    assert.match(String((await violation('/extra-field')).violation), /^200 data: .*secret/i);
    assert.match(String((await violation('/undeclared-status')).violation), /201 is not a declared status/);
    assert.match(String((await violation('/pdf-as-text')).violation), /text\/plain, declared application\/pdf/);
    assert.deepEqual(
      await violation('/page-or-csv'),
      { status: 200, violation: undefined },
      'a page of a list that also downloads as a file',
    );
    assert.deepEqual(await violation('/page-or-csv/file'), { status: 200, violation: undefined }, 'the same list as its file');
    assert.match(String((await violation('/page-or-csv/wrong')).violation), /^200 data\.0\.n: /, 'the JSON page is still checked');
    await app.close();
  });

  test('declaring answers changes no answer: the body is sent as JSON.stringify writes it', async () => {
    const app = await checkedApp();
    const answer = await app.inject({ method: 'GET', url: '/extra-field' });
    assert.equal(JSON.parse(answer.body).data.secret, 'x', 'nothing is stripped');
    await app.close();
  });
});

describe(`every route declares its answers from the contract (${databaseLabel})`, () => {
  let s: TestServer;
  before(async () => {
    s = await startServer();
  });
  after(() => s.close());

  test('every /api route documents a 2xx answer and enveloped failures', () => {
    const undeclared = s.built.routes
      .filter((route) => !Object.keys((route.schema?.response ?? {}) as object).some((status) => status.startsWith('2')))
      .map((route) => `${route.method} ${route.url}`);
    assert.deepEqual(undeclared, []);
    const noFailures = s.built.routes
      .filter((route) => !('4xx' in ((route.schema?.response ?? {}) as object)))
      .map((route) => `${route.method} ${route.url}`);
    assert.deepEqual(noFailures, []);
  });

  test("the OpenAPI document's every $ref resolves to a component", async () => {
    const answer = await s.call('GET', '/api/docs/json');
    assert.equal(answer.status, 200);
    const document = JSON.parse(answer.text) as { components?: { schemas?: Record<string, unknown> } };
    const components = document.components?.schemas ?? {};
    const refs = new Set<string>();
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === '$ref' && typeof value === 'string') refs.add(value);
          else walk(value);
        }
      }
    };
    walk(document);
    assert.ok(refs.size > 0, 'the contract schemas with an id are components');
    const dangling = [...refs].filter(
      (ref) => !ref.startsWith('#/components/schemas/') || !(ref.slice('#/components/schemas/'.length) in components),
    );
    assert.deepEqual(dangling, []);
  });
});
