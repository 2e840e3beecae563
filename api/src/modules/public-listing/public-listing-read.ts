/**
 * What the public listing shows (no sign-in): the Listed repossessions of a seller's subtree, and of each
 * only the keys of `publicListingVehicleSchema`. Every read names its columns one by one, so a column
 * added to vehicles or repossessions later never reaches the public by a `select *`.
 */
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { publicListing } from '@meridian/shared/contract/areas/vehicles';
import { maskRegistration, type PublicListingQuery, type PublicListingVehicle } from '@meridian/shared/contract/public-listing';
import type { PagingMeta } from '@meridian/shared/contract/envelope';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { inScope } from '../../tenancy/subtree';
import { bluebookValueFor } from '../bluebook/bluebook-read';
import { effectiveSettings } from '../settings/effective-settings';
import type { ListingSeller } from './listing-keys';

interface ListedRow {
  id: string;
  tenantId: string;
  registrationNumber: string;
  make: string;
  model: string | null;
  year: number | null;
  colour: string | null;
  hasPhoto: boolean;
}

const COLUMNS = `r.id, r.tenant_id as "tenantId", v.registration_number as "registrationNumber", v.make, v.model, v.year, v.colour,
  ph.id is not null as "hasPhoto"`;
// The listing photo counts only while it is still one of the vehicle's own photos.
const FROM = `from repossessions r join vehicles v on v.id = r.vehicle_id and v.deleted_at is null
  left join vehicle_photos ph on ph.id = r.public_listing_photo_id and ph.vehicle_id = r.vehicle_id`;
const LISTED = `r.deleted_at is null and r.status = 'Listed'`;
/** When the repossession was last moved to Listed (the demo and old rows without that move: its last change). */
export const LISTED_DATE = `coalesce((select max(h.date_created) from repossession_history h where h.repossession_id = r.id and h.to_status = 'Listed'), r.date_modified)`;

/** The currency bids on a listing are made in: its bluebook value's, else its tenant's (Settings). */
export async function publicVehicleOf(q: Queryable, key: string, row: ListedRow): Promise<PublicListingVehicle> {
  const value = await bluebookValueFor(q, row);
  const currency = value?.currency ?? (await effectiveSettings(q, row.tenantId)).values.currencyCode;
  return {
    id: row.id,
    registration: maskRegistration(row.registrationNumber),
    make: row.make,
    model: row.model,
    year: row.year,
    colour: row.colour,
    photoUrl: row.hasPhoto ? `/api${pathTo(publicListing.api.photo, { tenantKey: key, listingId: row.id })}` : null,
    bluebookValue: value ? { amountMinor: value.valueMinor, currency: value.currency } : null,
    currency,
  };
}

export async function publicListingPage(
  q: Queryable,
  key: string,
  seller: ListingSeller,
  query: PublicListingQuery,
): Promise<{ vehicles: PublicListingVehicle[]; paging: PagingMeta }> {
  const p = sqlParams();
  const where = `${LISTED} and ${inScope('r.tenant_id', seller.path, p)}`;
  const rows = await q.query<ListedRow & { total: number }>(
    `select ${COLUMNS}, count(*) over ()::int as total ${FROM} where ${where}
     order by ${LISTED_DATE} desc, r.id desc limit ${query.size} offset ${(query.page - 1) * query.size}`,
    p.values,
  );
  const total = rows[0]?.total ?? (await q.one<{ n: number }>(`select count(*)::int as n ${FROM} where ${where}`, p.values))!.n;
  const vehicles: PublicListingVehicle[] = [];
  for (const { total: _total, ...row } of rows) vehicles.push(await publicVehicleOf(q, key, row));
  return { vehicles, paging: { pageNumber: query.page, pageSize: query.size, total } };
}

/** One listed vehicle of the seller's subtree, or null (unknown id, another seller's, not Listed, deleted). */
export async function listedRow(q: Queryable, seller: ListingSeller, listingId: string, options: { lock?: boolean } = {}) {
  const p = sqlParams([listingId]);
  return q.one<ListedRow & { vehicleId: string; photoStoredName: string | null; photoContentType: string | null }>(
    `select ${COLUMNS}, r.vehicle_id as "vehicleId", ph.stored_name as "photoStoredName", ph.content_type as "photoContentType"
     ${FROM} where r.id = $1 and ${LISTED} and ${inScope('r.tenant_id', seller.path, p)}${options.lock ? ' for update of r' : ''}`,
    p.values,
  );
}

export async function publicListingVehicle(q: Queryable, key: string, seller: ListingSeller, listingId: string) {
  const row = await listedRow(q, seller, listingId);
  return row ? publicVehicleOf(q, key, row) : null;
}
