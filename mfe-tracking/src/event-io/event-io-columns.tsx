/** How event IO rows are written in the table: IO id, name, attribute, hardware, event type, the linked action, and the row's actions. */
import { Flex, Typography } from 'antd';
import type { EventIo } from '@meridian/shared/contract/event-io';
import { EditRowButton, DeleteRowButton } from '@meridian/shared/ui/row-buttons';
import { MESSAGES } from '@meridian/shared/messages';
import type { TenantFormatters } from '@meridian/shared/session/tenant-settings';
import type { PagedColumn } from '@meridian/shared/ui/paged-table';
import { eventTypeName, TRACKING_TEXT } from '../parts/tracking-text';

export interface EventIoRowActions {
  canEdit: boolean;
  canDelete: boolean;
  onEdit(entry: EventIo): void;
  onDelete(entry: EventIo): void;
}

const hardwareText = (entry: EventIo) => [entry.make, entry.hardwareModel].filter(Boolean).join(' ') || TRACKING_TEXT.anyHardware;

export function eventIoColumns(format: TenantFormatters, actions: EventIoRowActions): PagedColumn<EventIo>[] {
  return [
    { title: TRACKING_TEXT.ioId, dataIndex: 'ioId', sortField: 'ioId' },
    {
      title: TRACKING_TEXT.ioName,
      key: 'name',
      sortField: 'name',
      render: (_: unknown, entry: EventIo) =>
        actions.canEdit ? (
          <Typography.Link onClick={() => actions.onEdit(entry)}>{entry.name}</Typography.Link>
        ) : (
          <Typography.Text>{entry.name}</Typography.Text>
        ),
    },
    {
      title: TRACKING_TEXT.attribute,
      dataIndex: 'attribute',
      sortField: 'attribute',
      render: (attribute: string) => <Typography.Text code>{attribute}</Typography.Text>,
    },
    { title: TRACKING_TEXT.hardware, key: 'make', sortField: 'make', render: (_: unknown, entry: EventIo) => hardwareText(entry) },
    {
      title: TRACKING_TEXT.eventType,
      dataIndex: 'eventType',
      sortField: 'eventType',
      render: (type: string | null) => eventTypeName(type),
    },
    {
      title: TRACKING_TEXT.linkedAction,
      dataIndex: 'eventActionName',
      render: (name: string | null) => name ?? TRACKING_TEXT.noLinkedAction,
    },
    { title: TRACKING_TEXT.tenant, dataIndex: 'tenantName', sortField: 'tenantName', optional: true },
    {
      title: TRACKING_TEXT.created,
      dataIndex: 'dateCreated',
      sortField: 'dateCreated',
      hiddenByDefault: true,
      render: (iso: string) => format.day(iso),
    },
    {
      title: MESSAGES.rowActions,
      key: 'actions',
      actions: true,
      render: (_: unknown, entry: EventIo) => (
        <Flex gap={4} wrap={false}>
          {actions.canEdit && <EditRowButton name={entry.name} onClick={() => actions.onEdit(entry)} />}
          {actions.canDelete && <DeleteRowButton name={entry.name} onClick={() => actions.onDelete(entry)} />}
        </Flex>
      ),
    },
  ];
}
