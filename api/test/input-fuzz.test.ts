/**
 * Hostile input never makes the API fail (5xx) and never puts the values a caller sent into the log.
 * One server walks every route of its own route table with values generated from each route's zod
 * schemas (fast-check, fixed seed): wrong types, NUL and lone surrogates, 100 kB strings, extreme
 * numbers, dates far outside any calendar, prototype keys as keys and as values, nested garbage, and
 * values of the right shape. Focused regressions for the classes a black-box probe found come first.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import Fastify from 'fastify';
import { EMPTY_GUID } from '@meridian/shared/constants';
import { UNSTORABLE_CHARACTER_MESSAGE } from '@meridian/shared/validation';
import type { LoginReportRow, User, UserListItem } from '@meridian/shared/contract/user';
import type { AuthSession } from '@meridian/shared/contract/auth';
import type { Notification } from '@meridian/shared/contract/notification';
import type { ClientConfig } from '@meridian/shared/contract/client-config';
import type { RouteEntry } from '../src/app';
import { installErrorHandler } from '../src/http/error-handler';
import { loggableError } from '../src/http/log-redaction';
import { databaseLabel, DEMO_PASSWORD, demoEmail, startServer, type Actor, type TestServer, fieldErrorsOf } from './support/harness';

/** Every value the fuzz sends that could reach the database as a bound value carries this; the log never may. */
const MARKER = 'FUZZMARK';
const SEED = 20_251_125;
/**
 * Runs per route and caller: 40 in every test run (50,000 calls over the route table at 100 had made
 * this file the API stage's longest by far); FUZZ_RUNS overrides it for a deeper walk (FUZZ_RUNS=300),
 * FUZZ_STATUSES=1 prints each route's answers by status.
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 40);
/** A route that takes no parameters, query or body has only the sort attack and stray input to meet. */
const INPUTLESS_RUNS = Math.min(RUNS_PER_ROUTE, 10);

/**
 * Routes the walk leaves out, each with its reason. Empty: every route is called. Routes that need
 * care are handled explicitly below: SESSION_ENDING, GETS_THAT_WRITE, and the geocoder stand-in.
 */
const SKIPPED_ROUTES: Record<string, string> = {};

/**
 * Routes that end the caller's session: fuzzed as the admin they would sign out the rest of the
 * walk, so each run presents a session of its own, signed in before the walk (sign-in throttles and
 * an allow-list the walk itself may add must not stand in its way).
 */
const SESSION_ENDING = new Set(['GET /api/auth/logout']);
/** A sign-in costs a password hash; a route without a schema needs few runs to show what it does with stray input. */
const SESSION_ENDING_RUNS = 10;

/**
 * Reads may name real records (so they reach past "not found"); writes only get ids no record has, so
 * the walk deletes or rewrites nothing it stands on. This GET is a write: it issues a temporary
 * password and ends the user's sessions, so given the administrator's own id it would end the walk.
 */
const GETS_THAT_WRITE = new Set(['GET /api/users/get-temp-password/:id']);

const isEnvelopeFailure = (body: { result?: { success?: boolean } } | null | undefined) => body?.result?.success === false;

// ---------------------------------------------------------------------------------------------
// Hostile values

