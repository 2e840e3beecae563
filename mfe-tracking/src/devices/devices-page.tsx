/**
 * Devices (/tracking/devices): the trackers of the acting tenant's subtree, paged, sorted and searched
 * on the server (default sort name, newest first as tracking spec 9 has it), filtered by status
 * (online, offline, unknown). New devices and edits in a drawer; delete asks first (the spec's PUT to the
 * delete path). Each row leads to the device on the live map and to its trips.
 */
import { useState } from 'react';
import { Button, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { geoDevices } from '@meridian/shared/contract/areas/tracking';
import { DEVICE_STATUSES, type DeviceStatus, type GeoDevice } from '@meridian/shared/contract/geo-device';
import { GEO_LIST_DEFAULTS } from '@meridian/shared/contract/geo-list';
import { api } from '@meridian/shared/http/api';
import { MESSAGES } from '@meridian/shared/messages';
import { useSession } from '@meridian/shared/session/session-store';
import { useCan } from '@meridian/shared/session/use-can';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable } from '@meridian/shared/ui/paged-table';
import { useConfirmedAction } from '@meridian/shared/ui/use-confirmed-action';
import { STATUS_NAMES } from '../parts/device-status';
import { TRACKING_API } from '../parts/tracking-api';
import { TrackingNotifications } from '../parts/tracking-notifications';
import { deleteDeviceQuestion, TRACKING_TEXT } from '../parts/tracking-text';
import { deviceColumns } from './device-columns';
import { DeviceDrawer } from './device-drawer';

const DEFAULT_SORT = { field: GEO_LIST_DEFAULTS.sortField, order: GEO_LIST_DEFAULTS.sortOrder } as const;
const STATUS_CHOICES = [
  { value: '', label: TRACKING_TEXT.allStatuses },
  ...DEVICE_STATUSES.map((status) => ({ value: status, label: STATUS_NAMES[status] })),
];

export default function DevicesPage() {
  const format = useTenantFormat();
  const userId = useSession((state) => state.user?.Id ?? '');
  const canCreate = useCan(geoDevices, 'create');
  const canEdit = useCan(geoDevices, 'edit');
  const [params, setParams] = useSearchParams();
  const status = (DEVICE_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as DeviceStatus) : '';
  // undefined: closed; null: a new device.
  const [editing, setEditing] = useState<GeoDevice | null | undefined>(undefined);
  const [saved, setSaved] = useState(0);
  const { confirmAction, reloadToken } = useConfirmedAction();

  const setStatus = (next: string) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (next) changed.set('status', next);
        else changed.delete('status');
        return changed;
      },
      { replace: true },
    );

  const confirmDelete = (device: GeoDevice) =>
    confirmAction({
      question: deleteDeviceQuestion(device.name),
      detail: TRACKING_TEXT.deleteDeviceDetail,
      okText: MESSAGES.deleteAction,
      call: () => api.put(TRACKING_API.deleteDevice(device.id)),
      done: TRACKING_TEXT.deviceDeleted,
    });

  return (
    <PageFrame
      title={TRACKING_TEXT.devices}
      actions={
        canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {TRACKING_TEXT.newDevice}
          </Button>
        )
      }
    >
      <TrackingNotifications />
      <PagedTable<GeoDevice>
        url={TRACKING_API.devices(userId)}
        filters={{ filter: status || undefined }}
        columns={deviceColumns(format, { canEdit, onEdit: setEditing, onDelete: confirmDelete })}
        rowKey={(d) => d.id}
        label={TRACKING_TEXT.devices}
        emptyText={TRACKING_TEXT.noDevices}
        searchPlaceholder={TRACKING_TEXT.searchDevices}
        defaultSort={DEFAULT_SORT}
        reloadToken={reloadToken + saved}
        tableId="tracking-devices"
        toolbar={
          <Select
            aria-label={TRACKING_TEXT.filterByStatus}
            value={status}
            options={STATUS_CHOICES}
            onChange={setStatus}
            style={{ minWidth: 150 }}
          />
        }
      />
      <DeviceDrawer
        device={editing}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          setSaved((n) => n + 1);
        }}
      />
    </PageFrame>
  );
}
