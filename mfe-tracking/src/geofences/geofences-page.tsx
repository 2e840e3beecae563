/**
 * Geofences (/tracking/geofences): the zones of the acting tenant's subtree and, in a second tab, its
 * points of interest, each a table paged, sorted and searched on the server (default sort name, newest
 * first, tracking spec 9). A zone is drawn and named in the editor (a polygon, a circle or a corridor)
 * and linked there to the devices it is tested for. Deleting asks first.
 */
import { useState } from 'react';
import { Button, Tabs } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { geofences as geofenceResource } from '@meridian/shared/contract/areas/tracking';
import type { Geofence, GeofenceType } from '@meridian/shared/contract/geofence';
import { GEO_LIST_DEFAULTS } from '@meridian/shared/contract/geo-list';
import { api } from '@meridian/shared/http/api';
import { MESSAGES } from '@meridian/shared/messages';
import { useCan } from '@meridian/shared/session/use-can';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable } from '@meridian/shared/ui/paged-table';
import { useConfirmedAction } from '@meridian/shared/ui/use-confirmed-action';
import { TRACKING_API } from '../parts/tracking-api';
import { TrackingNotifications } from '../parts/tracking-notifications';
import { deleteGeofenceQuestion, TRACKING_TEXT } from '../parts/tracking-text';
import { geofenceColumns } from './geofence-columns';
import { GeofenceEditor } from './geofence-editor';

const DEFAULT_SORT = { field: GEO_LIST_DEFAULTS.sortField, order: GEO_LIST_DEFAULTS.sortOrder } as const;
const TABS: GeofenceType[] = ['geofence', 'poi'];

export default function GeofencesPage() {
  const format = useTenantFormat();
  const canCreate = useCan(geofenceResource, 'create');
  const canEdit = useCan(geofenceResource, 'edit');
  const canDelete = useCan(geofenceResource, 'delete');
  const [params, setParams] = useSearchParams();
  const type: GeofenceType = params.get('tab') === 'poi' ? 'poi' : 'geofence';
  // undefined: closed; null: a new one.
  const [editing, setEditing] = useState<Geofence | null | undefined>(undefined);
  const [saved, setSaved] = useState(0);
  const { confirmAction, reloadToken } = useConfirmedAction();

  const confirmDelete = (fence: Geofence) =>
    confirmAction({
      question: deleteGeofenceQuestion(fence.name),
      detail: TRACKING_TEXT.deleteGeofenceDetail,
      okText: MESSAGES.deleteAction,
      call: () => api.delete(fence.type === 'poi' ? TRACKING_API.poi(fence.id) : TRACKING_API.fence(fence.id)),
      done: TRACKING_TEXT.geofenceDeleted,
    });

  const table = (tab: GeofenceType) => (
    <PagedTable<Geofence>
      url={tab === 'poi' ? TRACKING_API.pois : TRACKING_API.fences}
      columns={geofenceColumns(format, { canEdit, canDelete, onEdit: setEditing, onDelete: confirmDelete }, tab === 'geofence')}
      rowKey={(g) => g.id}
      label={tab === 'poi' ? TRACKING_TEXT.pointsOfInterest : TRACKING_TEXT.geofences}
      emptyText={tab === 'poi' ? TRACKING_TEXT.noPois : TRACKING_TEXT.noGeofences}
      searchPlaceholder={tab === 'poi' ? TRACKING_TEXT.searchPois : TRACKING_TEXT.searchGeofences}
      defaultSort={DEFAULT_SORT}
      reloadToken={reloadToken + saved}
      stateKey={tab === 'poi' ? 'p' : ''}
      tableId={`tracking-${tab}`}
    />
  );

  return (
    <PageFrame
      title={TRACKING_TEXT.geofences}
      actions={
        canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {type === 'poi' ? TRACKING_TEXT.newPoi : TRACKING_TEXT.newGeofence}
          </Button>
        )
      }
    >
      <TrackingNotifications />
      <Tabs
        activeKey={type}
        onChange={(key) => setParams(key === 'poi' ? { tab: 'poi' } : {}, { replace: true })}
        items={TABS.map((tab) => ({
          key: tab,
          label: tab === 'poi' ? TRACKING_TEXT.pointsOfInterest : TRACKING_TEXT.geofences,
          children: tab === type ? table(tab) : null,
        }))}
      />
      <GeofenceEditor
        type={editing?.type ?? type}
        fence={editing}
        onClose={() => setEditing(undefined)}
        onSaved={() => setSaved((n) => n + 1)}
      />
    </PageFrame>
  );
}