const HUGE = 'x'.repeat(100_000);
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', '__defineGetter__'];
/** Text PostgreSQL cannot store: NUL anywhere, and UTF-16 surrogates without their pair. */
const UNSTORABLE_TEXTS = [
  `${MARKER}\u0000`,
  '\u0000',
  `a\u0000b${MARKER}`,
  `%\u0000%`,
  `${MARKER}\uD800`,
  '\uDFFF',
  `${MARKER}@example.test\u0000`,
];
const NUMBER_TEXTS = [
  '1e308',
  '-1e308',
  'NaN',
  'Infinity',
  '-Infinity',
  String(2 ** 63),
  '9223372036854775808',
  '-9223372036854775809',
  '2147483648',
  '-2147483649',
  '-0',
  '0x10',
  '1.5',
  '-1',
  '0',
];
const DATE_TEXTS = [
  '300000-01-01',
  '+300000-01-01T00:00:00Z',
  '-271821-04-20',
  '-271821-04-20T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '275760-09-13',
  '99999',
  '+020000-01-01',
  '+200000-01-01T00:00:00Z',
  '0000-01-01',
  '0001-01-01',
  '1899-12-31',
  '9999-12-31T23:59:59-14:00',
  '2024-02-30',
  '2024-01-01T25:61:00Z',
];
const OTHER_TEXTS = [
  HUGE,
  `${MARKER}${'y'.repeat(5_000)}`,
  '',
  ' ',
  '%',
  '%%',
  '_',
  '\\',
  "'",
  '"',
  `${MARKER}'; drop table users; --`,
  EMPTY_GUID,
  'true',
  'null',
  '[]',
  '{}',
  `${MARKER}@example.test`,
  `${MARKER}-${'z'.repeat(300)}`,
];
const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...UNSTORABLE_TEXTS) },
  { weight: 2, arbitrary: fc.constantFrom(...NUMBER_TEXTS) },
  { weight: 2, arbitrary: fc.constantFrom(...DATE_TEXTS) },
  { weight: 2, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
  { weight: 2, arbitrary: fc.constantFrom(...OTHER_TEXTS) },
);
/** Values only a JSON body can carry. */
const HOSTILE_JSON_VALUES: unknown[] = [
  1e308,
  -1e308,
  2 ** 63,
  -(2 ** 63),
  Number.MAX_SAFE_INTEGER + 2,
  2_147_483_648,
  -1,
  0,
  0.5,
  -0.000001,
  null,
  true,
  false,
  {},
  [],
  [[[]]],
  [HUGE],
  { [MARKER]: `${MARKER}\u0000` },
  { a: { b: { c: { d: ['\u0000'] } } } },
  { constructor: 'x', toString: 'y', valueOf: 1 },
  Array.from({ length: 600 }, () => EMPTY_GUID),
];

const hostileJson = fc.oneof(hostileText, fc.constantFrom(...HOSTILE_JSON_VALUES), fc.jsonValue({ maxDepth: 2 }));
const markedText = fc.string({ maxLength: 10 }).map((s) => `${MARKER}${s}`);
/** Text a field of this name most likely takes, judged by its name (a schema's refinements cannot be read back). */
function textFor(key: string): fc.Arbitrary<string> {
  if (/date|day|from|^to$|period|time|at$/i.test(key)) return fc.constantFrom('2025-03-14', '2025-03-14T09:30:00Z', '2025-04-30');
  if (/e-?mail/i.test(key)) return markedText.map((s) => `${s.replace(/[^A-Za-z0-9]/g, '')}@example.test`.toLowerCase());
  if (/phone|mobile/i.test(key)) return fc.constantFrom('0821234567', '0719876543');
  if (/^sort(Field)?$/.test(key)) return fc.constantFrom('name', 'dateCreated', 'lastName', 'firstName', 'startDate', 'status');
  if (/^(ids|id)$/i.test(key)) return fc.uuid();
  return markedText;
}

const plausibleText = fc.oneof(
  markedText,
  fc.string({ maxLength: 12 }),
  fc.constantFrom('2025-03-14', '2025-03-14T09:30:00Z', 'Johannesburg', 'a', 'ASC', 'DESC', 'csv', 'day', '0821234567', '8001015009087'),
  // Sort fields many lists know.
  fc.constantFrom('name', 'dateCreated', 'lastName', 'firstName', 'startDate', 'status'),
);

// ---------------------------------------------------------------------------------------------
// Values from a route's zod schemas (zod 4 keeps each schema's definition in `_zod.def`)

type Def = { type: string; shape?: Record<string, unknown>; [key: string]: unknown };
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

interface Ids {
  forReads: string[];
}

/**
 * How hostile a request is: a calm one is mostly of the right shape (to reach the handler and the
 * database with marked values), a rough one has a hostile value in about every third place.
 */
interface Mix {
  shaped: number;
  hostile: number;
  strangeKeys: number;
  absentKeys: number;
}
const CALM: Mix = { shaped: 15, hostile: 1, strangeKeys: 12, absentKeys: 2 };
const ROUGH: Mix = { shaped: 2, hostile: 1, strangeKeys: 3, absentKeys: 1 };
const ABSENT = Symbol('absent');

/** Values of the schema's shape, where any part may be replaced by a hostile value. */
function valuesOf(schema: unknown, ids: Ids, json: boolean, mix: Mix, depth = 0, key = ''): fc.Arbitrary<unknown> {
  const hostile = json ? hostileJson : hostileText;
  return fc.oneof(
    { weight: mix.shaped, arbitrary: shapedValuesOf(schema, ids, json, mix, depth, key) },
    { weight: mix.hostile, arbitrary: hostile },
  );
}

