import { OFFLINE_SYNC_RETRY } from '../constants';
import { MESSAGES } from '../messages';
import { sessionStore } from '../session/session-store';
import { fakeSession, fakeUser } from '../testing/session-fixtures';
import { fail, fakeFetch, ok, type FakeCall, type FakeReply } from '../testing/page-test-kit';
import { forgetDeviceStores } from './device-store';
import {
  discardRefusedChange,
  fieldSyncStore,
  keepForOffline,
  keptCopy,
  queueFieldChange,
  startFieldSync,
  syncFieldWork,
  syncsOfflineWork,
} from './field-sync';

const officer = fakeUser({ Id: '0fffffff-0000-4000-8000-000000000001', roles: [{ Id: 'r1', name: 'Loan Officer' }] as never });
const administrator = fakeUser({
  Id: '0fffffff-0000-4000-8000-000000000002',
  roles: [{ Id: 'r2', name: 'Company Administrator' }] as never,
});

const statusChange = (activityId: string) => ({
  entityId: activityId,
  entityType: 'activity_status' as const,
  changeType: 'UPDATE' as const,
  call: { method: 'PUT' as const, path: '/api/activities/updateAssignmentStatus', body: { activityId, statusId: 's1' } },
});

const state = () => fieldSyncStore.getState();
let stop: () => void = () => undefined;

function signIn(user = officer, online = true) {
  sessionStore.getState().signIn(fakeSession(user));
  sessionStore.getState().setNetworkOnline(online);
  stop = startFieldSync();
}

/** Lets the engine's promises settle (it works through IndexedDB-like async steps). */
const settle = () => jest.advanceTimersByTimeAsync(0);

beforeEach(() => {
  jest.useFakeTimers();
  forgetDeviceStores();
});
afterEach(() => {
  stop();
  sessionStore.getState().signOut();
  jest.useRealTimers();
});

describe('offline work of field users', () => {
  test('a change made offline waits on the device, and is sent with its Idempotency-Key as soon as the connection comes back', async () => {
    const { calls } = fakeFetch(() => ok(null));
    signIn(officer, false);
    await settle();
    const queued = await queueFieldChange(statusChange('a1'));
    await settle();
    expect(state().waiting).toBe(1);
    expect(calls).toHaveLength(0);
    sessionStore.getState().setNetworkOnline(true);
    await settle();
    expect(calls.map((c) => [c.method, c.path, (c.body as { activityId: string }).activityId])).toEqual([
      ['PUT', '/api/activities/updateAssignmentStatus', 'a1'],
    ]);
    expect(calls[0]!.headers['idempotency-key']).toBe(queued.idempotencyKey);
    expect(state()).toMatchObject({ waiting: 0, refused: [], problem: null });
    expect(state().lastSyncedAt).not.toBeNull();
  });

  test('changes are sent oldest first; one the server refuses is kept with its answer until discarded, and the next is still sent', async () => {
    const answers: Record<string, FakeReply> = { a1: ok(null), a2: fail(404, 'NOT_FOUND', 'Activity was not found.'), a3: ok(null) };
    const { calls } = fakeFetch((call: FakeCall) => answers[(call.body as { activityId: string }).activityId]!);
    signIn(officer, false);
    await settle();
    for (const id of ['a1', 'a2', 'a3']) await queueFieldChange(statusChange(id));
    sessionStore.getState().setNetworkOnline(true);
    await settle();
    expect(calls.map((c) => (c.body as { activityId: string }).activityId)).toEqual(['a1', 'a2', 'a3']);
    expect(state().waiting).toBe(0);
    expect(state().refused.map((c) => [c.entityId, c.refusal])).toEqual([['a2', 'Activity was not found.']]);
    await syncFieldWork();
    expect(calls).toHaveLength(3);
    await discardRefusedChange(state().refused[0]!.seq);
    expect(state().refused).toEqual([]);
  });

  test('without an answer the run stops, keeps what is left and tries again after 60 s; a completed run comes back after 360 s, and every 240 s while offline', async () => {
    let reachable = false;
    const { calls } = fakeFetch(() => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return ok(null);
    });
    signIn(officer, true);
    await settle();
    await queueFieldChange(statusChange('a1'));
    await settle();
    expect(state()).toMatchObject({ waiting: 1, problem: MESSAGES.appOffline });
    reachable = true;
    await jest.advanceTimersByTimeAsync(OFFLINE_SYNC_RETRY.afterErrorMs - 1_000);
    expect(calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(calls).toHaveLength(2);
    expect(state()).toMatchObject({ waiting: 0, problem: null });

    // An area loaded meanwhile has its copy kept at once, and again with every run.
    keepForOffline('test-copy', async (http) => (await http.get<string[]>('/api/test-copy')).data);
    await settle();
    expect(calls.filter((c) => c.path === '/api/test-copy')).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(OFFLINE_SYNC_RETRY.afterCompleteMs - 1_000);
    expect(calls.filter((c) => c.path === '/api/test-copy')).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(calls.filter((c) => c.path === '/api/test-copy')).toHaveLength(2);

    sessionStore.getState().setNetworkOnline(false);
    await jest.advanceTimersByTimeAsync(OFFLINE_SYNC_RETRY.afterCompleteMs);
    expect(state().problem).toBe(MESSAGES.appOffline);
    const before = calls.length;
    await jest.advanceTimersByTimeAsync(OFFLINE_SYNC_RETRY.whileOfflineMs * 3);
    expect(calls).toHaveLength(before);
  });

  test('after sending, the copies the areas asked for are kept on the device', async () => {
    fakeFetch((call) => (call.path === '/api/kept-day' ? ok([{ Id: 'a1', name: 'Visit' }]) : ok(null)));
    keepForOffline('kept-day', async (http) => (await http.get('/api/kept-day')).data);
    signIn(officer, true);
    await settle();
    expect(await keptCopy('kept-day')).toEqual([{ Id: 'a1', name: 'Visit' }]);
  });

  test("each user has their own log: what one left unsent is not another's, and is still there when they sign in again", async () => {
    fakeFetch(() => ok(null));
    signIn(officer, false);
    await settle();
    await queueFieldChange(statusChange('a1'));
    stop();
    sessionStore.getState().signOut();
    const colleague = fakeUser({ Id: '0fffffff-0000-4000-8000-000000000003', roles: [{ Id: 'r1', name: 'Team Leader' }] as never });
    signIn(colleague, false);
    await settle();
    expect(state()).toMatchObject({ syncs: true, waiting: 0 });
    stop();
    sessionStore.getState().signOut();
    signIn(officer, false);
    await settle();
    expect(state().waiting).toBe(1);
  });

  test('users of other roles sync nothing and are told no sync is required', async () => {
    const { calls } = fakeFetch(() => ok(null));
    expect([syncsOfflineWork(officer), syncsOfflineWork(administrator)]).toEqual([true, false]);
    signIn(administrator, true);
    await settle();
    expect(state().syncs).toBe(false);
    await expect(queueFieldChange(statusChange('a1'))).rejects.toThrow(MESSAGES.syncNotRequired);
    expect(calls).toHaveLength(0);
  });
});
