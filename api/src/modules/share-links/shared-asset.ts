/**
 * The shared page's answer (GET /public/share/{token}, no sign-in): only the asset's display name,
 * where its Primary device last was and when, whether it is heard from, the link's expiry and the
 * tenant's time zone. Never an id of the asset, its devices or its tenant, nor its telemetry.
 *
 * The token is looked up by its SHA-256 through a unique index: the lookup's timing depends on the
 * hash, which a guesser cannot steer, so it tells nothing about stored tokens. Tokens never issued
 * are counted per client address (their own counter: a revoked link still open in a browser must not
 * lock its viewer out of refreshing their own session) and past the limit the address waits (429).
 */
import { AUTH_LIMITS } from '@meridian/shared/constants';
import { ERROR_CODES } from '@meridian/shared/contract/envelope';
import { SHARE_LINK_MESSAGES, type SharedAsset, type SharedAssetPosition, type SharedMapTiles } from '@meridian/shared/contract/share-link';
import { ASSET_DEVICE_TYPES } from '@meridian/shared/contract/asset';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { tokenHash } from '../../auth/passwords';
import { AppError } from '../../http/errors';
import { addressRefused } from '../../http/throttle';
import { tenantTimeZone } from '../../tenancy/tenant-time-zone';
import { positionOfDevice } from '../geo-devices/position-read';
import { OFFLINE_TILES_PATH, offlineTilesFile } from '../map/offline-tiles-file';
import { effectiveSettings } from '../settings/effective-settings';

const KMH_PER_KNOT = 1.852;
/** A page left open polls every 10 s: its polls count as one opening until it stops this long. */
const OPENING_GAP = `interval '5 minutes'`;

const missKey = (address: string) => `share:address:${address}`;

const unknownLink = () => new AppError(404, ERROR_CODES.NOT_FOUND, SHARE_LINK_MESSAGES.notFound);
const expiredLink = () => new AppError(410, ERROR_CODES.EXPIRED, SHARE_LINK_MESSAGES.expired);

interface LinkRow {
  id: string;
  tenant_id: string;
  asset_id: string;
  name: string;
  expire_date: Date;
  open: boolean;
  expired: boolean;
}

async function linkOf(q: Queryable, token: string) {
  return q.one<LinkRow>(
    `select l.id, l.tenant_id, l.asset_id, a.name, l.expire_date,
       l.status = 'active' and a.deleted_at is null as open, l.expire_date <= now() as expired
     from share_links l join assets a on a.id = l.asset_id where l.token_hash = $1`,
    [tokenHash(token)],
  );
}

async function latestOf(q: Queryable, assetId: string, timeoutSeconds: number) {
  const device = await q.one<{ id: string; position_id: string | null; online: boolean }>(
    `select d.id, d.position_id, coalesce(d.last_update > now() - make_interval(secs => $3), false) as online
     from asset_devices l join geo_devices d on d.id = l.device_id and d.deleted_at is null
     where l.asset_id = $1 and l.device_type_id = $2`,
    [assetId, ASSET_DEVICE_TYPES.primary, timeoutSeconds],
  );
  const stored = device?.position_id ? await positionOfDevice(q, device.id, Number(device.position_id)) : null;
  const position: SharedAssetPosition | null = stored && {
    latitude: stored.latitude,
    longitude: stored.longitude,
    speedKmh: Math.round(Number(stored.speed) * KMH_PER_KNOT),
    course: Number(stored.course),
    fixTime: new Date(stored.fixTime).toISOString(),
    address: stored.address,
  };
  return { position, online: device?.online ?? false };
}

/** As GET /config/client chooses them for the tenant (config-routes.ts): its own tile server wins over the installation's. */
async function tilesOf(ctx: AppContext, tenantId: string): Promise<SharedMapTiles> {
  const settings = (await effectiveSettings(ctx.db, tenantId)).values;
  const tiles: SharedMapTiles = { mapTileUrl: settings.mapTileUrl || ctx.config.mapTileUrl, mapAttribution: ctx.config.mapAttribution };
  if (!settings.mapTileUrl && (await offlineTilesFile(ctx.config))) tiles.mapPmtilesUrl = OFFLINE_TILES_PATH;
  return tiles;
}

/** The shared asset behind a token presented from `address`, or 404 (unknown, revoked) / 410 (expired) / 429 (guessing). */
export async function sharedAsset(ctx: AppContext, address: string, token: string): Promise<SharedAsset> {
  const { db, throttle, config } = ctx;
  const misses = await throttle.peek(missKey(address));
  if (misses.count >= config.addressLimits.invalidTokens) throw addressRefused(misses.resetMs);
  const link = await linkOf(db, token);
  if (!link) {
    await throttle.hit(missKey(address), AUTH_LIMITS.addressWindowMs);
    throw unknownLink();
  }
  if (!link.open) throw unknownLink();
  if (link.expired) throw expiredLink();
  await db.query(
    `update share_links set last_opened_at = now(),
       open_count = open_count + case when last_opened_at is null or last_opened_at < now() - ${OPENING_GAP} then 1 else 0 end
     where id = $1`,
    [link.id],
  );
  const { position, online } = await latestOf(db, link.asset_id, config.deviceTimeoutSeconds);
  return {
    name: link.name,
    position,
    online,
    expireDate: new Date(link.expire_date).toISOString(),
    timeZone: await tenantTimeZone(db, link.tenant_id),
    map: await tilesOf(ctx, link.tenant_id),
  };
}
