/** Device hardware: reference data of every installation (seed/reference-data.ts), listed by make (spec 9). */
import type { DeviceHardware } from '@meridian/shared/contract/device-hardware';
import { DEVICE_HARDWARE_SORT } from '@meridian/shared/contract/device-hardware';
import type { PagingQuery } from '@meridian/shared/contract/paging';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql } from '../../http/paging';

const SORT = {
  // By make, and within a make by model.
  fields: { make: "(h.make || ' ' || h.model)", model: 'h.model', protocol: 'h.protocol', dateCreated: 'h.date_created' },
  defaultField: DEVICE_HARDWARE_SORT.field,
  defaultOrder: DEVICE_HARDWARE_SORT.order,
  tieBreaker: 'h.id',
};

export async function hardwarePage(q: Queryable, query: PagingQuery, maxPageSize: number) {
  const page = pageSql(query, SORT, maxPageSize);
  const p = sqlParams();
  let where = 'true';
  if (page.searchPattern)
    where = `upper(h.make || ' ' || h.model || ' ' || h.protocol || ' ' || coalesce(h.description, '')) like ${p.add(page.searchPattern)}`;
  return pagedQuery<DeviceHardware>(
    q,
    {
      select: `h.id, h.make, h.model, h.protocol, h.description, h.date_created as "dateCreated"`,
      from: `from device_hardware h where ${where}`,
      params: p.values,
    },
    page,
  );
}
