/**
 * What a field device keeps for its user: copies of the data they work with offline (their day, the
 * company's statuses, the leads they created) and the change log waiting to be sent. In the browser
 * it is one IndexedDB database per user, named with the production prefix (sales spec 4: local
 * databases use a production prefix), so two people sharing a device never see each other's work;
 * where IndexedDB is missing (Node, the unit tests, some private windows) it lives in memory.
 */
import type { FieldChange } from './field-change';

export const DEVICE_DATABASE_PREFIX = 'prod_meridian_field_';

export interface DeviceStore {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  /** The change log, oldest first. */
  changes(): Promise<FieldChange[]>;
  /** Appends a change; answers it with its place in the log. */
  addChange(change: Omit<FieldChange, 'seq'>): Promise<FieldChange>;
  putChange(change: FieldChange): Promise<void>;
  removeChange(seq: number): Promise<void>;
}

const KEPT = 'kept';
const CHANGES = 'changes';

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

function openDatabase(name: string) {
  const request = indexedDB.open(name, 1);
  request.onupgradeneeded = () => {
    request.result.createObjectStore(KEPT);
    request.result.createObjectStore(CHANGES, { keyPath: 'seq', autoIncrement: true });
  };
  return done(request);
}

function indexedDbStore(name: string): DeviceStore {
  let opened: Promise<IDBDatabase> | null = null;
  const database = () => (opened ??= openDatabase(name));
  const run = async <T>(store: string, mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T>) => {
    const db = await database();
    return done(work(db.transaction(store, mode).objectStore(store)));
  };
  return {
    get: async <T>(key: string) => (await run(KEPT, 'readonly', (s) => s.get(key))) as T | undefined,
    set: async (key, value) => void (await run(KEPT, 'readwrite', (s) => s.put(value, key))),
    changes: async () => ((await run(CHANGES, 'readonly', (s) => s.getAll())) as FieldChange[]).sort((a, b) => a.seq - b.seq),
    async addChange(change) {
      const seq = (await run(CHANGES, 'readwrite', (s) => s.add(change))) as number;
      return { ...change, seq };
    },
    putChange: async (change) => void (await run(CHANGES, 'readwrite', (s) => s.put(change))),
    removeChange: async (seq) => void (await run(CHANGES, 'readwrite', (s) => s.delete(seq))),
  };
}

function memoryStore(): DeviceStore {
  const kept = new Map<string, unknown>();
  const log = new Map<number, FieldChange>();
  let last = 0;
  // Copies in and out, as IndexedDB does, so callers never share objects with the store (what is kept is JSON data).
  const copy = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));
  return {
    get: async <T>(key: string) => copy(kept.get(key)) as T | undefined,
    set: async (key, value) => void kept.set(key, copy(value)),
    changes: async () => [...log.values()].sort((a, b) => a.seq - b.seq).map(copy),
    async addChange(change) {
      const added = { ...copy(change), seq: ++last };
      log.set(added.seq, added);
      return copy(added);
    },
    putChange: async (change) => void log.set(change.seq, copy(change)),
    removeChange: async (seq) => void log.delete(seq),
  };
}

const stores = new Map<string, DeviceStore>();

/** The device store of a user (one per user and page). */
export function deviceStoreOf(userId: string): DeviceStore {
  const name = `${DEVICE_DATABASE_PREFIX}${userId}`;
  let store = stores.get(name);
  if (!store) stores.set(name, (store = typeof indexedDB !== 'undefined' ? indexedDbStore(name) : memoryStore()));
  return store;
}

/** Forgets the stores of this page (tests; in memory, that is their content too). */
export const forgetDeviceStores = () => stores.clear();
