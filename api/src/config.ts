/** Runtime configuration from the environment, read once at start. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CLIENT_CONFIG } from '@meridian/shared/contract/client-config';
import { AUTH_LIMITS } from '@meridian/shared/constants';
import { DEVICE_TIMEOUT_SECONDS_DEFAULT } from '@meridian/shared/contract/geo-device';
import { COMMAND_ANSWER_TIMEOUT_SECONDS_DEFAULT } from '@meridian/shared/contract/geo-command';
import { DEFAULT_PROCESSING_CONFIG } from './tracking/processing/processing-config';
import { DEMO_LOANS_DEFAULT } from './seed/demo-loans';

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
  /**
   * How long a refresh token just rotated may be presented once more without counting as stolen
   * (two tabs refreshing at once). REFRESH_REUSE_GRACE_SECONDS; 0 turns the grace off.
   */
  refreshReuseGraceSeconds: number;
  /**
   * The Secure attribute of the refresh cookie (COOKIE_SECURE): 'always', 'never', or 'auto' (the
   * default): Secure unless the request is plain http to this machine (localhost, 127.0.0.1, ::1).
   */
  cookieSecure: 'always' | 'never' | 'auto';
  maxPageSize: number;
  seedDemo: boolean;
  /** Synthetic users added to the demo data (SEED_VOLUME_USERS), to try the product at volume. */
  volumeUsers: number;
  /** Synthetic activities added to the demo teams (SEED_VOLUME_ACTIVITIES), ±60 days around today. */
  volumeActivities: number;
  /** Loans in the lending demo's portfolio (SEED_DEMO_LOANS, default 3,000; 0 for none). */
  demoLoans: number;
  /** The key the USSD gateway sends (USSD_GATEWAY_KEY, as header x-gateway-key or query key); unset: any caller (each client's PIN still guards). */
  ussdGatewayKey: string | null;
  logLevel: string;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  geocoderUrl: string | null;
  /** Map tiles the browser draws (GET /api/config/client); OpenStreetMap unless MAP_TILE_URL is set. */
  mapTileUrl: string;
  mapAttribution: string;
  /** An offline map archive (PMTiles) under DATA_DIR (MAP_PMTILES_FILE), served at /api/map/tiles.pmtiles; null: none. */
  mapPmtilesFile: string | null;
  /** Single sign-on providers by name, each with its authorization address. */
  authProviders: Record<string, string>;
  /** Addresses the OAuth-style authorize flow may return a token to. */
  oauthRedirectUris: string[];
  /** Other origins whose pages may call the API with credentials (CORS_ORIGINS); empty: same origin only. */
  corsOrigins: string[];
  /** Image origins the browser may load beyond 'self' and MAP_TILE_URL's (CSP_IMG_ORIGINS), e.g. a tenant's own tile server. */
  cspImgOrigins: string[];
  /** Folder of built browser assets served at / (shell and remotes), when present. */
  webRoot: string | null;
  /** A branded host's own list of remotes, served as /remotes.json instead of the built-in one. */
  remotesFile: string | null;
  pgPoolSize: number;
  /** How long a loaded principal may be reused (0 turns the cache off). */
  principalCacheTtlMs: number;
  /** Keeps this deployment's throttle keys apart in a shared Redis (THROTTLE_KEY_PREFIX). */
  throttleKeyPrefix: string;
  /** The socket.io Redis adapter's channel key: processes sharing it share realtime events. */
  realtimeRedisKey: string;
  /** Per client address limits (AUTH_LIMITS by default); a site with many users behind one NAT may raise them. */
  addressLimits: AddressLimits;
  /**
   * Check every answer against its route's declared response schema (CHECK_RESPONSES=1): a mismatch
   * is logged and marked with an x-contract-violation header, never refused. On in tests, off by default.
   */
  checkResponses: boolean;
  /** The device servers (OsmAnd over HTTP, Teltonika over TCP) start with the API unless DEVICE_SERVERS=false. */
  deviceServers: boolean;
  /** OSMAND_PORT (default 5055, Traccar's); 0 picks a free port. */
  osmandPort: number;
  /** TELTONIKA_PORT (default 5027, Traccar's); 0 picks a free port. */
  teltonikaPort: number;
  /**
   * DEVICE_TIMEOUT_SECONDS (default 600, Traccar's status.timeout): a device not heard from for longer
   * is offline; an idle Teltonika connection is closed after it.
   */
  deviceTimeoutSeconds: number;
  /** COMMAND_ANSWER_TIMEOUT_SECONDS (default 60): a command sent to a Teltonika tracker and not answered this long has failed. */
  commandAnswerTimeoutSeconds: number;
  /**
   * The demo simulator (SIMULATOR, on unless 'false'; only with the demo data and the device servers):
   * the demo fleet reports through the real listeners every SIMULATOR_INTERVAL_SECONDS (default 5).
   */
  simulator: boolean;
  simulatorIntervalSeconds: number;
  /** How often the arrears of active loans are brought to their tenant's today (ARREARS_REFRESH_MINUTES, default 30; 0: never). */
  arrearsRefreshMinutes: number;
  /** Seconds between passes of the job queue (JOBS_POLL_SECONDS, default 15; 0: no polling, as in the tests). */
  jobsPollSeconds: number;
  /**
   * CRASH_IMPACT_THRESHOLD_G (default 2.5): an impact reading (the `impact` attribute in g, or the
   * magnitude of Teltonika's axisX/Y/Z in mG) at or above it opens a crash at ingest.
   */
  crashImpactThresholdG: number;
  version: string;
  buildId: string;
}

