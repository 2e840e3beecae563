/**
 * Event IO (/tracking/event-io): how the IO elements of the trackers' hardware map to position
 * attributes and, optionally, to an event and the event action it raises. Paged, sorted and searched
 * on the server (name, attribute, IO id); new entries and edits in a drawer, delete asks first.
 */
import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { eventIos } from '@meridian/shared/contract/areas/tracking';
import type { EventIo } from '@meridian/shared/contract/event-io';
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
import { deleteEventIoQuestion, TRACKING_TEXT } from '../parts/tracking-text';
import { eventIoColumns } from './event-io-columns';
import { EventIoDrawer } from './event-io-drawer';

const DEFAULT_SORT = { field: GEO_LIST_DEFAULTS.sortField, order: GEO_LIST_DEFAULTS.sortOrder } as const;

export default function EventIoPage() {
  const format = useTenantFormat();
  const canCreate = useCan(eventIos, 'create');
  const canEdit = useCan(eventIos, 'edit');
  const canDelete = useCan(eventIos, 'delete');
  // undefined: closed; null: a new entry.
  const [editing, setEditing] = useState<EventIo | null | undefined>(undefined);
  const [saved, setSaved] = useState(0);
  const { confirmAction, reloadToken } = useConfirmedAction();

  const confirmDelete = (entry: EventIo) =>
    confirmAction({
      question: deleteEventIoQuestion(entry.name),
      detail: TRACKING_TEXT.deleteEventIoDetail,
      okText: MESSAGES.deleteAction,
      call: () => api.delete(TRACKING_API.eventIo(entry.id)),
      done: TRACKING_TEXT.eventIoDeleted,
    });

  return (
    <PageFrame
      title={TRACKING_TEXT.eventIo}
      actions={
        canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {TRACKING_TEXT.newEventIo}
          </Button>
        )
      }
    >
      <TrackingNotifications />
      <PagedTable<EventIo>
        url={TRACKING_API.eventIos}
        columns={eventIoColumns(format, { canEdit, canDelete, onEdit: setEditing, onDelete: confirmDelete })}
        rowKey={(entry) => entry.id}
        label={TRACKING_TEXT.eventIo}
        emptyText={TRACKING_TEXT.noEventIos}
        searchPlaceholder={TRACKING_TEXT.searchEventIos}
        defaultSort={DEFAULT_SORT}
        reloadToken={reloadToken + saved}
        tableId="tracking-event-io"
      />
      <EventIoDrawer
        entry={editing}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          setSaved((n) => n + 1);
        }}
      />
    </PageFrame>
  );
}
