/**
 * Vehicles (/vehicles): the vehicles of the acting subtree, paged, sorted (newest first by default,
 * spec 9) and searched on the server, filtered by status (kept in the address); the lookup by
 * registration number opens a vehicle. New vehicles and edits in a drawer; delete asks first.
 */
import { useState } from 'react';
import { App, Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { vehicleRecords } from '@meridian/shared/contract/areas/vehicles';
import { VEHICLE_LIST_DEFAULTS, VEHICLE_STATUSES, type Vehicle, type VehicleDetails } from '@meridian/shared/contract/vehicle';
import { api } from '@meridian/shared/http/api';
import { errorText } from '@meridian/shared/http/api-errors';
import { MESSAGES } from '@meridian/shared/messages';
import { useCan } from '@meridian/shared/session/use-can';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable } from '@meridian/shared/ui/paged-table';
import { useConfirmedAction } from '@meridian/shared/ui/use-confirmed-action';
import { useAddressFilter } from '@meridian/shared/ui/use-address-filter';
import { FilterSelect } from '@meridian/shared/ui/filter-select';
import { vehiclePath } from '../parts/vehicle-paths';
import { VEHICLES_API } from '../parts/vehicles-api';
import { RegistrationLookup } from './registration-lookup';
import { vehicleColumns } from './vehicle-columns';
import { VehicleDrawer } from './vehicle-form';
import { deleteVehicleQuestion, VEHICLE_STATUS_LABELS, VEHICLE_TEXT } from './vehicle-text';

const DEFAULT_SORT = { field: VEHICLE_LIST_DEFAULTS.sortField, order: VEHICLE_LIST_DEFAULTS.sortOrder } as const;
const STATUS_CHOICES = [
  { value: '', label: VEHICLE_TEXT.allStatuses },
  ...VEHICLE_STATUSES.map((status) => ({ value: status, label: VEHICLE_STATUS_LABELS[status] })),
];

export default function VehiclesPage() {
  const { message } = App.useApp();
  const format = useTenantFormat();
  const navigate = useNavigate();
  const canCreate = useCan(vehicleRecords, 'create');
  const canEdit = useCan(vehicleRecords, 'edit');
  const canDelete = useCan(vehicleRecords, 'delete');
  const [status, setStatus] = useAddressFilter('status', VEHICLE_STATUSES);
  // undefined: closed; null: a new vehicle.
  const [editing, setEditing] = useState<VehicleDetails | null | undefined>(undefined);
  const { confirmAction, reloadToken } = useConfirmedAction();

  // The form edits features and attributes too, which only the details carry.
  const edit = async (vehicle: Vehicle) => {
    try {
      setEditing((await api.get<VehicleDetails>(VEHICLES_API.details(vehicle.id))).data);
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  const confirmDelete = (vehicle: Vehicle) =>
    confirmAction({
      question: deleteVehicleQuestion(vehicle.registrationNumber),
      detail: VEHICLE_TEXT.deleteVehicleDetail,
      okText: MESSAGES.deleteAction,
      call: () => api.post(VEHICLES_API.remove, { id: vehicle.id }),
      done: VEHICLE_TEXT.vehicleDeleted,
    });

  return (
    <PageFrame
      title={VEHICLE_TEXT.vehicles}
      actions={
        <>
          <RegistrationLookup />
          {canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {VEHICLE_TEXT.newVehicle}
            </Button>
          )}
        </>
      }
    >
      <PagedTable<Vehicle>
        url={VEHICLES_API.list}
        filters={{ status: status || undefined }}
        columns={vehicleColumns(format, { canEdit, canDelete, onEdit: (v) => void edit(v), onDelete: confirmDelete })}
        rowKey={(v) => v.id}
        label={VEHICLE_TEXT.vehicles}
        emptyText={VEHICLE_TEXT.noVehicles}
        searchPlaceholder={VEHICLE_TEXT.searchVehicles}
        defaultSort={DEFAULT_SORT}
        reloadToken={reloadToken}
        tableId="vehicles"
        toolbar={<FilterSelect label={VEHICLE_TEXT.filterByStatus} value={status} options={STATUS_CHOICES} onChange={setStatus} />}
      />
      <VehicleDrawer vehicle={editing} onClose={() => setEditing(undefined)} onSaved={(saved) => void navigate(vehiclePath(saved.id))} />
    </PageFrame>
  );
}
