/**
 * Offline work of field users (sales spec 4, 8 and 9). For the roles that sync (team leader, loan
 * officer, branch manager, regional manager) what they do while offline is saved on the device
 * (device-store.ts) and recorded in the change log; this engine sends the log, oldest first, when
 * the device is online: at once when the connection comes back, then 360 s after a completed run,
 * 60 s after a failed one and every 240 s while offline (OFFLINE_SYNC_RETRY). Each change goes with
 * its own Idempotency-Key, so a change whose answer was lost is not made twice. A change the server
 * refuses (a duplicate lead, an activity gone meanwhile) stays in the log with the server's answer
 * until the user discards it; the run goes on with the next. After sending, the copies the areas
 * asked to keep (keepForOffline) are read again. Users of other roles are told no sync is required.
 */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { OFFLINE_SYNC_RETRY } from '../constants';
import { isInRoleGroup } from '../contract/roles';
import type { User } from '../contract/user';
import { api } from '@meridian/shared/http/api';
import { isApiError, isNetworkError } from '../http/api-error';
import { errorText } from '../http/api-errors';
import type { HttpClient } from '../http/http-client';
import { MESSAGES } from '../messages';
import { sessionStore, type SessionState } from '@meridian/shared/session/session-store';
import { deviceStoreOf, type DeviceStore } from './device-store';
import type { FieldChange, NewFieldChange } from './field-change';
import { newId } from './new-id';
import { OfflineRefusal } from './offline-refusal';

export interface FieldSyncState {
  /** The signed-in user syncs offline work (their role is one that does). */
  syncs: boolean;
  syncing: boolean;
  /** Changes waiting to be sent. */
  waiting: number;
  /** Changes the server refused, each with its answer. */
  refused: FieldChange[];
  lastSyncedAt: string | null;
  /** Why the last run stopped before the end (offline, the server unreachable). */
  problem: string | null;
}

const idle = (): FieldSyncState => ({ syncs: false, syncing: false, waiting: 0, refused: [], lastSyncedAt: null, problem: null });
export const fieldSyncStore = createStore<FieldSyncState>(idle);
export const useFieldSync = <T>(selector: (state: FieldSyncState) => T) => useStore(fieldSyncStore, selector);

/** The roles whose work is kept and synced (sales spec 4 and 6). */
export const syncsOfflineWork = (user: Pick<User, 'roles'> | null) => !!user && isInRoleGroup(user.roles, 'offlineSync');

type Keeper = (http: HttpClient) => Promise<unknown>;
const keepers = new Map<string, Keeper>();

let current: { userId: string; store: DeviceStore } | null = null;

/**
 * Asks that the answer of `load` be kept on the device under `key` after every sync, for the area's
 * offline screens. An area loaded after the user signed in has its copy kept at once.
 */
export function keepForOffline(key: string, load: Keeper) {
  keepers.set(key, load);
  const mine = current;
  if (mine && sessionStore.getState().networkOnline) {
    load(api)
      .then((value) => mine.store.set(key, value))
      .catch((error: unknown) => console.warn(`[offline] the copy "${key}" could not be kept:`, error));
  }
}
let timer: ReturnType<typeof setTimeout> | null = null;
let running: Promise<void> | null = null;

function schedule(ms: number) {
  if (timer) clearTimeout(timer);
  timer = current ? setTimeout(() => void syncFieldWork(), ms) : null;
}

/** The device store of the signed-in field user; throws for anyone else (their screens never queue). */
function deviceStore(): { userId: string; store: DeviceStore } {
  if (!current) throw new OfflineRefusal(MESSAGES.syncNotRequired);
  return current;
}

async function countChanges() {
  if (!current) return;
  const changes = await current.store.changes();
  fieldSyncStore.setState({ waiting: changes.filter((c) => !c.refusal).length, refused: changes.filter((c) => c.refusal) });
}

/** Worth sending again later: no answer, the server failing or busy, or a session being renewed. */
const sendLater = (error: unknown) =>
  isNetworkError(error) ||
  (isApiError(error) &&
    (error.status >= 500 || error.status === 401 || error.status === 408 || error.status === 429 || error.retryAfter !== undefined));

async function sendChanges(store: DeviceStore) {
  for (const change of await store.changes()) {
    if (change.refusal) continue;
    try {
      await api.request(change.call.method, change.call.path, {
        body: change.call.body,
        headers: { 'idempotency-key': change.idempotencyKey },
      });
      await store.removeChange(change.seq);
    } catch (error) {
      if (sendLater(error)) throw error;
      await store.putChange({ ...change, refusal: errorText(error) });
    }
    await countChanges();
  }
}

