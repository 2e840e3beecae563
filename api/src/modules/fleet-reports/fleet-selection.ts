/**
 * Which assets a fleet report covers, and when each of their Primary devices counts as theirs.
 *
 * A report covers the assets the caller sees (asset-access.ts: subtree and group rules), narrowed to
 * one asset, a group or a category, each of which must be visible itself (else 404, as the asset
 * routes answer). A trip, stop or event belongs to the asset whose Primary device made it at that
 * moment: the report walks the device-asset history, so a tracker moved to another vehicle takes no
 * past with it, and an asset's report still holds what its former tracker did while it was fitted.
 */
import { ASSET_DEVICE_TYPES } from '@meridian/shared/contract/asset';
import type { Queryable } from '../../db/database';
import type { SqlParams } from '../../db/sql-params';
import { assetVisible, visibleAsset, visibleCategory, visibleGroup, type AssetViewer } from '../assets/asset-access';

export interface FleetSelection {
  viewer: AssetViewer;
  assetId?: string;
  assetGroupId?: string;
  assetCategoryId?: string;
  /** An upper-cased LIKE pattern on the asset's registration number and make. */
  searchPattern?: string | null;
}

/** Refuses (404) a named asset, group or category the caller does not see. */
export async function checkSelection(q: Queryable, selection: FleetSelection) {
  const { viewer } = selection;
  if (selection.assetId) await visibleAsset(q, viewer, selection.assetId);
  if (selection.assetGroupId) await visibleGroup(q, viewer, selection.assetGroupId);
  if (selection.assetCategoryId) await visibleCategory(q, viewer.scope, selection.assetCategoryId);
}

/**
 * SQL (a subquery): one row per stretch a Primary device spent in a selected asset within the period,
 * cut to it: asset_id, asset_name, device_id, and the instants [since, until) it counts for the asset.
 * Joined to a device's stored rows on (device_id, start_time), each stretch reads one index range.
 */
export function stintsSql(selection: FleetSelection, period: { start: Date; end: Date }, p: SqlParams) {
  const start = `${p.add(period.start)}::timestamptz`;
  const end = `${p.add(period.end)}::timestamptz`;
  let where = `${assetVisible(selection.viewer, p)} and h.device_type_id = ${ASSET_DEVICE_TYPES.primary}
    and h.linked_at < ${end} and (h.unlinked_at is null or h.unlinked_at > ${start})`;
  if (selection.assetId) where += ` and a.id = ${p.add(selection.assetId)}`;
  if (selection.assetGroupId) where += ` and a.group_id = ${p.add(selection.assetGroupId)}`;
  if (selection.assetCategoryId) where += ` and a.category_id = ${p.add(selection.assetCategoryId)}`;
  if (selection.searchPattern) where += ` and a.search_text like ${p.add(selection.searchPattern)}`;
  return `select a.id as asset_id, a.name as asset_name, h.device_id, greatest(h.linked_at, ${start}) as since,
      least(coalesce(h.unlinked_at, 'infinity'::timestamptz), ${end}) as until
    from assets a join asset_device_history h on h.asset_id = a.id where ${where}`;
}
