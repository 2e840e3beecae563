/** How vehicle rows are written in the list: registration (to its page), make and model, year, status, category, created, actions. */
import { Tag } from 'antd';
import { Link } from 'react-router';
import type { Vehicle } from '@meridian/shared/contract/vehicle';
import { MESSAGES } from '@meridian/shared/messages';
import type { TenantFormatters } from '@meridian/shared/session/tenant-settings';
import type { PagedColumn } from '@meridian/shared/ui/paged-table';
import { RowActions } from '../parts/row-actions';
import { vehiclePath } from '../parts/vehicle-paths';
import { VEHICLE_STATUS_COLOURS, VEHICLE_STATUS_LABELS, VEHICLE_TEXT } from './vehicle-text';

export interface VehicleRowActions {
  canEdit: boolean;
  canDelete: boolean;
  onEdit(vehicle: Vehicle): void;
  onDelete(vehicle: Vehicle): void;
}

export const VehicleStatusTag = ({ status }: { status: Vehicle['status'] }) => (
  <Tag color={VEHICLE_STATUS_COLOURS[status]}>{VEHICLE_STATUS_LABELS[status]}</Tag>
);

export function vehicleColumns(format: TenantFormatters, actions: VehicleRowActions): PagedColumn<Vehicle>[] {
  const columns: PagedColumn<Vehicle>[] = [
    {
      title: VEHICLE_TEXT.registrationNumber,
      key: 'registrationNumber',
      sortField: 'registrationNumber',
      render: (_: unknown, v: Vehicle) => <Link to={vehiclePath(v.id)}>{v.registrationNumber}</Link>,
    },
    {
      title: VEHICLE_TEXT.make,
      dataIndex: 'make',
      sortField: 'make',
      render: (make: string, v: Vehicle) => [make, v.model].filter(Boolean).join(' '),
    },
    { title: VEHICLE_TEXT.year, dataIndex: 'year', render: (year: number | null) => year ?? VEHICLE_TEXT.none },
    {
      title: VEHICLE_TEXT.status,
      dataIndex: 'status',
      sortField: 'status',
      render: (s: Vehicle['status']) => <VehicleStatusTag status={s} />,
    },
    { title: VEHICLE_TEXT.category, dataIndex: 'categoryName', optional: true, render: (name: string | null) => name ?? VEHICLE_TEXT.none },
    {
      title: VEHICLE_TEXT.vin,
      dataIndex: 'vehicleIdentificationNumber',
      hiddenByDefault: true,
      render: (vin: string | null) => vin ?? VEHICLE_TEXT.none,
    },
    { title: VEHICLE_TEXT.dateCreated, dataIndex: 'dateCreated', sortField: 'dateCreated', render: (iso: string) => format.moment(iso) },
  ];
  if (!actions.canEdit && !actions.canDelete) return columns;
  return [
    ...columns,
    {
      title: MESSAGES.rowActions,
      key: 'actions',
      actions: true,
      render: (_: unknown, v: Vehicle) => (
        <RowActions
          name={v.registrationNumber}
          onEdit={actions.canEdit ? () => actions.onEdit(v) : undefined}
          onDelete={actions.canDelete ? () => actions.onDelete(v) : undefined}
        />
      ),
    },
  ];
}
