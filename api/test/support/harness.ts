/**
 * A real server per test file: the whole app on its own database (in-memory PGlite, or a fresh
 * database on the PostgreSQL server named by DATABASE_URL when TEST_DATABASE=postgres), seeded with
 * the demo data, driven over HTTP through Fastify's inject or a real socket.
 */
import crypto from 'node:crypto';
import type { AuthSession } from '@meridian/shared/contract/auth';
import type { Permission, Role } from '@meridian/shared/contract/role';
import type { ApiEnvelope, FieldErrors, PagingMeta } from '@meridian/shared/contract/envelope';
import { ROLE_NAMES, type RoleName } from '@meridian/shared/contract/roles';
import { buildApp, type BuildOptions, type BuiltApp } from '../../src/app';
import { CONTRACT_VIOLATION_HEADER } from '../../src/http/response-check';
import { loadConfig, type Config } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/database';
import { DEMO_PASSWORD, demoEmail } from '../../src/seed/demo-data';
import { databaseUrlOf, onServer, seededDump, seededTemplateClause, TEST_DEMO_LOANS } from './seeded-database';

export const usingPostgres = process.env.TEST_DATABASE === 'postgres';
export const databaseLabel = usingPostgres ? 'postgresql' : 'pglite';

async function createTestDatabase(): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (!usingPostgres) {
    const startFrom = await seededDump();
    const db = await openDatabase({ databaseUrl: null, dataDir: null, ...(startFrom ? { startFrom } : {}) });
    return { db, drop: async () => db.close() };
  }
  const name = `meridian_test_${crypto.randomBytes(6).toString('hex')}`;
  await onServer(`create database ${name}${seededTemplateClause()}`);
  const db = await openDatabase({ databaseUrl: databaseUrlOf(name), dataDir: null, poolSize: 5 });
  return {
    db,
    drop: async () => {
      await db.close();
      await onServer(`drop database if exists ${name} with (force)`);
    },
  };
}

/** Servers of one test file share realtime events over Redis; files running side by side do not. */
const realtimeRedisKey = `meridian-test:${crypto.randomBytes(6).toString('hex')}:socket.io`;

export interface CallOptions {
  token?: string;
  tenant?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
}
/**
 * One answer: `body` is the envelope parsed from JSON (typed by the caller from the contract, e.g.
 * `call<LeadDetail>(...)`), `text` the raw body (a CSV, a PDF's first bytes, an HTML page).
 */
export interface Answer<T = unknown> {
  status: number;
  body: AnswerEnvelope<T>;
  text: string;
  headers: Record<string, unknown>;
}

/**
 * The envelope as a test reads it: `data` is the success data the caller typed. Tests read it after
 * checking the status, so a refusal's null `data` still fails at the read, as a `!` would.
 */
export type AnswerEnvelope<T> = Omit<ApiEnvelope<T>, 'data'> & { data: T };

/** The paging of a list answer; fails when there is none. */
export function pagingOf(answer: Answer<unknown>): PagingMeta {
  const paging = answer.body.meta?.paging;
  if (!paging) throw new Error(`expected meta.paging in ${answer.text.slice(0, 300)}`);
  return paging;
}

/** The per-field errors of a refusal (none: an empty record). */
export const fieldErrorsOf = (answer: Answer<unknown>): FieldErrors => answer.body.result?.fieldErrors ?? {};

/** The messages of one field of a refusal, if it has any. */
export const fieldError = (answer: Answer<unknown>, field: string): string[] | undefined => fieldErrorsOf(answer)[field];

/** Every API test checks the contract: an answer that breaks its route's declared schema fails the test that received it. */
function assertWithinContract(method: string, url: string, status: number, headers: Record<string, unknown>) {
  const violation = headers[CONTRACT_VIOLATION_HEADER];
  if (violation) throw new Error(`${method} ${url} answered ${status} outside its declared contract: ${String(violation)}`);
}

/**
 * The parsed envelope; a body that is no JSON (a file, a page) keeps its text in `data` so old
 * assertions on it still read it, and `text` is the honest way to.
 */
function envelopeOf<T>(text: string): AnswerEnvelope<T> {
  try {
    return JSON.parse(text) as AnswerEnvelope<T>;
  } catch {
    return text as unknown as AnswerEnvelope<T>;
  }
}

export interface TestServer {
  built: BuiltApp;
  db: Database;
  config: Config;
  call<T = unknown>(method: string, url: string, options?: CallOptions): Promise<Answer<T>>;
  login(email: string, password?: string): Promise<AuthSession>;
  /** A signed-in demo user, with the tenant they act for by default. */
  as(role: RoleName): Promise<Actor>;
  /** A new Meridian Lending user (made by its company administrator) whose one role holds only `permissions`. */
  actorWith(userName: string, permissions: string[]): Promise<Actor>;
  tenantId(name: string): Promise<string>;
  userId(userName: string): Promise<string>;
  close(): Promise<void>;
}