function shapedValuesOf(schema: unknown, ids: Ids, json: boolean, mix: Mix, depth: number, key = ''): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const text = key ? fc.oneof({ weight: 3, arbitrary: textFor(key) }, { weight: 1, arbitrary: plausibleText }) : plausibleText;
  if (!def || depth > 6) return text;
  const inner = (s: unknown) => valuesOf(s, ids, json, mix, depth + 1);
  switch (def.type) {
    case 'string':
      if (def.format === 'uuid' || def.format === 'guid') return fc.oneof(fc.uuid(), fc.constantFrom(EMPTY_GUID, ...ids.forReads));
      if (def.format === 'email')
        return fc.oneof(
          markedText.map((s) => `${s.replace(/[^A-Za-z0-9]/g, '')}@example.test`),
          fc.constant('global-administrator@demo.meridian.test'),
        );
      if (def.format === 'url') return fc.constantFrom('https://example.test/callback', `https://example.test/${MARKER}`);
      return text;
    case 'number':
    case 'int':
    case 'bigint':
      return json
        ? fc.oneof(fc.integer({ min: -3, max: 400 }), fc.double({ min: -1000, max: 1000, noNaN: true }))
        : fc.integer({ min: -3, max: 400 }).map(String);
    case 'boolean':
      return json ? fc.boolean() : fc.constantFrom('true', 'false');
    case 'date':
      return fc.constantFrom('2025-03-14', '2025-03-14T09:30:00Z');
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valuesOf(def.element, ids, json, mix, depth + 1, key), { maxLength: 3 });
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map(inner));
    case 'object':
      return objectsOf(def.shape as Record<string, unknown>, ids, json, mix, depth);
    case 'record':
      return fc.dictionary(fc.oneof(plausibleText, fc.constantFrom(...PROTOTYPE_NAMES)) as fc.Arbitrary<string>, inner(def.valueType), {
        maxKeys: 3,
      });
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((option) => shapedValuesOf(option, ids, json, mix, depth + 1, key)));
    case 'intersection':
      return shapedValuesOf(def.left, ids, json, mix, depth + 1, key);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return shapedValuesOf(def.innerType, ids, json, mix, depth + 1, key);
    case 'pipe':
      return shapedValuesOf(defOf(def.in)?.type === 'transform' ? def.out : def.in, ids, json, mix, depth + 1, key);
    case 'lazy':
      return shapedValuesOf((def.getter as () => unknown)(), ids, json, mix, depth + 1, key);
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    default:
      return text;
  }
}

/** One time in `odds + 1` the value, else null. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, odds: number) =>
  fc.oneof({ weight: odds, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });

/** Objects with some of the schema's keys, and now and then a prototype name as a key. */
function objectsOf(
  shape: Record<string, unknown>,
  ids: Ids,
  json: boolean,
  mix: Mix,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(shape);
  const maybe = (arbitrary: fc.Arbitrary<unknown>) =>
    fc.oneof({ weight: mix.absentKeys, arbitrary: fc.constant(ABSENT) }, { weight: 1, arbitrary });
  const known = fc.record(Object.fromEntries(keys.map((key) => [key, maybe(valuesOf(shape[key], ids, json, mix, depth + 1, key))])));
  const strange = fc.dictionary(fc.constantFrom(...PROTOTYPE_NAMES, MARKER, `${MARKER}\u0000`), json ? hostileJson : hostileText, {
    maxKeys: 2,
  });
  return fc.tuple(known, sometimes(strange, mix.strangeKeys)).map(([values, extra]) => {
    const out: Record<string, unknown> = {};
    // defineProperty, so `__proto__` becomes an own key that JSON.stringify and the query string carry.
    for (const [key, value] of [...Object.entries(values), ...Object.entries(extra ?? {})]) {
      if (value === ABSENT) continue;
      Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    }
    return out;
  });
}

// ---------------------------------------------------------------------------------------------
// Requests

interface Request {
  path: string;
  query: string;
  body: unknown;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** encodeURIComponent, except that a lone surrogate (which it refuses) goes as the three bytes WTF-8 gives it. */
const encode = (text: string) =>
  text.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[^\uD800-\uDFFF]+|[\uD800-\uDBFF][\uDC00-\uDFFF]/g,
    (part) => {
      if (part.length !== 1 || !/[\uD800-\uDFFF]/.test(part)) return encodeURIComponent(part);
      const code = part.charCodeAt(0);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    },
  );

/** A failure's text with long runs of one character (the 100 kB strings) shortened. */
const readable = (text: string) =>
  text.replace(/(.)\1{40,}/g, (run, c: string) => `${c.repeat(5)}…(${run.length} × ${JSON.stringify(c)})`).slice(0, 3000);

