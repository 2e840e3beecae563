/**
 * A vehicle's page (/vehicles/:id): its details with category, features and attribute values, its
 * bluebook value (integer minor units in its own currency), its photos, where it is and its last trips
 * when it is a tracked asset, and its repossessions; edit, delete and "Raise repossession" for those
 * who may.
 */
import { useState } from 'react';
import { Button, Card, Descriptions, Flex, Tag } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { repossessions, vehicleRecords, vehicles } from '@meridian/shared/contract/areas/vehicles';
import type { VehicleDetails } from '@meridian/shared/contract/vehicle';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { useCan } from '@meridian/shared/session/use-can';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { useConfirmedAction } from '@meridian/shared/ui/use-confirmed-action';
import { formatMinor } from '@meridian/shared/money-text';
import { VEHICLES_API } from '../parts/vehicles-api';
import { RaiseRepossession } from './raise-repossession';
import { VehicleStatusTag } from './vehicle-columns';
import { VehicleDrawer } from './vehicle-form';
import { VehiclePhotos } from './vehicle-photos';
import { VehicleRepossessions } from './vehicle-repossessions';
import { deleteVehicleQuestion, VEHICLE_TEXT } from './vehicle-text';
import { VehicleTracking } from './vehicle-tracking';

const orNone = (value: string | number | null) => (value === null || value === '' ? VEHICLE_TEXT.none : value);

function VehicleFacts({ vehicle }: { vehicle: VehicleDetails }) {
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 3 }}
      items={[
        { key: 'reg', label: VEHICLE_TEXT.registrationNumber, children: vehicle.registrationNumber },
        { key: 'status', label: VEHICLE_TEXT.status, children: <VehicleStatusTag status={vehicle.status} /> },
        { key: 'make', label: VEHICLE_TEXT.make, children: vehicle.make },
        { key: 'model', label: VEHICLE_TEXT.model, children: orNone(vehicle.model) },
        { key: 'year', label: VEHICLE_TEXT.year, children: orNone(vehicle.year) },
        { key: 'colour', label: VEHICLE_TEXT.colour, children: orNone(vehicle.colour) },
        { key: 'engine', label: VEHICLE_TEXT.engineNumber, children: orNone(vehicle.engineNumber) },
        { key: 'vin', label: VEHICLE_TEXT.vin, children: orNone(vehicle.vehicleIdentificationNumber) },
        { key: 'category', label: VEHICLE_TEXT.category, children: orNone(vehicle.categoryName) },
        {
          key: 'bluebook',
          label: VEHICLE_TEXT.bluebookValue,
          children: vehicle.bluebook ? formatMinor(vehicle.bluebook.valueMinor, vehicle.bluebook.currency) : VEHICLE_TEXT.noBluebookValue,
        },
        {
          key: 'features',
          label: VEHICLE_TEXT.features,
          children: vehicle.features.length ? vehicle.features.map((f) => <Tag key={f.id}>{f.name}</Tag>) : VEHICLE_TEXT.none,
        },
        ...vehicle.attributes.map((a) => ({ key: `attribute-${a.attributeId}`, label: a.name, children: a.value })),
      ]}
    />
  );
}

function VehicleView({ vehicle, reload }: { vehicle: VehicleDetails; reload(): void }) {
  const navigate = useNavigate();
  const canEdit = useCan(vehicleRecords, 'edit');
  const canDelete = useCan(vehicleRecords, 'delete');
  const canRaise = useCan(repossessions, 'create');
  const [editing, setEditing] = useState(false);
  const { confirmAction } = useConfirmedAction();

  const confirmDelete = () =>
    confirmAction({
      question: deleteVehicleQuestion(vehicle.registrationNumber),
      detail: VEHICLE_TEXT.deleteVehicleDetail,
      okText: MESSAGES.deleteAction,
      call: async () => {
        await api.post(VEHICLES_API.remove, { id: vehicle.id });
        void navigate(vehicles.screens.list);
      },
      done: VEHICLE_TEXT.vehicleDeleted,
    });

  return (
    <PageFrame
      title={`${vehicle.registrationNumber} ${vehicle.make}`}
      actions={
        <>
          {canRaise && <RaiseRepossession vehicleId={vehicle.id} />}
          {canEdit && (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {MESSAGES.editAction}
            </Button>
          )}
          {canDelete && (
            <Button danger onClick={confirmDelete}>
              {MESSAGES.deleteAction}
            </Button>
          )}
        </>
      }
    >
      <Flex vertical gap={16}>
        <VehicleFacts vehicle={vehicle} />
        <Card size="small" title={VEHICLE_TEXT.photos}>
          <VehiclePhotos vehicleId={vehicle.id} photos={vehicle.photos} canEdit={canEdit} onChanged={reload} />
        </Card>
        <VehicleTracking vehicle={vehicle} />
        <Card size="small" title={VEHICLE_TEXT.repossessions}>
          <VehicleRepossessions vehicleId={vehicle.id} />
        </Card>
      </Flex>
      <VehicleDrawer
        vehicle={editing ? vehicle : undefined}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          reload();
        }}
      />
    </PageFrame>
  );
}

export default function VehiclePage() {
  const { id = '' } = useParams();
  const state = useLoad((signal) => api.get<VehicleDetails>(VEHICLES_API.details(id), { signal }).then((r) => r.data), [id]);
  return <LoadPanel state={state}>{(vehicle) => <VehicleView vehicle={vehicle} reload={state.reload} />}</LoadPanel>;
}