async function keepCopies(store: DeviceStore) {
  for (const [key, load] of keepers) {
    try {
      await store.set(key, await load(api));
    } catch (error) {
      // A copy that could not be read stays as it was; the next run tries again.
      if (sendLater(error)) throw error;
      console.warn(`[offline] the copy "${key}" could not be kept:`, error);
    }
  }
}

async function runOnce() {
  const mine = current;
  if (!mine) return;
  if (!sessionStore.getState().networkOnline) {
    fieldSyncStore.setState({ problem: MESSAGES.appOffline });
    schedule(OFFLINE_SYNC_RETRY.whileOfflineMs);
    return;
  }
  fieldSyncStore.setState({ syncing: true, problem: null });
  try {
    await sendChanges(mine.store);
    await keepCopies(mine.store);
    if (current === mine) fieldSyncStore.setState({ lastSyncedAt: new Date().toISOString() });
    schedule(OFFLINE_SYNC_RETRY.afterCompleteMs);
  } catch (error) {
    if (current === mine) fieldSyncStore.setState({ problem: errorText(error) });
    schedule(OFFLINE_SYNC_RETRY.afterErrorMs);
  } finally {
    if (current === mine) {
      await countChanges();
      fieldSyncStore.setState({ syncing: false });
    }
  }
}

/** One sync run now (joining the one under way, if any). */
export function syncFieldWork(): Promise<void> {
  running ??= runOnce().finally(() => {
    running = null;
  });
  return running;
}

/** Records a change made on this device, and sends it at once when online. */
export async function queueFieldChange(change: NewFieldChange): Promise<FieldChange> {
  const { userId, store } = deviceStore();
  const queued = await store.addChange({
    ...change,
    userId,
    dateModified: new Date().toISOString(),
    idempotencyKey: newId(),
    refusal: null,
  });
  await countChanges();
  if (sessionStore.getState().networkOnline) schedule(0);
  return queued;
}

/**
 * Makes a change on the server, or, for a field user who is offline or whose call got no answer, on
 * the device (the `onDevice` alternative, which queues it for the sync). Anyone else sees the failure.
 */
export async function onServerOrDevice<T>(onServer: () => Promise<T>, onDevice: () => Promise<T>): Promise<T> {
  const keepsOfflineWork = fieldSyncStore.getState().syncs;
  if (keepsOfflineWork && !sessionStore.getState().networkOnline) return onDevice();
  try {
    return await onServer();
  } catch (error) {
    if (keepsOfflineWork && isNetworkError(error)) return onDevice();
    throw error;
  }
}

/** Takes a refused change out of the log: the user has read the server's answer. */
export async function discardRefusedChange(seq: number) {
  await deviceStore().store.removeChange(seq);
  await countChanges();
}

/** The copy kept under `key` for the signed-in field user, if any. */
export async function keptCopy<T>(key: string): Promise<T | undefined> {
  return current ? current.store.get<T>(key) : undefined;
}

/** Replaces a kept copy, as a screen does when its user changes it offline. */
export async function keepCopy(key: string, value: unknown) {
  await deviceStore().store.set(key, value);
}

/** The changes waiting to be sent (their calls, for screens that show what is not on the server yet). */
export async function waitingChanges(): Promise<FieldChange[]> {
  return current ? (await current.store.changes()).filter((c) => !c.refusal) : [];
}

/**
 * Follows the session: starts syncing for a signed-in field user, syncs as soon as the connection
 * comes back, and stops on sign-out. Answers the function that stops following.
 */
export function startFieldSync(): () => void {
  let online = sessionStore.getState().networkOnline;
  const follow = (state: SessionState) => {
    // The stored user, not the access token: after a reload offline there is none (it lives in memory
    // only), and the sync renews it through the refresh cookie once the connection is back.
    const userId = syncsOfflineWork(state.user) ? state.user!.Id : null;
    if (userId !== (current?.userId ?? null)) {
      if (timer) clearTimeout(timer);
      timer = null;
      current = userId ? { userId, store: deviceStoreOf(userId) } : null;
      fieldSyncStore.setState({ ...idle(), syncs: !!userId });
      if (userId) void countChanges().then(() => syncFieldWork());
    } else if (userId && state.networkOnline && !online) {
      void syncFieldWork();
    }
    online = state.networkOnline;
  };
  follow(sessionStore.getState());
  const unsubscribe = sessionStore.subscribe(follow);
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
    timer = null;
    current = null;
    fieldSyncStore.setState(idle());
  };
}
