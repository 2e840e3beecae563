/** How saved commands are written: description, type, text, the hardware they are for, tenant, and the row's actions. */
import { Button, Flex, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import type { GeoCommand } from '@meridian/shared/contract/geo-command';
import { EditRowButton, DeleteRowButton } from '@meridian/shared/ui/row-buttons';
import { MESSAGES, userActionLabel } from '@meridian/shared/messages';
import type { PagedColumn } from '@meridian/shared/ui/paged-table';
import { TRACKING_TEXT } from '../parts/tracking-text';

export interface SavedCommandActions {
  canEdit: boolean;
  canSend: boolean;
  onEdit(command: GeoCommand): void;
  onDelete(command: GeoCommand): void;
  onSend(command: GeoCommand): void;
}

export function savedCommandColumns(actions: SavedCommandActions): PagedColumn<GeoCommand>[] {
  return [
    { title: TRACKING_TEXT.description, dataIndex: 'description', sortField: 'description' },
    { title: TRACKING_TEXT.commandType, dataIndex: 'commandType', sortField: 'commandType' },
    {
      title: TRACKING_TEXT.commandData,
      key: 'data',
      render: (_: unknown, c: GeoCommand) =>
        typeof c.attributes.data === 'string' ? <Typography.Text code>{c.attributes.data}</Typography.Text> : '—',
    },
    {
      title: TRACKING_TEXT.hardware,
      key: 'make',
      sortField: 'make',
      render: (_: unknown, c: GeoCommand) => [c.make, c.hardwareModel].filter(Boolean).join(' ') || TRACKING_TEXT.anyHardware,
    },
    { title: TRACKING_TEXT.tenant, dataIndex: 'tenantName', sortField: 'tenantName', optional: true },
    {
      title: MESSAGES.rowActions,
      key: 'actions',
      actions: true,
      render: (_: unknown, c: GeoCommand) => (
        <Flex gap={4} wrap={false}>
          {actions.canSend && (
            <Button
              size="small"
              type="text"
              icon={<SendOutlined />}
              aria-label={userActionLabel(TRACKING_TEXT.send, c.description)}
              title={userActionLabel(TRACKING_TEXT.send, c.description)}
              onClick={() => actions.onSend(c)}
            />
          )}
          {actions.canEdit && (
            <>
              <EditRowButton name={c.description} onClick={() => actions.onEdit(c)} />
              <DeleteRowButton name={c.description} onClick={() => actions.onDelete(c)} />
            </>
          )}
        </Flex>
      ),
    },
  ];
}
