/**
 * The listing as staff see it (GET /vehicles/repossessions/public-listing): the Listed repossessions of
 * the acting subtree with their listing photo, bluebook value and bids counted; and the choice of the
 * listing photo, which must be one of the repossession's own vehicle's photos.
 */
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { vehicleRecords } from '@meridian/shared/contract/areas/vehicles';
import type { StaffListing } from '@meridian/shared/contract/bid';
import type { GeoListQuery } from '@meridian/shared/contract/geo-list';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { fieldError } from '../../http/errors';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import { inScope } from '../../tenancy/subtree';
import { bluebookValueFor } from '../bluebook/bluebook-read';
import type { VisibleRepossession } from '../repossessions/repossession-access';
import { minorUnits, publicListingKeyOf } from './listing-keys';
import { LISTED_DATE } from './public-listing-read';

const SORT: SortSpec = {
  fields: { listedDate: LISTED_DATE, registrationNumber: 'v.registration_number', make: 'v.make', bidCount: 'bids.n' },
  defaultField: 'listedDate',
  defaultOrder: 'DESC',
  tieBreaker: 'r.id',
};

interface Row extends Omit<StaffListing, 'thumbnailUrl' | 'bluebookValue' | 'highestBid' | 'publicListingKey' | 'listedDate'> {
  listedDate: Date | string;
  highestMinor: string | null;
  highestCurrency: string | null;
}

const COLUMNS = `r.id, r.vehicle_id as "vehicleId", v.registration_number as "registrationNumber", v.make, v.model, v.year, v.colour,
  ph.id as "publicListingPhotoId", bids.n as "bidCount", top.amount_minor::text as "highestMinor", top.currency as "highestCurrency",
  ${LISTED_DATE} as "listedDate", r.tenant_id as "tenantId"`;
const FROM = `from repossessions r join vehicles v on v.id = r.vehicle_id and v.deleted_at is null
  left join vehicle_photos ph on ph.id = r.public_listing_photo_id and ph.vehicle_id = r.vehicle_id
  cross join lateral (select count(*)::int as n from vehicle_bids b where b.repossession_id = r.id) bids
  left join lateral (select b.amount_minor, b.currency from vehicle_bids b where b.repossession_id = r.id
    order by b.amount_minor desc limit 1) top on true`;

export async function staffListingPage(q: Queryable, scope: TenantScope, query: GeoListQuery, maxPageSize: number) {
  const p = sqlParams();
  const page = pageSql(query, SORT, maxPageSize);
  let where = `r.deleted_at is null and r.status = 'Listed' and ${inScope('r.tenant_id', scope, p)}`;
  if (page.searchPattern) where += ` and v.search_text like ${p.add(page.searchPattern)}`;
  const { rows, paging } = await pagedQuery<Row>(q, { select: COLUMNS, from: `${FROM} where ${where}`, params: p.values }, page);
  const items: StaffListing[] = [];
  for (const { highestMinor, highestCurrency, listedDate, ...row } of rows) {
    const value = await bluebookValueFor(q, row);
    items.push({
      ...row,
      thumbnailUrl: row.publicListingPhotoId
        ? `/api${pathTo(vehicleRecords.api.thumbnail, { id: row.vehicleId, photoId: row.publicListingPhotoId })}`
        : null,
      bluebookValue: value ? { amountMinor: value.valueMinor, currency: value.currency } : null,
      highestBid: highestMinor && highestCurrency ? { amountMinor: minorUnits(highestMinor), currency: highestCurrency } : null,
      publicListingKey: await publicListingKeyOf(q, row.tenantId),
      listedDate: new Date(listedDate).toISOString(),
    });
  }
  return { items, paging };
}

/** Sets (or, with null, clears) the listing photo: one of the repossession's vehicle's photos, else 400. */
export async function setListingPhoto(q: Queryable, repossession: VisibleRepossession, vehiclePhotoId: string | null) {
  if (vehiclePhotoId) {
    const photo = await q.one(`select 1 from vehicle_photos where id = $1 and vehicle_id = $2`, [vehiclePhotoId, repossession.vehicle_id]);
    if (!photo) throw fieldError('vehiclePhotoId', "Choose one of this repossession's vehicle's photos.");
  }
  await q.query(`update repossessions set public_listing_photo_id = $1, date_modified = now() where id = $2`, [
    vehiclePhotoId,
    repossession.id,
  ]);
}
