import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RouteEntry } from '../src/app';
import { ALL_AREAS } from '@meridian/shared/contract/areas/all-areas';
import { databaseLabel, startServer, type Answer, type TestServer } from './support/harness';
import {
  buildFixtures,
  demoActor,
  roleWith,
  startGeocoder,
  userActor,
  type Fixtures,
  type MatrixActor,
} from './support/route-matrix-fixtures';
import { foreignMarks, ROUTE_SAMPLES, sampleKey, type Sample, type SampleRequest, type Target } from './support/route-samples';

/**
 * The permission and tenancy matrix: every route of the API's own route table is called signed out,
 * without its permission, from a sibling company, from a descendant tenant and, where it acts on a
 * user, by a lower-ranked administrator on a higher-ranked user, and permitted. Answers are read, not
 * only their statuses: a permitted call answers 2xx with success, and what a caller from elsewhere
 * gets holds none of the other side's rows.
 */

const notCovered = (route: RouteEntry) =>
  `route ${route.method} ${route.url} is not covered by the matrix: add a sample in route-samples.ts`;
const is2xx = (status: number) => status >= 200 && status < 300;

/** The parts of a zod body schema read here: an object's shape, or the shape inside a pipe or a wrapper. */
type Shape = Record<string, unknown>;
interface BodySchema {
  shape?: Shape;
  def?: { in?: { shape?: Shape }; schema?: { shape?: Shape } };
}

/** Keys of a body schema (zod object, or one wrapped in a pipe), for spotting routes that act on a user. */
function bodyKeys(route: RouteEntry): string[] {
  const body = (route.schema as { body?: BodySchema } | undefined)?.body;
  const shape = body?.shape ?? body?.def?.in?.shape ?? body?.def?.schema?.shape;
  return shape ? Object.keys(shape) : [];
}

const USER_FIELDS = [
  'userId',
  'userIds',
  'data',
  'newUserId',
  'agentUserId',
  'ownerUserId',
  'assignedUserIds',
  'teamMembers',
  'leaderUserId',
];
/** A route acts on a user when the path names one, or the body does, or it is impersonation. */
const actsOnUser = (route: RouteEntry) =>
  /:userId\b/.test(route.url) ||
  /^\/api\/users\/.*:id\b/.test(route.url) ||
  route.url === '/api/auth/impersonate' ||
  bodyKeys(route).some((key) => USER_FIELDS.includes(key));

const data = (answer: Answer) => JSON.stringify(answer.body?.data ?? null).toLowerCase();
const leaked = (answer: Answer, marks: string[]) => marks.filter((mark) => data(answer).includes(mark.toLowerCase()));
/** Counts without the window they were counted over, which moves with the clock. */
const counts = (answer: Answer) => JSON.stringify(answer.body?.data ?? null, (key, value) => (key === 'window' ? undefined : value));
const shortBody = (answer: Answer) => JSON.stringify(answer.body?.result ?? answer.body)?.slice(0, 160);

