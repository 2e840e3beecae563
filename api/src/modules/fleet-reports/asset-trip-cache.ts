/**
 * The asset trips report (POST /geo/asset/trips; spec 9: "kept per asset and reused when the payload is
 * identical"). One row per asset holds the last report made and the hash of the request it answered
 * (the asset, the days as read in the tenant's zone, the zeros flag). The same request reuses it while
 * it is fresh (under a minute old: a screen asking again) or for good once its period had ended well
 * before it was made (trips close within the hour of their end); else the trips are read again and
 * replace it. A different request replaces the row too: one report per asset, never a growing cache.
 */
import { createHash } from 'node:crypto';
import { FLEET_REPORT_LIMITS, type AssetTrip, type AssetTripsReport } from '@meridian/shared/contract/fleet-report';
import type { Queryable } from '../../db/database';
import type { ActivityWindow } from '../activities/activity-window';
import type { AssetViewer, VisibleAsset } from '../assets/asset-access';
import { tripPage } from './fleet-lists';

interface Kept {
  request_hash: string;
  period_end: Date;
  computed_at: Date;
  payload: AssetTripsReport;
}

const hashOf = (assetId: string, window: ActivityWindow, zeros: boolean) =>
  createHash('sha256')
    .update(JSON.stringify([assetId, window.from, window.to, window.timeZone, zeros]))
    .digest('hex');

function stillGood(kept: Kept, now: number) {
  const made = new Date(kept.computed_at).getTime();
  if (now - made < FLEET_REPORT_LIMITS.tripCacheFreshMs) return true;
  return made - new Date(kept.period_end).getTime() >= FLEET_REPORT_LIMITS.tripCacheSettledMs;
}

async function readTrips(q: Queryable, viewer: AssetViewer, assetId: string, window: ActivityWindow, zeros: boolean) {
  const max = FLEET_REPORT_LIMITS.exportRowsMax;
  const paging = { page: 1, size: max, search: '%%', sortField: 'startTime', sortOrder: 'ASC' as const };
  const { rows } = await tripPage(q, { selection: { viewer, assetId }, window, zeros, paging, maxPageSize: max });
  return rows;
}

export async function assetTripsReport(
  q: Queryable,
  viewer: AssetViewer,
  asset: VisibleAsset,
  window: ActivityWindow,
  zeros: boolean,
): Promise<AssetTripsReport> {
  const hash = hashOf(asset.id, window, zeros);
  const { name } = (await q.one<{ name: string }>(`select name from assets where id = $1`, [asset.id]))!;
  const kept = await q.one<Kept>(`select request_hash, period_end, computed_at, payload from asset_trip_reports where asset_id = $1`, [
    asset.id,
  ]);
  if (kept && kept.request_hash === hash && stillGood(kept, Date.now())) return { ...kept.payload, assetName: name, cached: true };
  const trips: AssetTrip[] = await readTrips(q, viewer, asset.id, window, zeros);
  const report: AssetTripsReport = {
    assetId: asset.id,
    assetName: name,
    fromDate: window.from,
    toDate: window.to,
    timeZone: window.timeZone,
    zeros,
    computedAt: new Date().toISOString(),
    cached: false,
    trips,
  };
  await q.query(
    `insert into asset_trip_reports (asset_id, tenant_id, request_hash, period_end, payload, computed_at) values ($1, $2, $3, $4, $5::jsonb, $6)
     on conflict (asset_id) do update set tenant_id = excluded.tenant_id, request_hash = excluded.request_hash,
       period_end = excluded.period_end, payload = excluded.payload, computed_at = excluded.computed_at`,
    [asset.id, asset.tenant_id, hash, window.end, JSON.stringify(report), report.computedAt],
  );
  return report;
}