export interface AddressLimits {
  /** Failed sign-ins across all accounts (SIGN_IN_FAILURES_PER_ADDRESS). */
  signInFailures: number;
  /** Password-reset requests (RESET_REQUESTS_PER_ADDRESS). */
  resetRequests: number;
  /** Unknown API keys, reset, verification and refresh tokens (INVALID_TOKENS_PER_ADDRESS). */
  invalidTokens: number;
}

const int = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
};

/** A whole number of 0 or more (0 turns something off). */
const zeroOrMore = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n >= 0 ? n : fallback;
};

/** A positive number, fractions allowed. */
const positiveNumber = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
};

/** A TCP port: 0 (any free one) to 65535. */
const portOf = (value: string | undefined, fallback: number, name: string) => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name}: '${value}' is not a port (0 to 65535).`);
  return n;
};

const json = <T>(value: string | undefined, fallback: T): T => {
  if (!value) return fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    throw new Error('A JSON configuration value could not be parsed (AUTH_PROVIDERS).');
  }
};

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** An exact origin (scheme, host, port): never '*', 'null' or a path, which would open CORS to anyone. */
const origins = (value: string | undefined, name: string) =>
  list(value).map((entry) => {
    const origin = URL.canParse(entry) ? new URL(entry).origin : 'null';
    if (origin === 'null' || entry.includes('*') || origin !== entry.replace(/\/$/, ''))
      throw new Error(`${name}: '${entry}' is not an origin such as https://app.example.com.`);
    return origin;
  });

/** A CSP host source (https://tiles.example.com, https://*.example.com:8443): nothing that could end the directive. */
const hostSources = (value: string | undefined, name: string) =>
  list(value).map((entry) => {
    if (!/^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(entry))
      throw new Error(`${name}: '${entry}' is not a source such as https://*.tiles.example.com.`);
    return entry;
  });

/** A file named relative to DATA_DIR: never an absolute path or one that climbs out of it. */
const fileUnderDataDir = (value: string | undefined, name: string) => {
  if (!value) return null;
  const normalised = path.normalize(value);
  if (path.isAbsolute(normalised) || normalised.split(path.sep).includes('..'))
    throw new Error(`${name}: '${value}' must name a file inside DATA_DIR, such as maps/region.pmtiles.`);
  return normalised;
};