describe(`route matrix (${databaseLabel})`, () => {
  let s: TestServer;
  let f: Fixtures;
  let geocoder: Awaited<ReturnType<typeof startGeocoder>>;
  let dataDir: string;
  let routes: RouteEntry[];
  let sibling: MatrixActor;
  let descendant: MatrixActor;
  let withoutPermissions: MatrixActor[];
  let administrator: MatrixActor;
  let branchUserAdmin: MatrixActor;

  before(async () => {
    geocoder = await startGeocoder();
    // Template documents are kept on disk: in a folder of this run, not the product's data folder.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-route-matrix-'));
    s = await startServer({
      dataDir,
      geocoderUrl: geocoder.url,
      authProviders: { 'matrix-sso': 'https://sso.example.test/authorize' },
      oauthRedirectUris: ['https://partner.example.test/callback'],
    });
    routes = s.built.routes;
    f = await buildFixtures(s);
    sibling = await demoActor(s, 'company admin');
    administrator = await demoActor(s, 'administrator');
    descendant = await userActor(s, f.owner, 'matrix-jhb-admin', f.tenants.jhb, [f.roles.companyAdministrator]);
    const userAdminRole = await roleWith(f.owner, 'Matrix User Administrator', ['ADMIN/USERS', 'ADMIN/USERS/DELETE']);
    branchUserAdmin = await userActor(s, f.owner, 'matrix-jhb-user-admin', f.tenants.jhb, [userAdminRole]);
    withoutPermissions = [
      await userActor(s, f.owner, 'matrix-no-perms', f.tenants.lending, [await roleWith(f.owner, 'Matrix Nothing', [])]),
      await userActor(s, f.owner, 'matrix-unrelated', f.tenants.lending, [
        // A permission of a screen no API route asks for (insurance settings have no API yet); it moves when one does.
        await roleWith(f.owner, 'Matrix Unrelated', ['ADMIN/INSURANCE/SETTINGS/EDIT']),
      ]),
    ];
  });
  after(async () => {
    await s?.close();
    await geocoder?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function urlOf(route: RouteEntry, request: SampleRequest) {
    const path = route.url.replace(/:(\w+)/g, (_, name: string) => {
      const value = request.params?.[name];
      if (value === undefined) throw new Error(`${sampleKey(route)}: the sample gives no value for :${name}`);
      return encodeURIComponent(value);
    });
    const query = request.query
      ? `?${new URLSearchParams(Object.entries(request.query).map(([k, v]): [string, string] => [k, String(v)]))}`
      : '';
    return `${path}${query}`;
  }

  /** Calls the route as `caller` (signed out when null), acting for `tenant` (their home tenant by default). */
  const send = (route: RouteEntry, request: SampleRequest, caller: MatrixActor | null, tenant?: string) =>
    s.call(route.method, urlOf(route, request), {
      ...(caller ? { token: caller.token, tenant: tenant ?? caller.homeTenantId } : {}),
      ...(request.body === undefined ? {} : { body: request.body }),
      ...(request.headers ? { headers: request.headers } : {}),
    });

  /** The caller itself, or for calls that end or replace a session, a throwaway session of the same user. */
  async function callerFor(sample: Sample, actor: MatrixActor): Promise<MatrixActor> {
    return sample.freshSession ? { ...actor, ...(await actor.freshSession()) } : actor;
  }

  /** Walks every route, collecting what went wrong instead of stopping at the first. */
  async function walk(check: (route: RouteEntry, sample: Sample) => Promise<string | null | undefined>) {
    const problems: string[] = [];
    for (const route of routes) {
      const sample = ROUTE_SAMPLES[sampleKey(route)];
      if (!sample) {
        problems.push(notCovered(route));
        continue;
      }
      try {
        const problem = await check(route, sample);
        if (problem) problems.push(`${sampleKey(route)}: ${problem}`);
      } catch (error) {
        problems.push(`${sampleKey(route)}: ${(error as Error).message}`);
      }
    }
    return problems;
  }

  /**
   * A caller from elsewhere: on an object of the other side they are refused; on their own side their
   * answer holds none of the other side's marks; counts do not move when the other side's rows do.
   */
  async function fromElsewhere(route: RouteEntry, sample: Sample, caller: MatrixActor, marks: string[], allowed: string | null) {
    const actor = await callerFor(sample, caller);
    if (sample.stir) {
      const before = await send(route, await sample.call(f, actor), actor);
      await sample.stir(f);
      const afterStir = await send(route, await sample.call(f, actor), actor);
      if (!is2xx(before.status)) return `answered ${before.status} ${shortBody(before)}`;
      if (counts(before) !== counts(afterStir)) return "its counts moved when only the other side's rows changed";
      return null;
    }
    const answer = await send(route, await sample.call(f, actor), actor);
    if (answer.status >= 500) return `answered ${answer.status} ${shortBody(answer)}`;
    const refusedWith = sample.refusedWith ?? [403, 404];
    if (sample.kind === 'object' && !allowed && !refusedWith.includes(answer.status)) {
      return `was not refused: answered ${answer.status} (expected ${refusedWith.join(' or ')}) ${shortBody(answer)}`;
    }
    const seen = sample.binary ? [] : leaked(answer, marks);
    if (seen.length) return `answer (${answer.status}) holds the other side's ${seen.join(', ')}`;
    return null;
  }

  test('every route of the route table has a sample, and every sample a route', () => {
    const keys = new Set(routes.map(sampleKey));
    const missing = routes.filter((route) => !ROUTE_SAMPLES[sampleKey(route)]).map(notCovered);
    const stale = Object.keys(ROUTE_SAMPLES)
      .filter((key) => !keys.has(key))
      .map((key) => `sample ${key} names no route of the table`);
    const undecided = routes
      .filter((route) => actsOnUser(route) && ROUTE_SAMPLES[sampleKey(route)] && !ROUTE_SAMPLES[sampleKey(route)]!.rank)
      .map((route) => `route ${sampleKey(route)} acts on a user: its sample must say whether a lower-ranked caller may make it (rank)`);
    assert.ok(routes.length >= 199, `the route table lists ${routes.length} routes`);
    assert.deepEqual([...missing, ...stale, ...undecided], []);
  });

  test('every API path of the area data is served by some route', () => {
    const shape = (url: string) => url.replace(/:[^/]+/g, ':');
    const served = new Set(routes.map((route) => shape(route.url)));
    const unserved = ALL_AREAS.flatMap((area) => Object.values(area.resources).flatMap((res) => Object.values(res.api))).filter(
      (apiPath) => !served.has(shape(`/api${apiPath}`)),
    );
    assert.deepEqual(unserved, []);
  });

  test('a permitted call answers 2xx with success, and its answer holds the rows it is about', async () => {
    const problems = await walk(async (route, sample) => {
      const actor = await callerFor(sample, sample.actor?.(f) ?? f.owner);
      const first = await send(route, await sample.call(f, actor), actor);
      if (!is2xx(first.status)) return `answered ${first.status} ${shortBody(first)}`;
      if (!sample.binary && first.body?.result?.success !== true)
        return `answered ${first.status} without result.success ${shortBody(first)}`;
      if (sample.holds && !data(first).includes(sample.holds(f).toLowerCase()))
        return `its answer does not hold ${sample.holds(f)}, so the leakage checks would prove nothing`;
      if (sample.stir) {
        await sample.stir(f);
        const second = await send(route, await sample.call(f, actor), actor);
        if (counts(first) === counts(second))
          return 'its counts did not move when its own rows changed, so the leakage check would prove nothing';
      }
      return null;
    });
    assert.deepEqual(problems, []);
  });

  test('signed out, every route but the public ones answers 401; the public ones never fail with 5xx', async () => {
    const problems = await walk(async (route, sample) => {
      const answer = await send(route, await sample.call(f, f.owner), null);
      if (route.config.public) return answer.status >= 500 ? `public route answered ${answer.status}` : null;
      if (answer.status !== 401) return `answered ${answer.status} signed out`;
      return answer.body?.result?.code === 'UNAUTHENTICATED' ? null : `answered 401 with code ${answer.body?.result?.code}`;
    });
    assert.deepEqual(problems, []);
  });

  test("without the permission a route asks for, it answers 403; routes that ask for none answer 2xx on the caller's own data", async () => {
    const problems = await walk(async (route, sample) => {
      // Public routes: there is no signed-in caller to refuse (the signed-out test covers them).
      if (route.config.public) return null;
      const found: string[] = [];
      for (const actor of withoutPermissions) {
        const caller = await callerFor(sample, actor);
        if (route.config.permissions?.length) {
          const answer = await send(route, await sample.call(f, caller), caller);
          if (answer.status !== 403) found.push(`${actor.label} got ${answer.status}, not 403`);
          continue;
        }
        const answer = await send(route, await (sample.own ?? sample.call)(f, caller), caller);
        const expected = sample.withoutPermission?.status;
        if (expected ? answer.status !== expected : !is2xx(answer.status)) {
          found.push(`${actor.label} got ${answer.status} on their own data (expected ${expected ?? '2xx'}) ${shortBody(answer)}`);
        }
      }
      return found.join('; ') || null;
    });
    assert.deepEqual(problems, []);
  });

  test("a user of a sibling company is refused Lending's objects and tenant, and reads none of its rows", async () => {
    const marks = [...foreignMarks(f, f.lending), f.tenants.lending, f.owner.userId, f.ownerAction, f.ownerNotification];
    const problems = await walk(async (route, sample) => {
      if (route.config.public) return null;
      const found = [await fromElsewhere(route, sample, sibling, marks, null)];
      // Self-only routes do not read x-tenant-id: the tenant a caller names cannot widen them.
      if (!route.config.tenantFree) {
        const answer = await send(route, await sample.call(f, sibling), sibling, f.tenants.lending);
        if (answer.status !== 403) found.push(`with x-tenant-id of Meridian Lending it answered ${answer.status}, not 403`);
      }
      return found.filter(Boolean).join('; ') || null;
    });
    assert.deepEqual(problems, []);
  });

  test('a user of a descendant tenant is refused company-level and sibling-branch objects, and reads none of their rows', async () => {
    const problems = await walk(async (route, sample) => {
      if (route.config.public) return null;
      // The company's own id is the branch's ancestor: answers below name it as a parent or an owner of shared things.
      const except = [f.tenants.lending, ...(sample.fromBelow?.marks(f) ?? [])];
      const marks = [...foreignMarks(f, f.lending, except), ...foreignMarks(f, f.cape), f.ownerAction, f.ownerNotification];
      const found = [await fromElsewhere(route, sample, descendant, marks, sample.fromBelow?.allowed ? sample.fromBelow.why : null)];
      if (!route.config.tenantFree) {
        for (const [name, tenant] of [
          ['Meridian Lending', f.tenants.lending],
          ['Cape Town Branch', f.tenants.cpt],
        ] as const) {
          const answer = await send(route, await sample.call(f, descendant), descendant, tenant);
          if (answer.status !== 403) found.push(`with x-tenant-id of ${name} it answered ${answer.status}, not 403`);
        }
      }
      return found.filter(Boolean).join('; ') || null;
    });
    assert.deepEqual(problems, []);
  });

  test("a lower-ranked administrator is refused every change to a higher-ranked user's account", async () => {
    const pairs: { caller: () => MatrixActor; target: () => Promise<Target>; name: string }[] = [
      {
        name: 'administrator on a global administrator',
        caller: () => administrator,
        target: () => f.make.user({ tenantId: f.tenants.group, roleId: f.roles.globalAdministrator, by: f.global }),
      },
      {
        name: 'branch user administrator on a company administrator of the branch',
        caller: () => branchUserAdmin,
        target: () => f.make.user({ tenantId: f.tenants.jhb, roleId: f.roles.companyAdministrator, by: f.global }),
      },
    ];
    const problems = await walk(async (route, sample) => {
      const rule = sample.rank;
      if (!rule || !rule.changes) return null;
      const found: string[] = [];
      for (const pair of pairs) {
        const target = await pair.target();
        const answer = await send(route, await rule.call(f, target), pair.caller());
        if (answer.status !== 403) found.push(`${pair.name}: answered ${answer.status}, not 403 ${shortBody(answer)}`);
      }
      return found.join('; ') || null;
    });
    assert.deepEqual(problems, []);
  });
});
