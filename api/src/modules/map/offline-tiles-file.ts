/** The installation's offline map archive (MAP_PMTILES_FILE under DATA_DIR), when configured and present. */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';

export const OFFLINE_TILES_PATH = '/api/map/tiles.pmtiles';

export interface OfflineTilesFile {
  path: string;
  size: number;
  modified: Date;
}

/** Looked up on each call, so an archive dropped in (or replaced) under DATA_DIR is served without a restart. */
export async function offlineTilesFile(config: Pick<Config, 'dataDir' | 'mapPmtilesFile'>): Promise<OfflineTilesFile | null> {
  if (!config.mapPmtilesFile) return null;
  const file = path.resolve(config.dataDir, config.mapPmtilesFile);
  const stat = await fs.stat(file).catch(() => null);
  return stat?.isFile() ? { path: file, size: stat.size, modified: stat.mtime } : null;
}