export interface Actor {
  session: AuthSession;
  token: string;
  userId: string;
  homeTenantId: string;
  call<T = unknown>(method: string, url: string, options?: Omit<CallOptions, 'token'>): Promise<Answer<T>>;
}

export interface ServerOptions {
  /** The app's own log (level info unless the overrides say otherwise) goes here; without it the app logs nothing. */
  logStream?: NodeJS.WritableStream;
  /** Makes scheduled reports' files (report-file-maker.ts); without it the product's own. */
  reportFileMaker?: BuildOptions['reportFileMaker'];
}

export async function startServer(overrides: Partial<Config> = {}, options: ServerOptions = {}): Promise<TestServer> {
  const { db, drop } = await createTestDatabase();
  const logLevel = options.logStream ? 'info' : 'error';
  const config = loadConfig(
    { ...process.env, DATABASE_URL: '', REDIS_URL: '', SMTP_URL: '' },
    // Device servers on free ports: files that listen run side by side.
    {
      port: 0,
      host: '127.0.0.1',
      seedDemo: true,
      demoLoans: TEST_DEMO_LOANS,
      logLevel,
      realtimeRedisKey,
      checkResponses: true,
      osmandPort: 0,
      teltonikaPort: 0,
      // A test drives the devices it reads; the demo's traffic would move them under it.
      simulator: false,
      // The arrears job's passes are tested directly (loan-payments.test.ts).
      arrearsRefreshMinutes: 0,
      // The job queue's passes are run by the tests that need them (scheduled-reports*.test.ts).
      jobsPollSeconds: 0,
      ...overrides,
    },
  );
  const built = await buildApp(config, {
    db,
    logger: !!options.logStream,
    logStream: options.logStream,
    ...(options.reportFileMaker ? { reportFileMaker: options.reportFileMaker } : {}),
  });
  const sessions = new Map<string, AuthSession>();
  const actorOf = (session: AuthSession): Actor => ({
    session,
    token: session.token,
    userId: session.user.Id,
    homeTenantId: session.user.tenantId,
    call: (method, url, options = {}) => server.call(method, url, { tenant: session.user.tenantId, ...options, token: session.token }),
  });

  const server: TestServer = {
    built,
    db,
    config,
    async call(method, url, options = {}) {
      const headers: Record<string, string> = { ...(options.headers ?? {}) };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.tenant) headers['x-tenant-id'] = options.tenant;
      const response = await built.app.inject({
        method: method as 'GET',
        url,
        headers,
        ...(options.body !== undefined ? { payload: options.body as object } : {}),
      });
      assertWithinContract(method, url, response.statusCode, response.headers);
      return { status: response.statusCode, body: envelopeOf(response.body), text: response.body, headers: response.headers };
    },
    async login(email, password = DEMO_PASSWORD) {
      const answer = await server.call<AuthSession>('POST', '/api/auth/login', { body: { email, password } });
      if (answer.status !== 200) throw new Error(`login ${email} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return answer.body.data;
    },
    async as(role) {
      const session = sessions.get(role) ?? (await server.login(demoEmail(role)));
      sessions.set(role, session);
      return actorOf(session);
    },
    async actorWith(userName, permissions) {
      const admin = await server.as('company administrator');
      const all = (await admin.call<Permission[]>('GET', '/api/permissions')).body.data;
      const permissionIds = permissions.map((hierarchy) => {
        const found = all.find((p) => p.hierarchy === hierarchy);
        if (!found) throw new Error(`no permission ${hierarchy}`);
        return found.Id;
      });
      const role = await admin.call<Role>('POST', '/api/roles', { body: { name: `Role of ${userName}`, permissionIds } });
      if (role.status !== 201 && role.status !== 200)
        throw new Error(`role for ${userName} answered ${role.status}: ${JSON.stringify(role.body)}`);
      const email = `${userName}@demo.meridian.test`;
      const password = 'Harness-Test-1';
      const created = await admin.call('POST', '/api/users', {
        body: {
          firstName: 'Test',
          lastName: 'User',
          userName,
          emailAddress: email,
          roleIds: [role.body.data.Id],
          tenantIds: [admin.homeTenantId],
          password,
        },
      });
      if (created.status !== 201) throw new Error(`user ${userName} answered ${created.status}: ${JSON.stringify(created.body)}`);
      return actorOf(await server.login(email, password));
    },
    async tenantId(name) {
      const row = await db.one<{ id: string }>(`select id from tenants where name = $1`, [name]);
      if (!row) throw new Error(`no tenant ${name}`);
      return row.id;
    },
    async userId(userName) {
      const row = await db.one<{ id: string }>(`select id from users where user_name = $1`, [userName]);
      if (!row) throw new Error(`no user ${userName}`);
      return row.id;
    },
    async close() {
      await built.close();
      await drop();
    },
  };
  return server;
}

export { ROLE_NAMES, DEMO_PASSWORD, demoEmail };
