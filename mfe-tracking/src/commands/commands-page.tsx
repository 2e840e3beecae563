/**
 * Commands (/tracking/commands): what was sent to the devices and where each stands (queued, sent,
 * answered, failed; who sent it), and the saved commands. Sending opens a drawer; the commands just
 * sent are followed until they settle, and their answer or failure is told as it comes. The device,
 * state and tab live in the address, so a device's page can link to its commands.
 */
import { useState } from 'react';
import { Button, Select, Tabs } from 'antd';
import { PlusOutlined, SendOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { geoCommands } from '@meridian/shared/contract/areas/tracking';
import { COMMAND_STATUSES, type CommandStatus, type GeoCommand, type SentCommand } from '@meridian/shared/contract/geo-command';
import { api } from '@meridian/shared/http/api';
import { MESSAGES } from '@meridian/shared/messages';
import { useCan } from '@meridian/shared/session/use-can';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable } from '@meridian/shared/ui/paged-table';
import { useConfirmedAction } from '@meridian/shared/ui/use-confirmed-action';
import { TRACKING_API } from '../parts/tracking-api';
import { TrackingNotifications } from '../parts/tracking-notifications';
import { deleteCommandQuestion, TRACKING_TEXT } from '../parts/tracking-text';
import { useDeviceChoices } from '../parts/use-device-choices';
import { savedCommandColumns } from './saved-command-columns';
import { SavedCommandDrawer } from './saved-command-drawer';
import { SendCommandDrawer, type SendPreset } from './send-command-drawer';
import { COMMAND_STATUS_NAMES, sentCommandColumns } from './sent-command-columns';
import { useCommandProgress } from './use-command-progress';

type Tab = 'sent' | 'saved';
const SENT_SORT = { field: 'dateCreated', order: 'DESC' } as const;
const SAVED_SORT = { field: 'description', order: 'ASC' } as const;
const STATUS_CHOICES = [
  { value: '', label: TRACKING_TEXT.allCommandStatuses },
  ...COMMAND_STATUSES.map((status) => ({ value: status, label: COMMAND_STATUS_NAMES[status] })),
];

export default function CommandsPage() {
  const format = useTenantFormat();
  const canSend = useCan(geoCommands, 'send');
  const canEdit = useCan(geoCommands, 'edit');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'saved' ? 'saved' : 'sent';
  const deviceId = params.get('device') || undefined;
  const status = (COMMAND_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as CommandStatus)
    : undefined;
  const { devices, choices } = useDeviceChoices();
  const [sending, setSending] = useState<SendPreset | undefined>(undefined);
  const [editing, setEditing] = useState<GeoCommand | null | undefined>(undefined);
  const [changes, setChanges] = useState(0);
  const { confirmAction, reloadToken } = useConfirmedAction();
  const progress = useCommandProgress(() => setChanges((n) => n + 1));

  const change = (key: string, value: string | undefined) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (value) changed.set(key, value);
        else changed.delete(key);
        return changed;
      },
      { replace: true },
    );

  const confirmDelete = (command: GeoCommand) =>
    confirmAction({
      question: deleteCommandQuestion(command.description),
      detail: TRACKING_TEXT.deleteCommandDetail,
      okText: MESSAGES.deleteAction,
      call: () => api.delete(TRACKING_API.command(command.id)),
      done: TRACKING_TEXT.commandDeleted,
    });

  const sentTable = (
    <PagedTable<SentCommand>
      url={TRACKING_API.sentCommands}
      filters={{ deviceId, status }}
      columns={sentCommandColumns(format)}
      rowKey={(c) => c.id}
      label={TRACKING_TEXT.sentCommands}
      emptyText={TRACKING_TEXT.noSentCommands}
      searchPlaceholder={TRACKING_TEXT.searchSentCommands}
      defaultSort={SENT_SORT}
      reloadToken={changes}
      stateKey="sent"
      tableId="tracking-sent-commands"
      toolbar={
        <>
          <Select
            aria-label={TRACKING_TEXT.filterByDevice}
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            placeholder={TRACKING_TEXT.allDevices}
            value={deviceId}
            options={choices}
            loading={devices.status === 'loading'}
            onChange={(value: string | undefined) => change('device', value)}
            style={{ minWidth: 200 }}
          />
          <Select
            aria-label={TRACKING_TEXT.filterByCommandStatus}
            value={status ?? ''}
            options={STATUS_CHOICES}
            onChange={(value: string) => change('status', value || undefined)}
            style={{ minWidth: 140 }}
          />
        </>
      }
    />
  );

  const savedTable = (
    <PagedTable<GeoCommand>
      url={TRACKING_API.commands}
      columns={savedCommandColumns({
        canEdit,
        canSend,
        onEdit: setEditing,
        onDelete: confirmDelete,
        onSend: (command) => setSending({ commandId: command.id, deviceId }),
      })}
      rowKey={(c) => c.id}
      label={TRACKING_TEXT.savedCommands}
      emptyText={TRACKING_TEXT.noSavedCommands}
      searchPlaceholder={TRACKING_TEXT.searchSavedCommands}
      defaultSort={SAVED_SORT}
      reloadToken={reloadToken + changes}
      stateKey="saved"
      tableId="tracking-saved-commands"
    />
  );

  return (
    <PageFrame
      title={TRACKING_TEXT.commands}
      actions={
        <>
          {canEdit && tab === 'saved' && (
            <Button icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {TRACKING_TEXT.newSavedCommand}
            </Button>
          )}
          {canSend && (
            <Button type="primary" icon={<SendOutlined />} onClick={() => setSending({ deviceId })}>
              {TRACKING_TEXT.sendCommand}
            </Button>
          )}
        </>
      }
    >
      <TrackingNotifications />
      <Tabs
        activeKey={tab}
        onChange={(key) => change('tab', key === 'saved' ? 'saved' : undefined)}
        items={[
          { key: 'sent', label: TRACKING_TEXT.sentCommands, children: sentTable },
          { key: 'saved', label: TRACKING_TEXT.savedCommands, children: savedTable },
        ]}
      />
      <SendCommandDrawer
        preset={sending}
        onClose={() => setSending(undefined)}
        onSent={(command) => {
          setSending(undefined);
          change('tab', undefined);
          setChanges((n) => n + 1);
          progress.follow(command);
        }}
      />
      <SavedCommandDrawer
        command={editing}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          setChanges((n) => n + 1);
        }}
      />
    </PageFrame>
  );
}
