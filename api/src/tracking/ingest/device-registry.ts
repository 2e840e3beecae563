/**
 * Which device a listener is talking to: a uniqueId (IMEI, OsmAnd id) resolves to the device row.
 * Every listener asks on every message, so answers (found or not) are kept a few seconds, and the
 * ids asked for in one turn of the event loop are looked up together in one statement.
 */
import type { Queryable } from '../../db/database';
import { batchedPerTick } from './tick-batch';

export interface RegisteredDevice {
  deviceId: string;
  tenantId: string;
  uniqueId: string;
  disabled: boolean;
  /** geo_devices.model: the Teltonika decoder reads model-specific IO elements by it. */
  model: string | null;
  /** Fix time of the device's latest position when it was looked up (the writer holds the live value). */
  lastFixTime: Date | null;
}

export interface DeviceRegistry {
  /** The live (not deleted) device reporting as `uniqueId`, or null. */
  find(uniqueId: string): Promise<RegisteredDevice | null>;
  findMany(uniqueIds: string[]): Promise<Map<string, RegisteredDevice>>;
  /** Drops a cached answer (a device created, edited, disabled or deleted in this process). */
  forget(uniqueId: string): void;
}

/** How long an answer is reused: a device disabled elsewhere is refused within this time. */
export const DEVICE_CACHE_TTL_MS = 10_000;
/** Bounds the cache against a flood of made-up identifiers; past it the oldest answers go first. */
const CACHE_MAX_ENTRIES = 100_000;

interface Cached {
  device: RegisteredDevice | null;
  expires: number;
}

interface DeviceRow {
  id: string;
  tenant_id: string;
  unique_id: string;
  disabled: boolean;
  model: string | null;
  position_fix_time: Date | string | null;
}

const toDevice = (row: DeviceRow): RegisteredDevice => ({
  deviceId: row.id,
  tenantId: row.tenant_id,
  uniqueId: row.unique_id,
  disabled: row.disabled,
  model: row.model,
  lastFixTime: row.position_fix_time === null ? null : new Date(row.position_fix_time),
});

export function createDeviceRegistry(db: Queryable, options: { ttlMs?: number; now?: () => number } = {}): DeviceRegistry {
  const ttlMs = options.ttlMs ?? DEVICE_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const cache = new Map<string, Cached>();

  const remember = (uniqueId: string, device: RegisteredDevice | null) => {
    if (cache.size >= CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.delete(uniqueId);
    cache.set(uniqueId, { device, expires: now() + ttlMs });
  };

  const lookUp = batchedPerTick(async (uniqueIds) => {
    const rows = await db.query<DeviceRow>(
      // A join, not "unique_id = any($1)": a bound array is searched element by element for every row.
      `select d.id, d.tenant_id, d.unique_id, d.disabled, d.model, d.position_fix_time
         from unnest($1::text[]) as u(unique_id) join geo_devices d on d.unique_id = u.unique_id and d.deleted_at is null`,
      [uniqueIds],
    );
    const found = new Map(rows.map((row) => [row.unique_id, toDevice(row)]));
    for (const uniqueId of uniqueIds) remember(uniqueId, found.get(uniqueId) ?? null);
    return found;
  });

  function find(uniqueId: string): Promise<RegisteredDevice | null> {
    const cached = cache.get(uniqueId);
    if (cached && cached.expires > now()) return Promise.resolve(cached.device);
    return lookUp(uniqueId);
  }

  return {
    find,
    async findMany(uniqueIds) {
      const devices = await Promise.all(uniqueIds.map(find));
      const found = new Map<string, RegisteredDevice>();
      devices.forEach((device) => device && found.set(device.uniqueId, device));
      return found;
    },
    forget: (uniqueId) => void cache.delete(uniqueId),
  };
}
