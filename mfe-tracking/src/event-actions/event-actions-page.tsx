/**
 * Event actions (/tracking/event-actions): the rules of the acting tenant's subtree that run at ingest,
 * paged, sorted and searched on the server (name and event type). Each row says what the rule waits
 * for, under which conditions, and what it does; new rules and edits in a drawer, delete asks first,
 * and each rule's firings open in a drawer of their own, newest first.
 */
import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { eventActions } from '@meridian/shared/contract/areas/tracking';
import type { EventAction } from '@meridian/shared/contract/event-action';
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
import { deleteEventActionQuestion, TRACKING_TEXT } from '../parts/tracking-text';
import { eventActionColumns } from './event-action-columns';
import { EventActionDrawer } from './event-action-drawer';
import { EventActionFirings } from './event-action-firings';
import { useCommandChoices, useGeofenceChoices } from './use-rule-choices';

const DEFAULT_SORT = { field: GEO_LIST_DEFAULTS.sortField, order: GEO_LIST_DEFAULTS.sortOrder } as const;

export default function EventActionsPage() {
  const format = useTenantFormat();
  const canCreate = useCan(eventActions, 'create');
  const canEdit = useCan(eventActions, 'edit');
  const canDelete = useCan(eventActions, 'delete');
  const fences = useGeofenceChoices();
  const commands = useCommandChoices();
  // undefined: closed; null: a new rule.
  const [editing, setEditing] = useState<EventAction | null | undefined>(undefined);
  const [firingsOf, setFiringsOf] = useState<EventAction | null>(null);
  const [saved, setSaved] = useState(0);
  const { confirmAction, reloadToken } = useConfirmedAction();

  const confirmDelete = (rule: EventAction) =>
    confirmAction({
      question: deleteEventActionQuestion(rule.name),
      detail: TRACKING_TEXT.deleteEventActionDetail,
      okText: MESSAGES.deleteAction,
      call: () => api.delete(TRACKING_API.eventAction(rule.id)),
      done: TRACKING_TEXT.eventActionDeleted,
    });

  return (
    <PageFrame
      title={TRACKING_TEXT.eventActions}
      actions={
        canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {TRACKING_TEXT.newEventAction}
          </Button>
        )
      }
    >
      <TrackingNotifications />
      <PagedTable<EventAction>
        url={TRACKING_API.eventActions}
        columns={eventActionColumns(format, {
          canEdit,
          canDelete,
          fenceNames: fences.names,
          commandNames: commands.names,
          onEdit: setEditing,
          onDelete: confirmDelete,
          onFirings: setFiringsOf,
        })}
        rowKey={(rule) => rule.id}
        label={TRACKING_TEXT.eventActions}
        emptyText={TRACKING_TEXT.noEventActions}
        searchPlaceholder={TRACKING_TEXT.searchEventActions}
        defaultSort={DEFAULT_SORT}
        reloadToken={reloadToken + saved}
        tableId="tracking-event-actions"
      />
      <EventActionDrawer
        rule={editing}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          setSaved((n) => n + 1);
        }}
      />
      <EventActionFirings rule={firingsOf} onClose={() => setFiringsOf(null)} />
    </PageFrame>
  );
}