/** A route's address with its parameters filled in (encoded, so a NUL or a slash stays in its parameter). */
function pathOf(url: string, params: Record<string, unknown>) {
  return url.replace(/:(\w+)/g, (_m, name: string) => encode(asText(Object.hasOwn(params, name) ? params[name] : 'x')));
}

function queryOf(values: Record<string, unknown>) {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) && value.length > 0 ? value : [value]) {
      pairs.push(`${encode(key)}=${encode(asText(item))}`);
    }
  }
  return pairs.join('&');
}

/** A route's requests: its schema's parts filled with values of their shape or hostile ones. */
function takesInput(route: RouteEntry): boolean {
  const schema = (route.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown };
  return route.url.includes(':') || Boolean(schema.querystring || schema.body);
}

function runsOf(route: RouteEntry, name: string, sessionEndingRuns: number): number {
  if (SESSION_ENDING.has(name)) return sessionEndingRuns;
  return takesInput(route) ? RUNS_PER_ROUTE : INPUTLESS_RUNS;
}

function requestsOf(route: RouteEntry, ids: Ids): fc.Arbitrary<Request> {
  return fc.oneof(requestsWith(route, ids, CALM), requestsWith(route, ids, ROUGH));
}

function requestsWith(route: RouteEntry, ids: Ids, mix: Mix): fc.Arbitrary<Request> {
  const schema = (route.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown };
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const paramsShape = defOf(schema.params)?.shape ?? Object.fromEntries(paramNames.map((name) => [name, undefined]));
  const params = fc.record(Object.fromEntries(paramNames.map((name) => [name, valuesOf(paramsShape[name], ids, false, mix, 0, name)])));
  const queryShape = defOf(schema.querystring)?.type === 'object' ? defOf(schema.querystring)!.shape! : {};
  const query = objectsOf(queryShape, ids, false, mix, 0);
  // The probe's favourite: a sort field that names a member of Object.prototype.
  const sortAttack = sometimes(fc.constantFrom(...PROTOTYPE_NAMES), mix.strangeKeys);
  const garbageBody = fc.constantFrom<unknown>({}, [], 'x', 42, null, { a: { b: [HUGE] } });
  const body = schema.body
    ? fc.oneof({ weight: mix.shaped, arbitrary: valuesOf(schema.body, ids, true, mix) }, { weight: mix.hostile, arbitrary: garbageBody })
    : fc.constant(undefined);
  return fc.record({ params, query, sortAttack, body }).map((r) => ({
    path: pathOf(route.url, r.params),
    query: queryOf(r.sortAttack === null ? r.query : { ...r.query, sortField: r.sortAttack }),
    body: route.method === 'GET' ? undefined : r.body,
  }));
}

// ---------------------------------------------------------------------------------------------

