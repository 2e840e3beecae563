/** A vehicle's repossessions, newest first, each linked to its page (the list narrowed by vehicleId). */
import { Link } from 'react-router';
import type { Repossession } from '@meridian/shared/contract/repossession';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { PagedTable } from '@meridian/shared/ui/paged-table';
import { repossessionPath } from '../parts/vehicle-paths';
import { VEHICLES_API } from '../parts/vehicles-api';
import { RepossessionStatusTag } from '../repossessions/repossession-status-tag';
import { VEHICLE_TEXT } from './vehicle-text';

export function VehicleRepossessions({ vehicleId }: { vehicleId: string }) {
  const format = useTenantFormat();
  return (
    <PagedTable<Repossession>
      url={VEHICLES_API.repossessions}
      filters={{ vehicleId }}
      searchable={false}
      stateKey="repossessions"
      tableId="vehicle-repossessions"
      label={VEHICLE_TEXT.repossessions}
      emptyText={VEHICLE_TEXT.noRepossessions}
      rowKey={(r) => r.id}
      columns={[
        {
          title: VEHICLE_TEXT.dateCreated,
          dataIndex: 'dateCreated',
          render: (iso: string, r: Repossession) => <Link to={repossessionPath(r.id)}>{format.moment(iso)}</Link>,
        },
        { title: VEHICLE_TEXT.status, dataIndex: 'status', render: (s: Repossession['status']) => <RepossessionStatusTag status={s} /> },
        { title: VEHICLE_TEXT.reason, dataIndex: 'reason', render: (reason: string | null) => reason ?? VEHICLE_TEXT.none },
      ]}
    />
  );
}
