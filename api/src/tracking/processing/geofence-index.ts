/**
 * The geofences each device is tested against (its links in `device_geofences` to fences of type
 * 'geofence' not deleted), with the device's name for notifications, kept in memory. A batch reads
 * what it lacks or holds for longer than the TTL in at most two queries (the devices' links and
 * names, then the fences not yet prepared), so an edit made by another process shows within the TTL;
 * `invalidate` makes this process's own edits show at once.
 */
import { prepareFence, type FenceDefinition, type PreparedFence } from '@meridian/shared/geo-fence';
import type { Queryable } from '../../db/database';

export interface IndexedFence extends PreparedFence {
  id: string;
  name: string;
}

/** The fences a device is tested against, in a list to test and by id to name them. */
export interface FenceSet {
  list: readonly IndexedFence[];
  byId: ReadonlyMap<string, IndexedFence>;
}

export const fenceSet = (list: readonly IndexedFence[]): FenceSet => ({ list, byId: new Map(list.map((fence) => [fence.id, fence])) });

export interface DeviceFences {
  deviceName: string;
  fences: FenceSet;
}

interface DeviceEntry {
  name: string;
  fenceIds: string[];
  /** When it is read again. */
  staleAt: number;
  /** The device's fences as last assembled, and the fences' generation they were assembled at. */
  assembled: DeviceFences | null;
  generation: number;
}

interface FenceEntry {
  /** Null: deleted, a point of interest, or a shape that cannot be tested. */
  fence: IndexedFence | null;
  staleAt: number;
}

interface FenceRow {
  id: string;
  name: string;
  shape: FenceDefinition['shape'];
  geometry: unknown;
  radius: number | null;
  width: number | null;
  min_lat: number;
  min_lon: number;
  max_lat: number;
  max_lon: number;
}

export interface GeofenceIndex {
  /** Reads what the devices' entries lack or hold for too long; call before `fencesOf`. */
  load(q: Queryable, deviceIds: readonly string[]): Promise<void>;
  fencesOf(deviceId: string): DeviceFences;
  /** Forgets the named devices' links and fences (all of them without ids): they are read again on their next position. */
  invalidate(deviceIds?: readonly string[]): void;
}

export function createGeofenceIndex({ ttlMs, log, now = Date.now }: { ttlMs: number; log: (msg: string) => void; now?: () => number }) {
  const devices = new Map<string, DeviceEntry>();
  const fences = new Map<string, FenceEntry>();
  /** Moves on whenever fences are read again, so devices assemble their lists anew. */
  let generation = 0;
  const fresh = (entry: { staleAt: number } | undefined, at: number) => entry !== undefined && at < entry.staleAt;
  // Devices first seen together would all be read again in the same batch, one slow read for a
  // whole fleet: each entry lives between 3/4 and all of the TTL, so the reads spread over batches.
  const staleAt = (at: number) => at + ttlMs * (0.75 + Math.random() / 4);

  function prepared(row: FenceRow): IndexedFence | null {
    try {
      const definition = { shape: row.shape, geometry: row.geometry, radius: row.radius, width: row.width } as FenceDefinition;
      const box = { minLat: row.min_lat, minLon: row.min_lon, maxLat: row.max_lat, maxLon: row.max_lon };
      return { id: row.id, name: row.name, ...prepareFence(definition, box) };
    } catch (error) {
      // A fence that cannot be tested must not stop ingest: it is skipped, and said so.
      log(`geofence ${row.id} skipped: ${(error as Error).message}`);
      return null;
    }
  }

  /** Answers the ids of the fences the reloaded devices link to. */
  async function loadDevices(q: Queryable, deviceIds: string[], at: number): Promise<Set<string>> {
    const linked = new Set<string>();
    if (deviceIds.length === 0) return linked;
    // One comma-joined text per device: parsing a uuid[] of hundreds of links costs more than the
    // query. A subquery per device keeps to the links' index whatever plan the statement is given
    // (a generic plan of a join would read every link of every device).
    const rows = await q.query<{ id: string; name: string; fence_ids: string | null }>(
      `select d.id, d.name,
              (select string_agg(l.geofence_id::text, ',') from device_geofences l where l.device_id = d.id) as fence_ids
         from unnest($1::uuid[]) as wanted(id) join geo_devices d on d.id = wanted.id`,
      [deviceIds],
    );
    for (const row of rows) {
      const fenceIds = row.fence_ids ? row.fence_ids.split(',') : [];
      for (const id of fenceIds) linked.add(id);
      devices.set(row.id, { name: row.name, fenceIds, staleAt: staleAt(at), assembled: null, generation: -1 });
    }
    return linked;
  }

  async function loadFences(q: Queryable, fenceIds: string[], at: number) {
    if (fenceIds.length === 0) return;
    const rows = await q.query<FenceRow>(
      `select id, name, shape, geometry, radius, width, min_lat, min_lon, max_lat, max_lon
         from geofences where id = any($1::uuid[]) and type = 'geofence' and deleted_at is null`,
      [fenceIds],
    );
    const found = new Map(rows.map((row) => [row.id, row]));
    for (const id of fenceIds) {
      const row = found.get(id);
      fences.set(id, { fence: row ? prepared(row) : null, staleAt: staleAt(at) });
    }
    generation++;
  }

  const index: GeofenceIndex = {
    async load(q, deviceIds) {
      const at = now();
      const linked = await loadDevices(
        q,
        deviceIds.filter((id) => !fresh(devices.get(id), at)),
        at,
      );
      // A device read again has its fences checked too: a fence's edit shows within the TTL or two.
      await loadFences(
        q,
        [...linked].filter((id) => !fresh(fences.get(id), at)),
        at,
      );
    },
    fencesOf(deviceId) {
      const entry = devices.get(deviceId);
      if (!entry) return { deviceName: '', fences: fenceSet([]) };
      if (entry.assembled && entry.generation === generation) return entry.assembled;
      const linked: IndexedFence[] = [];
      for (const id of entry.fenceIds) {
        const fence = fences.get(id)?.fence;
        if (fence) linked.push(fence);
      }
      entry.assembled = { deviceName: entry.name, fences: fenceSet(linked) };
      entry.generation = generation;
      return entry.assembled;
    },
    invalidate(deviceIds) {
      generation++;
      if (!deviceIds) {
        devices.clear();
        fences.clear();
        return;
      }
      for (const id of deviceIds) {
        // Marked stale, not dropped: other devices linked to them keep testing them until they are read again.
        for (const fenceId of devices.get(id)?.fenceIds ?? []) {
          const entry = fences.get(fenceId);
          if (entry) entry.staleAt = -Infinity;
        }
        devices.delete(id);
      }
    },
  };
  return index;
}
