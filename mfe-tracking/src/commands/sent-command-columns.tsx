/** How sent commands are written: when, device (to the map), the command and its text, its state, the answer, who sent it. */
import { Tag, Tooltip, Typography } from 'antd';
import type { CommandStatus, SentCommand } from '@meridian/shared/contract/geo-command';
import type { TenantFormatters } from '@meridian/shared/session/tenant-settings';
import type { PagedColumn } from '@meridian/shared/ui/paged-table';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { deviceOnMapPath } from '../parts/tracking-paths';
import { mapOfLabel, TRACKING_TEXT } from '../parts/tracking-text';

export const COMMAND_STATUS_NAMES: Record<CommandStatus, string> = {
  queued: TRACKING_TEXT.queued,
  sent: TRACKING_TEXT.sent,
  answered: TRACKING_TEXT.answered,
  failed: TRACKING_TEXT.failed,
};
const STATUS_COLOURS: Record<CommandStatus, string> = { queued: 'default', sent: 'processing', answered: 'success', failed: 'error' };

export function CommandStatusTag({ command }: { command: Pick<SentCommand, 'status' | 'failure'> }) {
  const tag = <Tag color={STATUS_COLOURS[command.status]}>{COMMAND_STATUS_NAMES[command.status]}</Tag>;
  return command.failure ? <Tooltip title={command.failure}>{tag}</Tooltip> : tag;
}

const commandTextOf = (c: SentCommand) => (typeof c.attributes.data === 'string' ? c.attributes.data : null);

export function sentCommandColumns(format: TenantFormatters): PagedColumn<SentCommand>[] {
  return [
    {
      title: TRACKING_TEXT.time,
      dataIndex: 'dateCreated',
      sortField: 'dateCreated',
      render: (iso: string) => <time dateTime={iso}>{format.moment(iso)}</time>,
    },
    {
      title: TRACKING_TEXT.device,
      key: 'deviceName',
      sortField: 'deviceName',
      render: (_: unknown, c: SentCommand) => (
        <LinkButton to={deviceOnMapPath(c.deviceId)} type="link" size="small" aria-label={mapOfLabel(c.deviceName)}>
          {c.deviceName}
        </LinkButton>
      ),
    },
    {
      title: TRACKING_TEXT.command,
      key: 'commandType',
      sortField: 'commandType',
      render: (_: unknown, c: SentCommand) => (
        <span>
          {c.commandType}
          {commandTextOf(c) && (
            <>
              {' '}
              <Typography.Text code>{commandTextOf(c)}</Typography.Text>
            </>
          )}
        </span>
      ),
    },
    { title: TRACKING_TEXT.commandStatus, key: 'status', render: (_: unknown, c: SentCommand) => <CommandStatusTag command={c} /> },
    {
      title: TRACKING_TEXT.answer,
      key: 'answer',
      render: (_: unknown, c: SentCommand) =>
        c.result ? (
          <Typography.Text code>{c.result}</Typography.Text>
        ) : c.failure ? (
          <Typography.Text type="danger">{c.failure}</Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      title: TRACKING_TEXT.sentAt,
      dataIndex: 'sentAt',
      sortField: 'sentAt',
      optional: true,
      render: (iso: string | null) => (iso ? format.moment(iso) : '—'),
    },
    {
      title: TRACKING_TEXT.sentBy,
      key: 'sentBy',
      optional: true,
      render: (_: unknown, c: SentCommand) => c.sentBy?.name ?? TRACKING_TEXT.byEventAction,
    },
  ];
}
