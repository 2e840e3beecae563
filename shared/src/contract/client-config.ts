/**
 * What the browser asks the server for at run time (GET /api/config/client): settings an
 * installation or a tenant changes without a rebuild. Any signed-in user may read it.
 */
import { z } from 'zod';
import { SETTING_DEFAULTS, settingsAnswerSchema, type Settings } from './setting';

export interface ClientConfig {
  /**
   * Leaflet tile URL template with {z}, {x}, {y} (and optionally {s}): the acting tenant's
   * mapTileUrl setting (its own or inherited) when set, else the installation's MAP_TILE_URL.
   */
  mapTileUrl: string;
  /** The tiles' attribution, as HTML (Leaflet draws it in the map's corner). */
  mapAttribution: string;
  /**
   * Where the installation's own offline tiles are served (MAP_PMTILES_FILE under DATA_DIR, a PMTiles
   * archive): maps draw it instead of mapTileUrl. Absent when none is configured, or when the acting
   * tenant has a tile server of its own (that wins).
   */
  mapPmtilesUrl?: string | null;
  /** The acting tenant's effective settings (date format, time zone, currency, page size...); the defaults when no tenant is acting. */
  settings: Settings;
}

/** OpenStreetMap's standard tiles: the default when MAP_TILE_URL / MAP_ATTRIBUTION are not set. */
export const DEFAULT_CLIENT_CONFIG: ClientConfig = {
  mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  mapAttribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  settings: SETTING_DEFAULTS,
};

export const clientConfigSchema: z.ZodType<ClientConfig> = z
  .strictObject({
    mapTileUrl: z.string(),
    mapAttribution: z.string(),
    mapPmtilesUrl: z.string().nullable().optional(),
    settings: settingsAnswerSchema,
  })
  .meta({ id: 'ClientConfig' });

/** An interface language: its code, name and strings by key. */
export const languageSchema = z.strictObject({
  language: z.strictObject({ code: z.string(), name: z.string(), strings: z.record(z.string(), z.unknown()) }),
});
export type Language = z.infer<typeof languageSchema>;
