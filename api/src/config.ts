/** Runtime configuration from the environment, read once at start. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CLIENT_CONFIG } from '@meridian/shared/contract/client-config';

/** The repository root: DATA_DIR defaults to its data/ folder whatever directory the server starts in. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string;
  jwtSecret: string | null;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  maxPageSize: number;
  seedDemo: boolean;
  /** Synthetic users added to the demo data (SEED_VOLUME_USERS), to try the product at volume. */
  volumeUsers: number;
  /** Synthetic activities added to the demo teams (SEED_VOLUME_ACTIVITIES), ±60 days around today. */
  volumeActivities: number;
  logLevel: string;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  geocoderUrl: string | null;
  /** Map tiles the browser draws (GET /api/config/client); OpenStreetMap unless MAP_TILE_URL is set. */
  mapTileUrl: string;
  mapAttribution: string;
  /** Single sign-on providers by name, each with its authorization address. */
  authProviders: Record<string, string>;
  /** Addresses the OAuth-style authorize flow may return a token to. */
  oauthRedirectUris: string[];
  /** Folder of built browser assets served at / (shell and remotes), when present. */
  webRoot: string | null;
  /** A branded host's own list of remotes, served as /remotes.json instead of the built-in one. */
  remotesFile: string | null;
  pgPoolSize: number;
  /** How long a loaded principal may be reused (0 turns the cache off). */
  principalCacheTtlMs: number;
  version: string;
  buildId: string;
}

const int = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
};

const json = <T>(value: string | undefined, fallback: T): T => {
  if (!value) return fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    throw new Error('A JSON configuration value could not be parsed (AUTH_PROVIDERS).');
  }
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = int(env.PORT, 8080);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR ? path.resolve(env.DATA_DIR) : path.join(repoRoot, 'data'),
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Meridian <no-reply@meridian.test>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    jwtSecret: env.JWT_SECRET || null,
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL_SECONDS, 15 * 60),
    refreshTokenTtlSeconds: int(env.REFRESH_TOKEN_TTL_SECONDS, 30 * 24 * 60 * 60),
    maxPageSize: int(env.MAX_PAGE_SIZE, 1000),
    seedDemo: env.SEED_DEMO !== 'false' && env.SEED_DEMO !== '0',
    volumeUsers: env.SEED_VOLUME_USERS ? int(env.SEED_VOLUME_USERS, 0) : 0,
    volumeActivities: env.SEED_VOLUME_ACTIVITIES ? int(env.SEED_VOLUME_ACTIVITIES, 0) : 0,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === 'true',
    geocoderUrl: env.GEOCODER_URL || null,
    mapTileUrl: env.MAP_TILE_URL || DEFAULT_CLIENT_CONFIG.mapTileUrl,
    mapAttribution: env.MAP_ATTRIBUTION || DEFAULT_CLIENT_CONFIG.mapAttribution,
    authProviders: json<Record<string, string>>(env.AUTH_PROVIDERS, {}),
    oauthRedirectUris: (env.OAUTH_REDIRECT_URIS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    webRoot: env.WEB_ROOT ? path.resolve(env.WEB_ROOT) : repoRoot,
    remotesFile: env.REMOTES_FILE ? path.resolve(env.REMOTES_FILE) : null,
    pgPoolSize: int(env.PG_POOL_SIZE, 10),
    principalCacheTtlMs: env.PRINCIPAL_CACHE_TTL_MS === '0' ? 0 : int(env.PRINCIPAL_CACHE_TTL_MS, 5000),
    version: env.APP_VERSION ?? '0.1.0',
    buildId: env.BUILD_ID ?? 'dev',
    ...overrides,
  };
}