describe(`hostile input answers 4xx, never 5xx, and stays out of the log (${databaseLabel})`, () => {
  let s: TestServer;
  let admin: Actor;
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });

  // The two address-lookup routes call a Nominatim-style geocoder; without one they answer 503 by
  // design, so the walk gets a stand-in that answers every lookup, and fuzzes what lies before it.
  const geocoder = http.createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(
      request.url?.startsWith('/reverse')
        ? JSON.stringify({ display_name: 'Somewhere' })
        : JSON.stringify([{ lat: '-26.1', lon: '28.0', display_name: 'Somewhere' }]),
    );
  });

  before(async () => {
    await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
    const { port } = geocoder.address() as AddressInfo;
    // The walk outlasts the 15 minutes of an access token on a busy machine: its session must not expire mid-walk.
    s = await startServer({ geocoderUrl: `http://127.0.0.1:${port}`, accessTokenTtlSeconds: 4 * 3600 }, { logStream });
    admin = await s.as('global administrator');
  });
  after(async () => {
    await s.close();
    geocoder.close();
  });

  test('a sort field that names a member of Object.prototype answers 400 naming sortField', async () => {
    for (const field of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const answer = await admin.call<UserListItem[]>('GET', `/api/users?sortField=${field}`);
      assert.equal(answer.status, 400, `sortField=${field}: ${JSON.stringify(answer.body)}`);
      assert.ok(fieldErrorsOf(answer).sortField, `sortField=${field}: ${JSON.stringify(answer.body)}`);
    }
    assert.equal((await admin.call<UserListItem[]>('GET', '/api/users?sortField=lastName')).status, 200);
  });

  test('a NUL in the sign-in e-mail or the forgotten-password e-mail answers 400 naming the field', async () => {
    const login = await s.call<AuthSession>('POST', '/api/auth/login', {
      body: { email: `global-administrator\u0000@demo.meridian.test`, password: DEMO_PASSWORD },
    });
    assert.equal(login.status, 400, JSON.stringify(login.body));
    assert.deepEqual(fieldErrorsOf(login), { email: [UNSTORABLE_CHARACTER_MESSAGE] });
    const forgot = await s.call('POST', '/api/auth/forgot-password', { body: { email: `${MARKER}\u0000@example.test` } });
    assert.equal(forgot.status, 400, JSON.stringify(forgot.body));
    assert.deepEqual(fieldErrorsOf(forgot), { email: [UNSTORABLE_CHARACTER_MESSAGE] });
  });

  test('a NUL in a query string, a path parameter or a nested body field answers 400 naming it', async () => {
    const search = await admin.call<UserListItem[]>('GET', `/api/users?search=${encodeURIComponent('ann\u0000')}`);
    assert.equal(search.status, 400);
    assert.deepEqual(fieldErrorsOf(search), { search: [UNSTORABLE_CHARACTER_MESSAGE] });
    const byEmail = await admin.call<User>('GET', `/api/users/by-email/${encodeURIComponent('ann\u0000@example.test')}`);
    assert.equal(byEmail.status, 400);
    assert.deepEqual(fieldErrorsOf(byEmail), { email: [UNSTORABLE_CHARACTER_MESSAGE] });
    const nested = await admin.call<Notification>('POST', '/api/notification/insertnotification', {
      body: { notification: { itemType: 'note', message: 'hello', messageData: { deep: ['ok', 'b\u0000d'] } } },
    });
    assert.equal(nested.status, 400);
    assert.deepEqual(fieldErrorsOf(nested), { 'notification.messageData.deep.1': [UNSTORABLE_CHARACTER_MESSAGE] });
  });

  test('a date far outside the calendar on a report query answers 400 naming the date', async () => {
    for (const date of ['300000-01-01', '+200000-01-01T00:00:00Z', '-271821-04-20', '0000-01-01']) {
      const answer = await admin.call<LoginReportRow[]>('GET', `/api/users/loginreport?startDate=${encodeURIComponent(date)}`);
      assert.equal(answer.status, 400, `${date}: ${JSON.stringify(answer.body)}`);
      assert.ok(fieldErrorsOf(answer).startDate, `${date}: ${JSON.stringify(answer.body)}`);
    }
    assert.equal((await admin.call<LoginReportRow[]>('GET', '/api/users/loginreport?startDate=2025-01-01')).status, 200);
  });

  test('a database error is logged with its message, code and statement, never the values bound to it', async () => {
    const error = await s.db.query('select $1::uuid as id', [`${MARKER}-secret`]).then(
      () => null,
      (e: unknown) => e,
    );
    assert.ok(error instanceof Error);
    const logged = JSON.stringify(loggableError(error));
    assert.ok(!logged.includes(MARKER), logged);
    const parsed = JSON.parse(logged);
    assert.equal(parsed.code, '22P02');
    assert.match(parsed.message, /invalid input syntax for type uuid/);
    assert.match(parsed.sql, /select \$1::uuid/);
    for (const field of ['params', 'parameters', 'detail', 'where', 'queryOptions']) assert.equal(parsed[field], undefined, field);
  });

  test('a data error the schemas let through answers 400, not 500, and its log line holds no value', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: { level: 'info', serializers: { err: loggableError }, stream: { write: (line: string) => void lines.push(line) } },
    });
    installErrorHandler(app);
    app.get('/late', async () => s.db.query('select $1::timestamptz as at', [`${MARKER} 300000-01-01`]));
    const answer = await app.inject({ method: 'GET', url: '/late' });
    await app.close();
    assert.equal(answer.statusCode, 400, answer.body);
    assert.equal(answer.json().result.code, 'VALIDATION');
    assert.ok(
      lines.some((line) => line.includes('"22')),
      lines.join('\n'),
    );
    assert.ok(!lines.some((line) => line.includes(MARKER)), lines.join('\n'));
  });

  test('every route, fuzzed as the global administrator (and signed out where public), answers below 500 and logs no value it was sent', async () => {
    const started = Date.now();
    const routes = s.built.routes;
    const ids: Ids = { forReads: [admin.userId, admin.homeTenantId, ...(await knownIds(s))] };
    const writeIds: Ids = { forReads: [] };
    const sessionEndingRuns = Math.min(RUNS_PER_ROUTE, SESSION_ENDING_RUNS);
    const sessionsToEnd = await Promise.all(
      Array.from({ length: sessionEndingRuns * SESSION_ENDING.size }, () => s.login(demoEmail('global administrator'))),
    );
    const failures: string[] = [];
    const exercised = new Set<string>();
    const statuses: Record<string, Record<number, number>> = {};
    for (const [index, route] of routes.entries()) {
      const name = `${route.method} ${route.url}`;
      if (Object.hasOwn(SKIPPED_ROUTES, name)) continue;
      const requests = requestsOf(route, route.method === 'GET' && !GETS_THAT_WRITE.has(name) ? ids : writeIds);
      const callers: { label: string; token: () => string | undefined }[] = SESSION_ENDING.has(name)
        ? [{ label: 'own session', token: () => sessionsToEnd.pop()?.token }]
        : [
            { label: 'global administrator', token: () => admin.token },
            ...(route.config.public ? [{ label: 'signed out', token: () => undefined }] : []),
          ];
      for (const caller of callers) {
        try {
          await fc.assert(
            fc.asyncProperty(requests, async (request) => {
              const url = request.query ? `${request.path}?${request.query}` : request.path;
              const answer = await s.call(route.method, url, { token: caller.token(), tenant: admin.homeTenantId, body: request.body });
              exercised.add(name);
              const counts = (statuses[`${name} (${caller.label})`] ??= {});
              counts[answer.status] = (counts[answer.status] ?? 0) + 1;
              assert.ok(answer.status < 500, `${answer.status}: ${JSON.stringify(answer.body).slice(0, 500)}`);
              if (answer.status >= 400)
                assert.ok(
                  isEnvelopeFailure(answer.body),
                  `a ${answer.status} without the envelope: ${JSON.stringify(answer.body).slice(0, 300)}`,
                );
            }),
            { seed: SEED + index, numRuns: runsOf(route, name, sessionEndingRuns), endOnFailure: true },
          );
        } catch (error) {
          const cause = (error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : '';
          failures.push(`${name} (${caller.label}): ${readable(`${cause}\n${(error as Error).message}`)}`);
        }
      }
      // A walk that lost its session would go on answering 401 and prove nothing.
      const alive = await admin.call<ClientConfig>('GET', '/api/config/client');
      assert.equal(alive.status, 200, `${name} ended the administrator's session: ${JSON.stringify(alive.body)}`);
    }
    const leaks = logLines.filter(
      (line) => line.toLowerCase().includes(MARKER.toLowerCase()) || /"(params|parameters|queryOptions|detail|where)":/.test(line),
    );
    if (process.env.FUZZ_STATUSES) for (const [route, counts] of Object.entries(statuses)) console.log(route, JSON.stringify(counts));
    // Warnings are the error handler's net catching a value a schema let through: each names a schema to tighten.
    const warnings = logLines.filter((line) => /"level":(40|50|60)/.test(line));
    for (const line of warnings.slice(0, 20)) console.log(readable(line).slice(0, 800));
    console.log(
      `input fuzz: ${routes.length} routes, ${RUNS_PER_ROUTE} runs each, ${logLines.length} log lines (${warnings.length} warnings or errors), ${Date.now() - started} ms`,
    );
    assert.ok(
      logLines.some((line) => line.includes('incoming request')),
      'the log was captured',
    );
    assert.deepEqual(
      leaks.map((line) => readable(line).slice(0, 600)),
      [],
      'log lines carrying values the fuzz sent',
    );
    assert.deepEqual(failures, [], `${failures.length} routes failed:\n${failures.join('\n\n')}`);
    assert.deepEqual(
      routes.map((r) => `${r.method} ${r.url}`).filter((n) => !exercised.has(n) && !Object.hasOwn(SKIPPED_ROUTES, n)),
      [],
      'routes the walk never called',
    );
  });
});

/** One id of each kind of record the demo data has, for reads to find something. */
async function knownIds(s: TestServer): Promise<string[]> {
  const tables = [
    'leads',
    'clients',
    'activities',
    'teams',
    'roles',
    'targets',
    'cases',
    'templates',
    'locations',
    'activity_plans',
    'api_users',
    'ip_addresses',
  ];
  const found: string[] = [];
  for (const table of tables) {
    const row = await s.db.one<{ id: string }>(`select id::text as id from ${table} limit 1`).catch(() => null);
    if (row) found.push(row.id);
  }
  return found;
}