const cookieSecureOf = (value: string | undefined): Config['cookieSecure'] => {
  if (value === 'true' || value === 'always') return 'always';
  if (value === 'false' || value === 'never') return 'never';
  return 'auto';
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
    refreshReuseGraceSeconds: env.REFRESH_REUSE_GRACE_SECONDS === '0' ? 0 : int(env.REFRESH_REUSE_GRACE_SECONDS, 20),
    cookieSecure: cookieSecureOf(env.COOKIE_SECURE),
    maxPageSize: int(env.MAX_PAGE_SIZE, 1000),
    seedDemo: env.SEED_DEMO !== 'false' && env.SEED_DEMO !== '0',
    volumeUsers: env.SEED_VOLUME_USERS ? int(env.SEED_VOLUME_USERS, 0) : 0,
    volumeActivities: env.SEED_VOLUME_ACTIVITIES ? int(env.SEED_VOLUME_ACTIVITIES, 0) : 0,
    demoLoans: env.SEED_DEMO_LOANS ? int(env.SEED_DEMO_LOANS, 0) : DEMO_LOANS_DEFAULT,
    ussdGatewayKey: env.USSD_GATEWAY_KEY || null,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === 'true',
    geocoderUrl: env.GEOCODER_URL || null,
    deviceTimeoutSeconds: int(env.DEVICE_TIMEOUT_SECONDS, DEVICE_TIMEOUT_SECONDS_DEFAULT),
    commandAnswerTimeoutSeconds: int(env.COMMAND_ANSWER_TIMEOUT_SECONDS, COMMAND_ANSWER_TIMEOUT_SECONDS_DEFAULT),
    mapTileUrl: env.MAP_TILE_URL || DEFAULT_CLIENT_CONFIG.mapTileUrl,
    mapAttribution: env.MAP_ATTRIBUTION || DEFAULT_CLIENT_CONFIG.mapAttribution,
    mapPmtilesFile: fileUnderDataDir(env.MAP_PMTILES_FILE, 'MAP_PMTILES_FILE'),
    authProviders: json<Record<string, string>>(env.AUTH_PROVIDERS, {}),
    oauthRedirectUris: (env.OAUTH_REDIRECT_URIS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    corsOrigins: origins(env.CORS_ORIGINS, 'CORS_ORIGINS'),
    cspImgOrigins: hostSources(env.CSP_IMG_ORIGINS, 'CSP_IMG_ORIGINS'),
    webRoot: env.WEB_ROOT ? path.resolve(env.WEB_ROOT) : repoRoot,
    remotesFile: env.REMOTES_FILE ? path.resolve(env.REMOTES_FILE) : null,
    pgPoolSize: int(env.PG_POOL_SIZE, 10),
    crashImpactThresholdG: positiveNumber(env.CRASH_IMPACT_THRESHOLD_G, DEFAULT_PROCESSING_CONFIG.crashImpactThresholdG),
    principalCacheTtlMs: env.PRINCIPAL_CACHE_TTL_MS === '0' ? 0 : int(env.PRINCIPAL_CACHE_TTL_MS, 5000),
    throttleKeyPrefix: env.THROTTLE_KEY_PREFIX || 'meridian:throttle:',
    realtimeRedisKey: env.REALTIME_REDIS_KEY || 'meridian:socket.io',
    addressLimits: {
      signInFailures: int(env.SIGN_IN_FAILURES_PER_ADDRESS, AUTH_LIMITS.signInFailuresPerAddress),
      resetRequests: int(env.RESET_REQUESTS_PER_ADDRESS, AUTH_LIMITS.resetRequestsPerAddress),
      invalidTokens: int(env.INVALID_TOKENS_PER_ADDRESS, AUTH_LIMITS.invalidTokensPerAddress),
    },
    checkResponses: env.CHECK_RESPONSES === '1' || env.CHECK_RESPONSES === 'true',
    deviceServers: env.DEVICE_SERVERS !== 'false' && env.DEVICE_SERVERS !== '0',
    osmandPort: portOf(env.OSMAND_PORT, 5055, 'OSMAND_PORT'),
    teltonikaPort: portOf(env.TELTONIKA_PORT, 5027, 'TELTONIKA_PORT'),
    simulator: env.SIMULATOR !== 'false' && env.SIMULATOR !== '0',
    simulatorIntervalSeconds: int(env.SIMULATOR_INTERVAL_SECONDS, 5),
    // 0 must mean never, as documented: `int` would read it as unset (the benchmarks' servers ran the job under their measurements).
    arrearsRefreshMinutes: zeroOrMore(env.ARREARS_REFRESH_MINUTES, 30),
    jobsPollSeconds: zeroOrMore(env.JOBS_POLL_SECONDS, 15),
    version: env.APP_VERSION ?? '0.1.0',
    buildId: env.BUILD_ID ?? 'dev',
    ...overrides,
  };
}
